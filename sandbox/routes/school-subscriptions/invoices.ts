/** Invoice lists and edits under subscriptions/, coupons, billing address and price rise exemption. */
import { callerSchoolId, isStaff } from '../../kit/reach.js';
import { notFound, page, pathId } from '../../kit/input.js';
import { serializeInvoice, updateInvoice, visibleInvoice, type InvoiceRow } from '../../domain/invoices/invoices.js';
import { serializePlanAction, type PlanActionRow } from '../../domain/subscriptions/plan-actions.js';
import { updateSubscription } from '../../domain/subscriptions/subscriptions.js';
import { HttpError, type PartialHandlerMap } from '../../kit/handler.js';
import { docList } from '../../db/fast/json-text.js';
import { reply } from '../../kit/reply.js';
import { answerSub, subscriptionOf } from '../../kit/subscription-answers.js';
import { all, one, oneValue } from '../../kit/sql.js';
import type { Row } from '../../db/rows.js';


/** The invoice list's filters: the name bound in SQL and its condition. */
const LIST_FILTERS = [
  ['school', 'school_id = @school'],
  ['sub', 'subscription_id = @sub'],
  ['state', 'state = @state'],
  ['currency', 'currency = @currency'],
  ['number', 'number = @number'],
  ['from', 'issued_at >= @from'],
  ['to', 'issued_at <= @to'],
] as const;

export const invoiceReadHandlers = {
  'GET subscriptions/invoices': (ctx) => {
    const filter = ctx.input;
    const { skip, take } = page(ctx);
    const school = isStaff(ctx.user) ? (filter.school_id ?? null) : callerSchoolId(ctx);
    const args = { school, sub: filter.subscription_id ?? null, state: filter.state ?? null, currency: filter.currency?.toLowerCase() ?? null, number: filter.number ?? null, from: filter.from ?? null, to: filter.to ?? null };
    // Only the filters given go into the SQL: `(@x IS NULL OR col = @x)` would keep SQLite from using an
    // index, and the count from its whole-table fast path, on every page of the list.
    const given = Object.fromEntries(Object.entries(args).filter(([, value]) => value !== null));
    // No WHERE at all without filters: even `WHERE 1` makes SQLite count by scanning.
    const clauses = LIST_FILTERS.filter(([name]) => name in given).map(([, clause]) => clause);
    const where = clauses.length > 0 ? ` WHERE ${clauses.join(' AND ')}` : '';
    const kept = where === '' ? (oneValue<number>(ctx.db, "SELECT count FROM row_counts WHERE name = 'invoices'")) : undefined;
    const total = kept ?? (oneValue<number>(ctx.db, `SELECT COUNT(*) FROM invoices${where}`, given) as number);
    const docs = docList(
      ctx.db,
      `SELECT d.doc AS doc FROM invoices JOIN invoice_docs d ON d.id = invoices.id${where} ORDER BY invoices.id DESC LIMIT CAST(@take AS INTEGER) OFFSET CAST(@skip AS INTEGER)`,
      { ...given, take, skip },
    );
    return reply(ctx, 'invoices', docs.list, { total });
  },
  'GET subscriptions/invoices/{shareableId}': (ctx) => {
    const shareable = ctx.params.shareableId ?? '';
    const row = one<InvoiceRow>(ctx.db, 'SELECT * FROM invoices WHERE shareable_id = ?', shareable);
    if (!row) throw notFound('Invoice', shareable);
    const school = one(ctx.db, 'SELECT id, name, country FROM schools WHERE id = ?', row.school_id);
    const credits = all(ctx.db, 'SELECT kind, amount, currency, reason, created_at FROM invoice_credits WHERE invoice_id = ? ORDER BY id', row.id);
    return reply(ctx, 'invoice', { ...serializeInvoice(row), school, credits });
  },
  'PATCH subscriptions/invoices/{id}/source_person': (ctx) => {
    const invoice = visibleInvoice(ctx, pathId(ctx, 'Invoice'));
    const body = ctx.input;
    const person = body.source_person_id !== undefined ? body.source_person_id : (body.source_person ?? null);
    if (person !== null && one(ctx.db, 'SELECT 1 FROM sales_people WHERE id = ?', person) === undefined) {
      throw new HttpError(422, 'Invalid data', `source_person_id: no sales person ${person}`, { errors: [{ path: 'source_person_id', message: 'unknown sales person' }] });
    }
    return reply(ctx, 'invoice', serializeInvoice(updateInvoice(ctx.db, invoice, { source_person_id: person === null ? null : Number(person) }, ctx.now())));
  },
  'PATCH subscriptions/invoices/{id}/source_dept': (ctx) => {
    const invoice = visibleInvoice(ctx, pathId(ctx, 'Invoice'));
    const body = ctx.input;
    const dept = body.source_dept !== undefined ? body.source_dept : (body.dept ?? null);
    return reply(ctx, 'invoice', serializeInvoice(updateInvoice(ctx.db, invoice, { source_dept: dept === '' ? null : dept }, ctx.now())));
  },
  'GET coupons': (ctx) => {
    const rows = all(ctx.db, 'SELECT * FROM coupons ORDER BY id');
    return reply(ctx, 'coupons', rows, { total: rows.length });
  },
  'GET coupons/{id}': (ctx) => {
    const key = ctx.params.id ?? '';
    const row = one<Row<'coupons'>>(ctx.db, 'SELECT * FROM coupons WHERE id = ? OR code = ? COLLATE NOCASE', /^\d+$/.test(key) ? Number(key) : -1, key);
    if (!row) throw notFound('Coupon', key);
    const today = ctx.now().toISOString().slice(0, 10);
    const usable = (row.valid_until === null || row.valid_until >= today) && (row.max_redemptions === null || row.redemptions < row.max_redemptions);
    return reply(ctx, 'coupon', { ...row, usable });
  },
  'PUT subscriptions/{id}/billing_address': (ctx) => {
    const sub = subscriptionOf(ctx);
    const { billing_address_id } = ctx.input;
    const found = one(ctx.db, 'SELECT 1 FROM addresses WHERE id = ? AND school_id = ? AND deleted_at IS NULL', billing_address_id, sub.school_id);
    if (found === undefined) {
      throw new HttpError(422, 'Invalid data', `billing_address_id: address ${billing_address_id} is not an address of school ${sub.school_id}`, {
        errors: [{ path: 'billing_address_id', message: 'not an address of the school' }],
      });
    }
    return answerSub(ctx, updateSubscription(ctx.db, sub.id, { billing_address_id }, ctx.now()));
  },
  'PUT subscriptions/{id}/price_rise_exemption': (ctx) => {
    const { date } = ctx.input;
    return answerSub(ctx, updateSubscription(ctx.db, subscriptionOf(ctx).id, { price_rise_exemption: date }, ctx.now()));
  },
  'GET subscriptions/plans/migrations': (ctx) => {
    const rows = all<PlanActionRow>(ctx.db, "SELECT * FROM plan_actions WHERE kind = 'migrate' ORDER BY id DESC");
    return reply(ctx, 'migrations', rows.map(serializePlanAction), { total: rows.length });
  },
} satisfies PartialHandlerMap;
