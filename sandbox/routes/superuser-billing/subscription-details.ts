/** Superuser reads and edits of subscriptions: lists, PO number, permissions, renewal email, inferred teacher access, cancellations. */
import { getPlan } from '../../domain/pricing/catalogue.js';
import { billingAddressee } from '../../domain/billing/email.js';
import { notFound, page, pathId, trimmedNames } from '../../kit/input.js';
import { taxRate } from '../../domain/invoices/invoices.js';
import { termPrice } from '../../domain/pricing/pricing.js';
import { applyClock, serializeSubscription, type SubscriptionRow, updateSubscription } from '../../domain/subscriptions/subscriptions.js';
import type { PartialHandlerMap } from '../../kit/handler.js';
import { reply } from '../../kit/reply.js';
import { answerSub, subscriptionOf } from '../../kit/subscription-answers.js';
import { all, one, oneValue, run } from '../../kit/sql.js';

function renewalEmail(db: Parameters<typeof taxRate>[0], sub: SubscriptionRow): Record<string, unknown> {
  const plan = sub.plan_id === null ? undefined : getPlan(db, sub.plan_id);
  const school = oneValue<string>(db, 'SELECT name FROM schools WHERE id = ?', sub.school_id) as string;
  const net = plan ? termPrice(plan, sub.seats, sub.teacher_seats) : 0;
  const amount = net + Math.round((net * taxRate(db, sub.school_id)) / 100);
  const ending = sub.state === 'cancelling';
  const price = `${(amount / 100).toFixed(2)} ${sub.currency.toUpperCase()}`;
  return {
    to: billingAddressee(db, sub.school_id),
    subject: ending ? `${school}: your subscription ends on ${sub.expiry ?? ''}` : `${school}: your subscription renews on ${sub.expiry ?? ''}`,
    body: ending
      ? `Your ${plan?.name ?? 'subscription'} ends on ${sub.expiry ?? ''} and will not renew. Reply to keep it.`
      : `Your ${plan?.name ?? 'subscription'} for ${sub.seats} pupils renews on ${sub.expiry ?? ''} at ${price}${sub.price_rise_exemption ? ' (price held)' : ''}.`,
    renews_on: ending ? null : sub.expiry,
    amount,
    currency: sub.currency,
    price_rise_exempt_until: sub.price_rise_exemption,
  };
}

export const subscriptionDetailHandlers = {
  'GET schoolsubscriptions': (ctx) => {
    const filter = ctx.input;
    const { skip, take } = page(ctx);
    applyClock(ctx.db, ctx.now());
    const where = `deleted_at IS NULL AND (@school IS NULL OR school_id = @school) AND (@state IS NULL OR state = @state) AND (@kind IS NULL OR kind = @kind)
      AND (@product IS NULL OR product_id = @product) AND (@po IS NULL OR po_number = @po) AND (@card IS NULL OR card_reference = @card)`;
    const args = { school: filter.school_id ?? null, state: filter.state ?? null, kind: filter.kind ?? null, product: filter.product_id ?? null, po: filter.po_number ?? null, card: filter.card_reference ?? null };
    const total = oneValue<number>(ctx.db, `SELECT COUNT(*) FROM subscriptions WHERE ${where}`, args) as number;
    const rows = all<SubscriptionRow>(ctx.db, `SELECT * FROM subscriptions WHERE ${where} ORDER BY id LIMIT @take OFFSET @skip`, { ...args, take, skip });
    return reply(ctx, 'subscriptions', rows.map((r) => serializeSubscription(ctx.db, r)), { total });
  },
  'GET schoolsubscriptions/{id}': (ctx) => {
    const sub = subscriptionOf(ctx);
    const invoices = all(ctx.db, 'SELECT id, number, state, currency, total, issued_at FROM invoices WHERE subscription_id = ? ORDER BY id', sub.id);
    return answerSub(ctx, sub, { invoices });
  },
  'PATCH superuser/subscriptions/{id}': (ctx) => {
    const { po_number } = ctx.input;
    return answerSub(ctx, updateSubscription(ctx.db, subscriptionOf(ctx).id, { po_number: po_number === '' ? null : po_number }, ctx.now()));
  },
  'PATCH superuser/subscriptions/{id}/permissions': (ctx) => {
    const unique = [...new Set(trimmedNames(ctx.input.permissions, 'permissions'))].sort();
    return answerSub(ctx, updateSubscription(ctx.db, subscriptionOf(ctx).id, { permissions: JSON.stringify(unique) }, ctx.now()));
  },
  'GET superuser/subscriptions/{id}/renewal_email': (ctx) => reply(ctx, 'email', renewalEmail(ctx.db, subscriptionOf(ctx))),
  'PUT superuser/subscriptions/{id}/inferred_teacher_access': (ctx) => {
    const inferred_teacher_access = ctx.input.inferred_teacher_access ? 1 : 0;
    return answerSub(ctx, updateSubscription(ctx.db, subscriptionOf(ctx).id, { inferred_teacher_access }, ctx.now()));
  },
  'POST superuser/inferred_teacher_access/refresh': (ctx) => {
    const stamp = ctx.now().toISOString();
    run(ctx.db, 'DELETE FROM inferred_access');
    const rows = run(ctx.db, `INSERT INTO inferred_access (subscription_id, user_id, school_id, refreshed_at)
         SELECT s.id, u.id, s.school_id, ? FROM subscriptions s JOIN users u ON u.school_id = s.school_id AND u.kind = 'teacher' AND u.deleted_at IS NULL
         WHERE s.deleted_at IS NULL AND s.inferred_teacher_access = 1 AND s.state IN ('trial', 'active', 'cancelling')
           AND NOT EXISTS (SELECT 1 FROM subscription_members m WHERE m.subscription_id = s.id AND m.target = 'teacher' AND m.member_id = u.id)`, stamp).changes;
    return reply(ctx, 'refreshed', rows, { refreshed_at: stamp });
  },
  'GET superuser/inferred_teacher_access': (ctx) => {
    const { skip, take } = page(ctx);
    const total = oneValue<number>(ctx.db, 'SELECT COUNT(*) FROM inferred_access') as number;
    const rows = all(ctx.db, `SELECT a.subscription_id, a.user_id, u.username, u.email, a.school_id, s.name AS school_name, a.refreshed_at
         FROM inferred_access a JOIN users u ON u.id = a.user_id JOIN schools s ON s.id = a.school_id ORDER BY a.school_id, a.subscription_id, a.user_id LIMIT ? OFFSET ?`, take, skip);
    const refreshed = oneValue<string | null>(ctx.db, 'SELECT MAX(refreshed_at) FROM inferred_access') as string | null;
    return reply(ctx, 'teachers', rows, { total, refreshed_at: refreshed });
  },
  'PATCH superuser/cancellations/{id}': (ctx) => {
    const id = pathId(ctx, 'Cancellation');
    const { reason } = ctx.input;
    if (run(ctx.db, 'UPDATE cancellations SET reason = ? WHERE id = ?', reason, id).changes === 0) throw notFound('Cancellation', id);
    return reply(ctx, 'cancellation', one(ctx.db, 'SELECT * FROM cancellations WHERE id = ?', id));
  },
  'GET superuser/cancellations': (ctx) => {
    const filter = ctx.input;
    const { skip, take } = page(ctx);
    const where = '(@kind IS NULL OR c.kind = @kind) AND (@school IS NULL OR c.school_id = @school)';
    const args = { kind: filter.kind ?? null, school: filter.school_id ?? null };
    const total = oneValue<number>(ctx.db, `SELECT COUNT(*) FROM cancellations c WHERE ${where}`, args) as number;
    const rows = all(ctx.db, `SELECT c.*, s.name AS school_name, sub.kind AS subscription_kind, sub.product_id FROM cancellations c JOIN schools s ON s.id = c.school_id
         JOIN subscriptions sub ON sub.id = c.subscription_id WHERE ${where} ORDER BY c.created_at DESC, c.id DESC LIMIT @take OFFSET @skip`, { ...args, take, skip });
    return reply(ctx, 'cancellations', rows, { total });
  },
  'GET superuser/cancellations/aggregate': (ctx) => {
    const byKind = all(ctx.db, 'SELECT kind, COUNT(*) AS count FROM cancellations WHERE undone_at IS NULL GROUP BY kind ORDER BY kind');
    const byReason = all(ctx.db, "SELECT CASE reason WHEN '' THEN '(none given)' ELSE reason END AS reason, COUNT(*) AS count FROM cancellations WHERE undone_at IS NULL GROUP BY 1 ORDER BY count DESC, reason");
    const byMonth = all(ctx.db, 'SELECT substr(created_at, 1, 7) AS month, COUNT(*) AS count FROM cancellations WHERE undone_at IS NULL GROUP BY month ORDER BY month');
    const undone = oneValue<number>(ctx.db, 'SELECT COUNT(*) FROM cancellations WHERE undone_at IS NOT NULL') as number;
    return reply(ctx, 'aggregate', { by_kind: byKind, by_reason: byReason, by_month: byMonth, undone });
  },
} satisfies PartialHandlerMap;
