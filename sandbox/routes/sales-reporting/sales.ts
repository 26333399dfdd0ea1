/** Sales reports computed from invoices and subscriptions, retention events and sales people. */
import { day } from '../../domain/billing/dates.js';
import { notFound, page, pathId } from '../../kit/input.js';
import { retentions, salesInfo } from '../../domain/billing/retentions.js';
import { headlines, periodOf, type PeriodInput, salesBy, salesTotals } from '../../domain/billing/sales-reports.js';
import { HttpError, type HandlerContext, type PartialHandlerMap } from '../../kit/handler.js';
import { reply } from '../../kit/reply.js';
import { all, one, oneValue, run } from '../../kit/sql.js';
import { findRow } from '../../kit/reach.js';


const periodFor = (ctx: { readonly input: PeriodInput; readonly now: () => Date }): ReturnType<typeof periodOf> => periodOf(ctx.input, day(ctx.now()));

/** A sales person, or 404. */
function findSalesPerson(ctx: HandlerContext, id: number): Record<string, unknown> {
  return findRow<Record<string, unknown>>(ctx.db, 'Sales person', 'SELECT * FROM sales_people WHERE id = ?', id);
}

function checkPerson(ctx: HandlerContext, id: number | null | undefined): void {
  if (id !== null && id !== undefined && one(ctx.db, 'SELECT 1 FROM sales_people WHERE id = ?', id) === undefined) {
    throw new HttpError(422, 'Invalid data', `sales_person_id: no sales person ${id}`, { errors: [{ path: 'sales_person_id', message: 'unknown sales person' }] });
  }
}

export const salesHandlers = {
  'GET salestotals': (ctx) => reply(ctx, 'totals', salesTotals(ctx.db, periodFor(ctx), day(ctx.now()))),
  'GET salesinfo': (ctx) => reply(ctx, 'info', salesInfo(ctx.db, periodFor(ctx))),
  'GET sales/reports/headlines': (ctx) => reply(ctx, 'headlines', headlines(ctx.db, periodFor(ctx))),
  'GET retentions': (ctx) => reply(ctx, 'retentions', retentions(ctx.db, periodFor(ctx), day(ctx.now()))),
  'GET salesByType': (ctx) =>
    reply(ctx, 'sales', salesBy(ctx.db, periodFor(ctx), "COALESCE(s.kind, i.kind) || ':' || COALESCE(p.code, '-')", "COALESCE(s.kind, i.kind) || ' ' || COALESCE(p.name, '')", 'LEFT JOIN subscriptions s ON s.id = i.subscription_id LEFT JOIN products p ON p.id = s.product_id')),
  'GET salesByPerson': (ctx) => reply(ctx, 'sales', salesBy(ctx.db, periodFor(ctx), 'i.source_person_id', 'sp.name', 'LEFT JOIN sales_people sp ON sp.id = i.source_person_id')),
  'GET salesByDept': (ctx) => reply(ctx, 'sales', salesBy(ctx.db, periodFor(ctx), 'i.source_dept', 'i.source_dept')),
  'GET retentions/events': (ctx) => {
    const filter = ctx.input;
    const { skip, take } = page(ctx);
    const where = '(@status IS NULL OR e.status = @status) AND (@type IS NULL OR e.type = @type) AND (@person IS NULL OR e.sales_person_id = @person)';
    const args = { status: filter.status ?? null, type: filter.type ?? null, person: filter.sales_person_id ?? null };
    const total = oneValue<number>(ctx.db, `SELECT COUNT(*) FROM retention_events e WHERE ${where}`, args) as number;
    const rows = all(ctx.db, `SELECT e.*, s.name AS school_name FROM retention_events e JOIN schools s ON s.id = e.school_id WHERE ${where} ORDER BY e.due_at, e.id LIMIT @take OFFSET @skip`, { ...args, take, skip });
    return reply(ctx, 'events', rows, { total });
  },
  'PATCH retentions/events/{id}': (ctx) => {
    const id = pathId(ctx, 'Retention event');
    if (one(ctx.db, 'SELECT 1 FROM retention_events WHERE id = ?', id) === undefined) throw notFound('Retention event', id);
    const body = ctx.input;
    checkPerson(ctx, body.sales_person_id);
    run(ctx.db, 'UPDATE retention_events SET status = COALESCE(?, status), note = COALESCE(?, note), sales_person_id = CASE WHEN ? THEN ? ELSE sales_person_id END, updated_at = ? WHERE id = ?', body.status ?? null, body.note ?? null, body.sales_person_id !== undefined ? 1 : 0, body.sales_person_id ?? null, ctx.now().toISOString(), id);
    return reply(ctx, 'event', one(ctx.db, 'SELECT * FROM retention_events WHERE id = ?', id));
  },
  'GET superuser/salespeople': (ctx) => {
    const rows = all(ctx.db, "SELECT sp.*, (SELECT COUNT(*) FROM invoices i WHERE i.source_person_id = sp.id AND i.state NOT IN ('void', 'uncollectable')) AS invoices FROM sales_people sp ORDER BY sp.id");
    return reply(ctx, 'salespeople', rows, { total: rows.length });
  },
  'POST superuser/salespeople': (ctx) => {
    const body = ctx.input;
    const stamp = ctx.now().toISOString();
    const { lastInsertRowid } = run(ctx.db, 'INSERT INTO sales_people (name, is_active, created_at, updated_at) VALUES (?, ?, ?, ?)', body.name, body.is_active ?? 1, stamp, stamp);
    return reply(ctx, 'salesperson', findSalesPerson(ctx, Number(lastInsertRowid)), {}, 201);
  },
  'PATCH superuser/salespeople/{id}': (ctx) => {
    const id = pathId(ctx, 'Sales person');
    findSalesPerson(ctx, id);
    const body = ctx.input;
    run(ctx.db, 'UPDATE sales_people SET name = COALESCE(?, name), is_active = COALESCE(?, is_active), updated_at = ? WHERE id = ?', body.name ?? null, body.is_active ?? null, ctx.now().toISOString(), id);
    return reply(ctx, 'salesperson', findSalesPerson(ctx, id));
  },
  'DELETE superuser/salespeople/{id}': (ctx) => {
    const id = pathId(ctx, 'Sales person');
    findSalesPerson(ctx, id);
    const used = oneValue<number>(ctx.db, 'SELECT (SELECT COUNT(*) FROM invoices WHERE source_person_id = ?) + (SELECT COUNT(*) FROM store_purchases WHERE source_person_id = ?)', id, id) as number;
    if (used > 0) throw new HttpError(409, 'Conflict', `Sales person ${id} is the source of ${used} sales; set is_active 0 instead of deleting`);
    run(ctx.db, 'UPDATE retention_events SET sales_person_id = NULL WHERE sales_person_id = ?', id);
    run(ctx.db, 'DELETE FROM sales_people WHERE id = ?', id);
    return reply(ctx, 'deleted', true, { id });
  },
} satisfies PartialHandlerMap;
