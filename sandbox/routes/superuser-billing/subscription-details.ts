/** Superuser reads and edits of subscriptions: lists, PO number, permissions, renewal email, inferred teacher access, cancellations. */
import { page, pathId, trimmedNames } from '../../kit/input.js';
import { serializeSubscription, updateSubscription } from '../../domain/subscriptions/subscriptions.js';
import { listSubscriptions, subscriptionInvoices } from '../../domain/subscriptions/listing.js';
import { renewalEmail } from '../../domain/subscriptions/renewal-email.js';
import { inferredAccessPage, refreshInferredAccess } from '../../domain/subscriptions/inferred-access.js';
import {
  cancellationAggregate,
  editCancellation,
  listCancellations,
} from '../../domain/subscriptions/cancellations.js';
import type { PartialHandlerMap } from '../../kit/handler.js';
import { reply } from '../../kit/reply.js';
import { answerSub, subscriptionOf } from '../../kit/subscription-answers.js';

export const subscriptionDetailHandlers = {
  'GET schoolsubscriptions': (ctx) => {
    const { rows, total } = listSubscriptions(ctx.db, ctx.input, page(ctx), ctx.now());
    return reply(
      ctx,
      'subscriptions',
      rows.map((r) => serializeSubscription(ctx.db, r)),
      { total },
    );
  },
  'GET schoolsubscriptions/{id}': (ctx) => {
    const sub = subscriptionOf(ctx);
    return answerSub(ctx, sub, { invoices: subscriptionInvoices(ctx.db, sub.id) });
  },
  'PATCH superuser/subscriptions/{id}': (ctx) => {
    const { po_number } = ctx.input;
    return answerSub(
      ctx,
      updateSubscription(ctx.db, subscriptionOf(ctx).id, { po_number: po_number === '' ? null : po_number }, ctx.now()),
    );
  },
  'PATCH superuser/subscriptions/{id}/permissions': (ctx) => {
    const unique = [...new Set(trimmedNames(ctx.input.permissions, 'permissions'))].sort();
    return answerSub(
      ctx,
      updateSubscription(ctx.db, subscriptionOf(ctx).id, { permissions: JSON.stringify(unique) }, ctx.now()),
    );
  },
  'GET superuser/subscriptions/{id}/renewal_email': (ctx) =>
    reply(ctx, 'email', renewalEmail(ctx.db, subscriptionOf(ctx))),
  'PUT superuser/subscriptions/{id}/inferred_teacher_access': (ctx) => {
    const inferred_teacher_access = ctx.input.inferred_teacher_access ? 1 : 0;
    return answerSub(ctx, updateSubscription(ctx.db, subscriptionOf(ctx).id, { inferred_teacher_access }, ctx.now()));
  },
  'POST superuser/inferred_teacher_access/refresh': (ctx) => {
    const now = ctx.now();
    return reply(ctx, 'refreshed', refreshInferredAccess(ctx.db, now), { refreshed_at: now.toISOString() });
  },
  'GET superuser/inferred_teacher_access': (ctx) => {
    const { rows, total, refreshed_at } = inferredAccessPage(ctx.db, page(ctx));
    return reply(ctx, 'teachers', rows, { total, refreshed_at });
  },
  'PATCH superuser/cancellations/{id}': (ctx) =>
    reply(ctx, 'cancellation', editCancellation(ctx.db, pathId(ctx, 'Cancellation'), ctx.input.reason)),
  'GET superuser/cancellations': (ctx) => {
    const { rows, total } = listCancellations(ctx.db, ctx.input, page(ctx));
    return reply(ctx, 'cancellations', rows, { total });
  },
  'GET superuser/cancellations/aggregate': (ctx) => reply(ctx, 'aggregate', cancellationAggregate(ctx.db)),
} satisfies PartialHandlerMap;
