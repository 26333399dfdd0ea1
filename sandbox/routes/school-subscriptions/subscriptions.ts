/** The school's own subscriptions (users/me/school/subscriptions...): list, buy, freemium and free, cost, upgrade, convert, cancel, invoices. */
import { callerSchoolId, schoolParam } from '../../kit/reach.js';
import { day } from '../../domain/billing/dates.js';
import { grant } from '../../domain/subscriptions/grants.js';
import { serializeInvoice } from '../../domain/invoices/invoices.js';
import { serializeSubscription } from '../../domain/subscriptions/subscriptions.js';
import {
  freePlanFor,
  productIdByCode,
  schoolSubscriptions,
  subscriptionInvoiceRows,
} from '../../domain/subscriptions/school-subscriptions.js';
import { convertToCard, quoteUpgrade, upgrade } from '../../domain/subscriptions/upgrades.js';
import { type Handler, type PartialHandlerMap } from '../../kit/handler.js';
import { reply } from '../../kit/reply.js';
import { page } from '../../kit/input.js';
import { planFor, quote } from '../../domain/pricing/quotes.js';
import { answerSub, cancelAtExpiryHandler, subscriptionOf, undoCancelHandler } from '../../kit/subscription-answers.js';

const created = (ctx: Parameters<Handler>[0], granted: ReturnType<typeof grant>): ReturnType<Handler> =>
  reply(
    ctx,
    'subscription',
    serializeSubscription(ctx.db, granted.subscription),
    {
      invoice: granted.invoice && serializeInvoice(granted.invoice),
      ...(granted.actionSecret ? { action_secret: granted.actionSecret } : {}),
    },
    201,
  );

export const schoolSubscriptionHandlers = {
  'GET users/me/school/subscriptions': (ctx) => {
    const { rows, total } = schoolSubscriptions(ctx.db, callerSchoolId(ctx), page(ctx), ctx.now());
    return reply(
      ctx,
      'subscriptions',
      rows.map((r) => serializeSubscription(ctx.db, r)),
      { total },
    );
  },
  'POST users/me/school/subscriptions': (ctx) => {
    const schoolId = callerSchoolId(ctx);
    const body = ctx.input;
    const plan = planFor(ctx.db, schoolId, body);
    return created(ctx, grant(ctx.db, schoolId, 'full', { ...body, plan_id: plan.id }, ctx.now()));
  },
  'POST users/me/school/subscriptions/freemium': (ctx) => {
    const schoolId = callerSchoolId(ctx);
    return created(
      ctx,
      grant(
        ctx.db,
        schoolId,
        'freemium',
        { product_id: ctx.input.product_id ?? productIdByCode(ctx.db, 'spelling') },
        ctx.now(),
      ),
    );
  },
  'POST users/me/school/subscriptions/free': (ctx) => {
    const schoolId = callerSchoolId(ctx);
    const body = ctx.input;
    const plan = freePlanFor(ctx.db, schoolId, body);
    return created(ctx, grant(ctx.db, schoolId, 'free', { ...body, plan_id: plan.id }, ctx.now()));
  },
  'GET users/me/school/subscriptions/{id}': (ctx) => answerSub(ctx, subscriptionOf(ctx)),
  'GET users/me/school/subscriptions/cost': (ctx) =>
    reply(ctx, 'cost', quote(ctx.db, callerSchoolId(ctx), ctx.input, day(ctx.now()))),
  'GET users/me/school/subscriptions/{id}/upgrade/cost': (ctx) => {
    const sub = subscriptionOf(ctx);
    const q = quoteUpgrade(ctx.db, sub, ctx.input, day(ctx.now()));
    return reply(ctx, 'cost', {
      plan_id: q.plan.id,
      plan: q.plan.name,
      seats: q.seats,
      teacher_seats: q.teacher_seats,
      currency: q.currency,
      amount: q.amount,
    });
  },
  'POST users/me/school/subscriptions/{id}/upgrade': (ctx) => {
    const { subscription, invoice } = upgrade(ctx.db, subscriptionOf(ctx), ctx.input, ctx.now());
    return answerSub(ctx, subscription, { invoice: invoice && serializeInvoice(invoice) });
  },
  'POST users/me/school/subscriptions/{id}/convert': (ctx) =>
    answerSub(ctx, convertToCard(ctx.db, subscriptionOf(ctx), ctx.now())),
  'GET users/me/school/subscriptions/{id}/invoices': (ctx) => {
    const rows = subscriptionInvoiceRows(ctx.db, subscriptionOf(ctx).id);
    return reply(ctx, 'invoices', rows.map(serializeInvoice), { total: rows.length });
  },
  'POST users/me/school/subscriptions/{id}/cancel': cancelAtExpiryHandler,
  'DELETE users/me/school/subscriptions/{id}/cancel': undoCancelHandler,
  'GET schools/{id}/subscriptions/cost': (ctx) => {
    return reply(ctx, 'cost', quote(ctx.db, schoolParam(ctx), ctx.input, day(ctx.now())));
  },
} satisfies PartialHandlerMap;
