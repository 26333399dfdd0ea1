/** Invoice lists and edits under subscriptions/, coupons, billing address and price rise exemption. */
import { callerSchoolId, isStaff } from '../../kit/reach.js';
import { page, pathId } from '../../kit/input.js';
import { serializeInvoice, updateInvoice, visibleInvoice } from '../../domain/invoices/invoices.js';
import { listInvoices, setSourcePerson, sharedInvoice } from '../../domain/invoices/invoice-list.js';
import { findCoupon, listCoupons } from '../../domain/pricing/coupons.js';
import { planMigrations, serializePlanAction } from '../../domain/subscriptions/plan-actions.js';
import { setBillingAddress } from '../../domain/subscriptions/school-subscriptions.js';
import { updateSubscription } from '../../domain/subscriptions/subscriptions.js';
import type { PartialHandlerMap } from '../../kit/handler.js';
import { reply } from '../../kit/reply.js';
import { answerSub, subscriptionOf } from '../../kit/subscription-answers.js';

export const invoiceReadHandlers = {
  'GET subscriptions/invoices': (ctx) => {
    const filter = ctx.input;
    const paging = page(ctx);
    const school = isStaff(ctx.user) ? (filter.school_id ?? null) : callerSchoolId(ctx);
    const { list, total } = listInvoices(
      ctx.db,
      {
        school,
        sub: filter.subscription_id ?? null,
        state: filter.state ?? null,
        currency: filter.currency?.toLowerCase() ?? null,
        number: filter.number ?? null,
        from: filter.from ?? null,
        to: filter.to ?? null,
      },
      paging,
    );
    return reply(ctx, 'invoices', list, { total });
  },
  'GET subscriptions/invoices/{shareableId}': (ctx) =>
    reply(ctx, 'invoice', sharedInvoice(ctx.db, ctx.params.shareableId ?? '')),
  'PATCH subscriptions/invoices/{id}/source_person': (ctx) => {
    const invoice = visibleInvoice(ctx, pathId(ctx, 'Invoice'));
    const body = ctx.input;
    const person = body.source_person_id !== undefined ? body.source_person_id : (body.source_person ?? null);
    return reply(ctx, 'invoice', serializeInvoice(setSourcePerson(ctx.db, invoice, person, ctx.now())));
  },
  'PATCH subscriptions/invoices/{id}/source_dept': (ctx) => {
    const invoice = visibleInvoice(ctx, pathId(ctx, 'Invoice'));
    const body = ctx.input;
    const dept = body.source_dept !== undefined ? body.source_dept : (body.dept ?? null);
    return reply(
      ctx,
      'invoice',
      serializeInvoice(updateInvoice(ctx.db, invoice, { source_dept: dept === '' ? null : dept }, ctx.now())),
    );
  },
  'GET coupons': (ctx) => {
    const rows = listCoupons(ctx.db);
    return reply(ctx, 'coupons', rows, { total: rows.length });
  },
  'GET coupons/{id}': (ctx) =>
    reply(ctx, 'coupon', findCoupon(ctx.db, ctx.params.id ?? '', ctx.now().toISOString().slice(0, 10))),
  'PUT subscriptions/{id}/billing_address': (ctx) =>
    answerSub(ctx, setBillingAddress(ctx.db, subscriptionOf(ctx), ctx.input.billing_address_id, ctx.now())),
  'PUT subscriptions/{id}/price_rise_exemption': (ctx) => {
    const { date } = ctx.input;
    return answerSub(
      ctx,
      updateSubscription(ctx.db, subscriptionOf(ctx).id, { price_rise_exemption: date }, ctx.now()),
    );
  },
  'GET subscriptions/plans/migrations': (ctx) => {
    const rows = planMigrations(ctx.db);
    return reply(ctx, 'migrations', rows.map(serializePlanAction), { total: rows.length });
  },
} satisfies PartialHandlerMap;
