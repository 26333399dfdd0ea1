/** Prepaid subscriptions and upgrades (activated or cancelled with their action secret) and multi-year subscriptions. */
import { callerSchoolId, isStaff } from '../../kit/reach.js';
import { day } from '../../domain/billing/dates.js';
import { grant } from '../../domain/subscriptions/grants.js';
import { serializeInvoice } from '../../domain/invoices/invoices.js';
import { findSchool } from '../../domain/schools/find.js';
import { serializeSubscription } from '../../domain/subscriptions/subscriptions.js';
import { findPrepayment } from '../../domain/subscriptions/school-subscriptions.js';
import {
  activatePrepayment,
  activateUpgrade,
  cancelPrepayment,
  cancelUpgrade,
  upgradeByPrepayment,
} from '../../domain/subscriptions/upgrades.js';
import type { PartialHandlerMap } from '../../kit/handler.js';
import { reply } from '../../kit/reply.js';
import { planFor, quote } from '../../domain/pricing/quotes.js';
import { answerSub, subscriptionOf } from '../../kit/subscription-answers.js';

export const prepaymentHandlers = {
  'POST users/me/school/subscriptions/prepayment': (ctx) => {
    const schoolId = callerSchoolId(ctx);
    const body = ctx.input;
    const granted = grant(
      ctx.db,
      schoolId,
      'prepaid',
      { ...body, plan_id: planFor(ctx.db, schoolId, body).id },
      ctx.now(),
    );
    return reply(
      ctx,
      'subscription',
      serializeSubscription(ctx.db, granted.subscription),
      {
        invoice: granted.invoice && serializeInvoice(granted.invoice),
        action_secret: granted.actionSecret,
      },
      201,
    );
  },
  'POST users/me/school/subscriptions/prepayment/activation': (ctx) => {
    const { action_secret } = ctx.input;
    const sub = findPrepayment(ctx.db, action_secret, isStaff(ctx.user) ? null : callerSchoolId(ctx));
    const { subscription, invoice } = activatePrepayment(ctx.db, sub, action_secret, ctx.now());
    return answerSub(ctx, subscription, { invoice: invoice && serializeInvoice(invoice) });
  },
  'DELETE subscriptions/prepayment/invoices': (ctx) => {
    const { action_secret } = ctx.input;
    const sub = findPrepayment(ctx.db, action_secret, null);
    if (sub.state === 'cancelled') return answerSub(ctx, sub, { changed: false });
    return answerSub(ctx, cancelPrepayment(ctx.db, sub, action_secret, ctx.now()), { changed: true });
  },
  'POST users/me/school/subscriptions/{id}/upgrade/prepayment': (ctx) => {
    const { subscription, invoice, actionSecret } = upgradeByPrepayment(
      ctx.db,
      subscriptionOf(ctx),
      ctx.input,
      ctx.now(),
    );
    return answerSub(ctx, subscription, { invoice: serializeInvoice(invoice), action_secret: actionSecret });
  },
  'POST users/me/school/subscriptions/{id}/upgrade/prepayment/activation': (ctx) => {
    const { action_secret } = ctx.input;
    const { subscription, invoice } = activateUpgrade(ctx.db, subscriptionOf(ctx), action_secret, ctx.now());
    return answerSub(ctx, subscription, { invoice: serializeInvoice(invoice) });
  },
  'DELETE subscriptions/{id}/upgrade/prepayment': (ctx) =>
    answerSub(ctx, cancelUpgrade(ctx.db, subscriptionOf(ctx), ctx.now())),
  'POST subscriptions/schedule/multi-year': (ctx) => {
    const body = ctx.input;
    const schoolId = isStaff(ctx.user) && body.school_id !== undefined ? body.school_id : callerSchoolId(ctx);
    findSchool(ctx.db, schoolId);
    const granted = grant(
      ctx.db,
      schoolId,
      'multi_year',
      { ...body, plan_id: planFor(ctx.db, schoolId, body).id },
      ctx.now(),
    );
    return reply(
      ctx,
      'subscription',
      serializeSubscription(ctx.db, granted.subscription),
      {
        invoice: granted.invoice && serializeInvoice(granted.invoice),
        action_secret: granted.actionSecret,
      },
      201,
    );
  },
  'GET subscriptions/schedule/multi-year/cost': (ctx) =>
    reply(ctx, 'cost', quote(ctx.db, callerSchoolId(ctx), ctx.input, day(ctx.now()), true)),
} satisfies PartialHandlerMap;
