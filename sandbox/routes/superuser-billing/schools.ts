/** Superuser calls on schools and users: subscription grants, future subscriptions, school deletion, roles, cards, scores, sessions, accounting contacts, geocoding. */
import { schoolParam } from '../../kit/reach.js';
import { grant } from '../../domain/subscriptions/grants.js';
import { notFound, page, pathId } from '../../kit/input.js';
import { cardInvoices, serializeInvoice } from '../../domain/invoices/invoices.js';
import { accountingContacts } from '../../domain/billing/accounting-contacts.js';
import { recacheScores, userSession, type ScoreKind } from '../../domain/activity/user-scores.js';
import { deleteSchool } from '../../domain/schools/deletion.js';
import { setStaffRole } from '../../domain/schools/staff-role.js';
import { listPaymentMethods, serializePaymentMethod } from '../../domain/billing/payment-methods.js';
import { remove } from '../../domain/subscriptions/lifecycle.js';
import { serializeSubscription, type SubscriptionKind } from '../../domain/subscriptions/subscriptions.js';
import { type Handler, type HandlerContext, type PartialHandlerMap, type RouteHandler } from '../../kit/handler.js';
import { geocode } from './gazetteer.js';
import { reply } from '../../kit/reply.js';
import { answerSub, subscriptionOf } from '../../kit/subscription-answers.js';

type GrantRoute = `POST schools/{id}/subscription/${'free' | 'backdated' | 'future' | 'full' | 'trial'}`;

const grantHandler =
  (kind: SubscriptionKind): RouteHandler<GrantRoute> =>
  (ctx) => {
    const schoolId = schoolParam(ctx);
    const granted = grant(ctx.db, schoolId, kind, ctx.input, ctx.now());
    return reply(
      ctx,
      'subscription',
      serializeSubscription(ctx.db, granted.subscription),
      { invoice: granted.invoice && serializeInvoice(granted.invoice) },
      201,
    );
  };

function futureOf(ctx: HandlerContext): ReturnType<typeof subscriptionOf> {
  const schoolId = schoolParam(ctx);
  const sub = subscriptionOf(ctx, 'subscriptionId');
  if (sub.school_id !== schoolId) throw notFound('Subscription', sub.id);
  return sub;
}

function recache(kind: ScoreKind): Handler {
  return (ctx) => {
    const userId = pathId(ctx, 'User');
    return reply(ctx, 'scores', recacheScores(ctx.db, userId, kind, ctx.now()), { user_id: userId });
  };
}

export const superuserSchoolHandlers = {
  'POST schools/{id}/subscription/free': grantHandler('free'),
  'POST schools/{id}/subscription/backdated': grantHandler('backdated'),
  'POST schools/{id}/subscription/future': grantHandler('future'),
  'POST schools/{id}/subscription/full': grantHandler('full'),
  'POST schools/{id}/subscription/trial': grantHandler('trial'),
  'GET schools/{id}/subscription/future/{subscriptionId}': (ctx) => {
    const sub = futureOf(ctx);
    if (sub.kind !== 'future') throw notFound('Future subscription', sub.id);
    return answerSub(ctx, sub);
  },
  'DELETE schools/{id}/subscription/future/{subscriptionId}': (ctx) => {
    const sub = futureOf(ctx);
    remove(ctx.db, sub, 'removeFuture', ctx.now());
    return reply(ctx, 'deleted', true, { id: sub.id });
  },
  'POST schools/{id}/deleteschool': (ctx) => {
    const schoolId = schoolParam(ctx);
    deleteSchool(ctx.db, schoolId, ctx.now());
    return reply(ctx, 'deleted', true, { id: schoolId });
  },
  'PATCH schools/{id}/users/{uid}/role': (ctx) => {
    const schoolId = schoolParam(ctx);
    const userId = pathId(ctx, 'User', 'uid');
    setStaffRole(ctx.db, schoolId, userId, ctx.input.role);
    return reply(ctx, 'user', { id: userId, school_id: schoolId, role: ctx.input.role });
  },
  'GET schools/{id}/paymentMethods': (ctx) =>
    reply(ctx, 'paymentMethods', listPaymentMethods(ctx.db, schoolParam(ctx)).map(serializePaymentMethod)),
  'GET school{card_provider}Invoices/{id}': (ctx) => {
    const rows = cardInvoices(ctx.db, schoolParam(ctx));
    return reply(ctx, 'invoices', rows.map(serializeInvoice), { total: rows.length });
  },
  'GET geocode-address': (ctx) => {
    return reply(ctx, 'results', geocode(ctx.input.q));
  },
  'PUT superuser/users/{id}/scores/archive': recache('archive'),
  'PUT superuser/users/{id}/scores/total': recache('total'),
  'PUT superuser/users/{id}/scores/shed': recache('shed'),
  'GET superuser/users/{id}/session': (ctx) =>
    reply(ctx, 'session', userSession(ctx.db, pathId(ctx, 'User'), ctx.now())),
  'GET superuser/{accounting}/{x}/contacts': (ctx) =>
    reply(ctx, 'contacts', accountingContacts(ctx.db, ctx.params.accounting ?? 'accounting', ctx.params.x, page(ctx))),
} satisfies PartialHandlerMap;
