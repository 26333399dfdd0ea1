/** Store purchases: create (draft, invoice order, card), read, edit a draft, and every lifecycle step. */
import { callerSchoolId, isStaff } from '../../kit/reach.js';
import { notFound, page, pathId } from '../../kit/input.js';
import { advance, finalise, purchaseLifecycle, type PurchaseAction, removePurchase, updatePurchase, voidPurchase } from '../../domain/store/lifecycle.js';
import { getPurchase, linesOf, locationFor, type PurchaseRow, serializePurchase, setLines, visiblePurchase } from '../../domain/store/purchases.js';
import { createPurchase } from '../../domain/store/orders.js';
import { HttpError, type HandlerContext, type HandlerResult, type PartialHandlerMap, type RouteHandler } from '../../kit/handler.js';
import { reply } from '../../kit/reply.js';
import { all, one, oneValue } from '../../kit/sql.js';
import type { Row } from '../../db/rows.js';

const purchaseOf = (ctx: HandlerContext): PurchaseRow => visiblePurchase(ctx, pathId(ctx, 'Purchase'));
const answer = (ctx: HandlerContext, row: PurchaseRow, extra: Readonly<Record<string, unknown>> = {}): HandlerResult =>
  reply(ctx, 'purchase', serializePurchase(ctx.db, row), extra);

/** Repeating a step on a purchase already in the state it leads to changes nothing. */
function already(purchase: PurchaseRow, action: PurchaseAction): boolean {
  return purchaseLifecycle.rules[action].to === purchase.state;
}

function create(origin: PurchaseRow['origin']): RouteHandler<'POST store/purchases' | 'POST store/purchases/draft' | 'POST store/purchases/invoice'> {
  return (ctx) => {
    const body = { ...ctx.input, items: linesOf(ctx.input.items) };
    const schoolId = isStaff(ctx.user) && body.school_id !== undefined ? body.school_id : callerSchoolId(ctx);
    if (one(ctx.db, 'SELECT 1 FROM schools WHERE id = ? AND deleted_at IS NULL', schoolId) === undefined) throw notFound('School', schoolId);
    const purchase = createPurchase(ctx.db, { schoolId, userId: ctx.user?.id ?? null, origin, input: body }, ctx.now());
    return reply(ctx, 'purchase', serializePurchase(ctx.db, purchase), {}, 201);
  };
}

function step<R extends 'PATCH store/purchases/{id}/promised' | 'PATCH store/purchases/{id}/paid' | 'PATCH store/purchases/{id}/shipped'>(
  action: 'promise' | 'markPaid' | 'ship',
  extraOf: (ctx: Parameters<RouteHandler<R>>[0]) => Readonly<Partial<PurchaseRow>>,
): RouteHandler<R> {
  return (ctx) => {
    const purchase = purchaseOf(ctx);
    if (already(purchase, action)) return answer(ctx, purchase, { changed: false });
    return answer(ctx, advance(ctx.db, purchase, action, extraOf(ctx), ctx.now()), { changed: true });
  };
}

export const storePurchaseHandlers = {
  'GET store/purchases': (ctx) => {
    const filter = ctx.input;
    const { skip, take } = page(ctx);
    const school = isStaff(ctx.user) ? (filter.school_id ?? null) : callerSchoolId(ctx);
    const where = '(@school IS NULL OR school_id = @school) AND (@state IS NULL OR state = @state)';
    const args = { school, state: filter.state ?? null };
    const total = oneValue<number>(ctx.db, `SELECT COUNT(*) FROM store_purchases WHERE ${where}`, args) as number;
    const rows = all<PurchaseRow>(ctx.db, `SELECT * FROM store_purchases WHERE ${where} ORDER BY id DESC LIMIT @take OFFSET @skip`, { ...args, take, skip });
    return reply(ctx, 'purchases', rows.map((r) => serializePurchase(ctx.db, r)), { total });
  },
  'GET store/purchases/{id}': (ctx) => answer(ctx, purchaseOf(ctx)),
  'POST store/purchases': create('card'),
  'POST store/purchases/draft': create('draft'),
  'POST store/purchases/invoice': create('invoice'),
  'PATCH store/purchases/{id}': (ctx) => {
    const purchase = purchaseOf(ctx);
    const body = { ...ctx.input, items: linesOf(ctx.input.items) };
    purchaseLifecycle.check('edit', purchase.id, purchase.state);
    let current = purchase;
    if (body.location_id !== undefined && body.location_id !== purchase.location_id) {
      const location = locationFor(ctx.db, purchase.school_id, body.location_id);
      current = updatePurchase(ctx.db, purchase.id, { location_id: location.id, currency: location.currency, shipping: null }, ctx.now());
    }
    if (body.po_number !== undefined || body.skip_email !== undefined) {
      current = updatePurchase(ctx.db, purchase.id, { po_number: body.po_number ?? current.po_number, skip_email: body.skip_email ?? current.skip_email }, ctx.now());
    }
    const lines = body.items ?? all<Pick<Row<'store_purchase_lines'>, 'item_id' | 'quantity'>>(ctx.db, 'SELECT item_id, quantity FROM store_purchase_lines WHERE purchase_id = ?', purchase.id);
    setLines(ctx.db, current, lines, ctx.now());
    return answer(ctx, getPurchase(ctx.db, purchase.id) as PurchaseRow);
  },
  'PATCH store/purchases/{id}/shipping': (ctx) => {
    const purchase = purchaseOf(ctx);
    const { shipping } = ctx.input;
    purchaseLifecycle.check('shipping', purchase.id, purchase.state);
    return answer(ctx, updatePurchase(ctx.db, purchase.id, { shipping, total: purchase.subtotal + shipping }, ctx.now()));
  },
  'PATCH store/purchases/{id}/finalised': (ctx) => {
    const purchase = purchaseOf(ctx);
    if (already(purchase, 'finalise')) return answer(ctx, purchase, { changed: false });
    return answer(ctx, finalise(ctx.db, purchase, ctx.now()), { changed: true });
  },
  'PATCH store/purchases/{id}/promised': step<'PATCH store/purchases/{id}/promised'>('promise', (ctx) => ({ promised_reference: ctx.input.reference ?? null })),
  'PATCH store/purchases/{id}/paid': step<'PATCH store/purchases/{id}/paid'>('markPaid', (ctx) => ({ payment_method: ctx.input.method ?? 'bacs' })),
  'PATCH store/purchases/{id}/shipped': step<'PATCH store/purchases/{id}/shipped'>('ship', (ctx) => ({ tracking: ctx.input.tracking ?? null })),
  'PATCH store/purchases/{id}/void': (ctx) => {
    const purchase = purchaseOf(ctx);
    if (purchase.state === 'void') return answer(ctx, purchase, { changed: false });
    return answer(ctx, voidPurchase(ctx.db, purchase, ctx.now()), { changed: true });
  },
  'PATCH store/purchases/{id}/po_number': (ctx) => {
    const purchase = purchaseOf(ctx);
    const { po_number } = ctx.input;
    purchaseLifecycle.check('poNumber', purchase.id, purchase.state);
    return answer(ctx, updatePurchase(ctx.db, purchase.id, { po_number }, ctx.now()));
  },
  'DELETE store/purchases/{id}/po_number': (ctx) => {
    const purchase = purchaseOf(ctx);
    purchaseLifecycle.check('poNumber', purchase.id, purchase.state);
    return answer(ctx, updatePurchase(ctx.db, purchase.id, { po_number: null }, ctx.now()));
  },
  'PATCH store/purchases/{id}/source_person': (ctx) => {
    const purchase = purchaseOf(ctx);
    const { source_person_id } = ctx.input;
    if (source_person_id !== null && one(ctx.db, 'SELECT 1 FROM sales_people WHERE id = ?', source_person_id) === undefined) {
      throw new HttpError(422, 'Invalid data', `source_person_id: no sales person ${source_person_id}`, { errors: [{ path: 'source_person_id', message: 'unknown sales person' }] });
    }
    return answer(ctx, updatePurchase(ctx.db, purchase.id, { source_person_id }, ctx.now()));
  },
  'PATCH store/purchases/{id}/source_dept': (ctx) => {
    const purchase = purchaseOf(ctx);
    const { source_dept } = ctx.input;
    return answer(ctx, updatePurchase(ctx.db, purchase.id, { source_dept: source_dept === '' ? null : source_dept }, ctx.now()));
  },
  'DELETE store/purchases/{id}': (ctx) => {
    const purchase = purchaseOf(ctx);
    removePurchase(ctx.db, purchase);
    return reply(ctx, 'deleted', true, { id: purchase.id });
  },
  'POST superuser/merch/{id}/{accounting}': (ctx) => {
    const purchase = purchaseOf(ctx);
    if (purchase.accounting_id !== null) return answer(ctx, purchase, { changed: false });
    purchaseLifecycle.check('accounting', purchase.id, purchase.state);
    return answer(ctx, updatePurchase(ctx.db, purchase.id, { accounting_id: `${ctx.params.accounting}:${purchase.number}` }, ctx.now()), { changed: true });
  },
} satisfies PartialHandlerMap;
