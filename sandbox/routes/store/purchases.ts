/** Store purchases: create (draft, invoice order, card), read, edit a draft, and every lifecycle step. */
import { callerSchoolId, isStaff } from '../../kit/reach.js';
import { page, pathId } from '../../kit/input.js';
import { findSchool } from '../../domain/schools/find.js';
import { assertSalesPerson } from '../../domain/billing/sales-people.js';
import { editDraft, listPurchases } from '../../domain/store/purchase-edits.js';
import {
  advance,
  finalise,
  purchaseLifecycle,
  type PurchaseAction,
  removePurchase,
  updatePurchase,
  voidPurchase,
} from '../../domain/store/lifecycle.js';
import { linesOf, type PurchaseRow, serializePurchase, visiblePurchase } from '../../domain/store/purchases.js';
import { createPurchase } from '../../domain/store/orders.js';
import {
  type HandlerContext,
  type HandlerResult,
  type PartialHandlerMap,
  type RouteHandler,
} from '../../kit/handler.js';
import { reply } from '../../kit/reply.js';

const purchaseOf = (ctx: HandlerContext): PurchaseRow => visiblePurchase(ctx, pathId(ctx, 'Purchase'));
const answer = (ctx: HandlerContext, row: PurchaseRow, extra: Readonly<Record<string, unknown>> = {}): HandlerResult =>
  reply(ctx, 'purchase', serializePurchase(ctx.db, row), extra);

/** Repeating a step on a purchase already in the state it leads to changes nothing. */
function already(purchase: PurchaseRow, action: PurchaseAction): boolean {
  return purchaseLifecycle.rules[action].to === purchase.state;
}

function create(
  origin: PurchaseRow['origin'],
): RouteHandler<'POST store/purchases' | 'POST store/purchases/draft' | 'POST store/purchases/invoice'> {
  return (ctx) => {
    const body = { ...ctx.input, items: linesOf(ctx.input.items) };
    const schoolId = isStaff(ctx.user) && body.school_id !== undefined ? body.school_id : callerSchoolId(ctx);
    findSchool(ctx.db, schoolId);
    const purchase = createPurchase(ctx.db, { schoolId, userId: ctx.user?.id ?? null, origin, input: body }, ctx.now());
    return reply(ctx, 'purchase', serializePurchase(ctx.db, purchase), {}, 201);
  };
}

function step<
  R extends
    'PATCH store/purchases/{id}/promised' | 'PATCH store/purchases/{id}/paid' | 'PATCH store/purchases/{id}/shipped',
>(
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
    const { rows, total } = listPurchases(ctx.db, { school, state: filter.state ?? null }, { skip, take });
    return reply(
      ctx,
      'purchases',
      rows.map((r) => serializePurchase(ctx.db, r)),
      { total },
    );
  },
  'GET store/purchases/{id}': (ctx) => answer(ctx, purchaseOf(ctx)),
  'POST store/purchases': create('card'),
  'POST store/purchases/draft': create('draft'),
  'POST store/purchases/invoice': create('invoice'),
  'PATCH store/purchases/{id}': (ctx) => {
    const purchase = purchaseOf(ctx);
    return answer(ctx, editDraft(ctx.db, purchase, { ...ctx.input, items: linesOf(ctx.input.items) }, ctx.now()));
  },
  'PATCH store/purchases/{id}/shipping': (ctx) => {
    const purchase = purchaseOf(ctx);
    const { shipping } = ctx.input;
    purchaseLifecycle.check('shipping', purchase.id, purchase.state);
    return answer(
      ctx,
      updatePurchase(ctx.db, purchase.id, { shipping, total: purchase.subtotal + shipping }, ctx.now()),
    );
  },
  'PATCH store/purchases/{id}/finalised': (ctx) => {
    const purchase = purchaseOf(ctx);
    if (already(purchase, 'finalise')) return answer(ctx, purchase, { changed: false });
    return answer(ctx, finalise(ctx.db, purchase, ctx.now()), { changed: true });
  },
  'PATCH store/purchases/{id}/promised': step<'PATCH store/purchases/{id}/promised'>('promise', (ctx) => ({
    promised_reference: ctx.input.reference ?? null,
  })),
  'PATCH store/purchases/{id}/paid': step<'PATCH store/purchases/{id}/paid'>('markPaid', (ctx) => ({
    payment_method: ctx.input.method ?? 'bacs',
  })),
  'PATCH store/purchases/{id}/shipped': step<'PATCH store/purchases/{id}/shipped'>('ship', (ctx) => ({
    tracking: ctx.input.tracking ?? null,
  })),
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
    assertSalesPerson(ctx.db, source_person_id);
    return answer(ctx, updatePurchase(ctx.db, purchase.id, { source_person_id }, ctx.now()));
  },
  'PATCH store/purchases/{id}/source_dept': (ctx) => {
    const purchase = purchaseOf(ctx);
    const { source_dept } = ctx.input;
    return answer(
      ctx,
      updatePurchase(ctx.db, purchase.id, { source_dept: source_dept === '' ? null : source_dept }, ctx.now()),
    );
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
    return answer(
      ctx,
      updatePurchase(ctx.db, purchase.id, { accounting_id: `${ctx.params.accounting}:${purchase.number}` }, ctx.now()),
      { changed: true },
    );
  },
} satisfies PartialHandlerMap;
