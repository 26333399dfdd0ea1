/** Sales reports computed from invoices and subscriptions, retention events and sales people. */
import { day } from '../../domain/billing/dates.js';
import { page, pathId } from '../../kit/input.js';
import {
  createSalesPerson,
  deleteSalesPerson,
  listSalesPeople,
  updateSalesPerson,
} from '../../domain/billing/sales-people.js';
import { editRetentionEvent, listRetentionEvents } from '../../domain/billing/retention-events.js';
import { retentions, salesInfo } from '../../domain/billing/retentions.js';
import { headlines, periodOf, type PeriodInput, salesBy, salesTotals } from '../../domain/billing/sales-reports.js';
import type { PartialHandlerMap } from '../../kit/handler.js';
import { reply } from '../../kit/reply.js';

const periodFor = (ctx: { readonly input: PeriodInput; readonly now: () => Date }): ReturnType<typeof periodOf> =>
  periodOf(ctx.input, day(ctx.now()));

export const salesHandlers = {
  'GET salestotals': (ctx) => reply(ctx, 'totals', salesTotals(ctx.db, periodFor(ctx), day(ctx.now()))),
  'GET salesinfo': (ctx) => reply(ctx, 'info', salesInfo(ctx.db, periodFor(ctx))),
  'GET sales/reports/headlines': (ctx) => reply(ctx, 'headlines', headlines(ctx.db, periodFor(ctx))),
  'GET retentions': (ctx) => reply(ctx, 'retentions', retentions(ctx.db, periodFor(ctx), day(ctx.now()))),
  'GET salesByType': (ctx) =>
    reply(
      ctx,
      'sales',
      salesBy(
        ctx.db,
        periodFor(ctx),
        "COALESCE(s.kind, i.kind) || ':' || COALESCE(p.code, '-')",
        "COALESCE(s.kind, i.kind) || ' ' || COALESCE(p.name, '')",
        'LEFT JOIN subscriptions s ON s.id = i.subscription_id LEFT JOIN products p ON p.id = s.product_id',
      ),
    ),
  'GET salesByPerson': (ctx) =>
    reply(
      ctx,
      'sales',
      salesBy(
        ctx.db,
        periodFor(ctx),
        'i.source_person_id',
        'sp.name',
        'LEFT JOIN sales_people sp ON sp.id = i.source_person_id',
      ),
    ),
  'GET salesByDept': (ctx) => reply(ctx, 'sales', salesBy(ctx.db, periodFor(ctx), 'i.source_dept', 'i.source_dept')),
  'GET retentions/events': (ctx) => {
    const { rows, total } = listRetentionEvents(ctx.db, ctx.input, page(ctx));
    return reply(ctx, 'events', rows, { total });
  },
  'PATCH retentions/events/{id}': (ctx) =>
    reply(ctx, 'event', editRetentionEvent(ctx.db, pathId(ctx, 'Retention event'), ctx.input, ctx.now())),
  'GET superuser/salespeople': (ctx) => {
    const rows = listSalesPeople(ctx.db);
    return reply(ctx, 'salespeople', rows, { total: rows.length });
  },
  'POST superuser/salespeople': (ctx) =>
    reply(ctx, 'salesperson', createSalesPerson(ctx.db, ctx.input.name, ctx.input.is_active, ctx.now()), {}, 201),
  'PATCH superuser/salespeople/{id}': (ctx) =>
    reply(ctx, 'salesperson', updateSalesPerson(ctx.db, pathId(ctx, 'Sales person'), ctx.input, ctx.now())),
  'DELETE superuser/salespeople/{id}': (ctx) => {
    const id = pathId(ctx, 'Sales person');
    deleteSalesPerson(ctx.db, id);
    return reply(ctx, 'deleted', true, { id });
  },
} satisfies PartialHandlerMap;
