/** Superuser calls on schools and users: subscription grants, future subscriptions, school deletion, roles, cards, scores, sessions, accounting contacts, geocoding. */
import { schoolParam } from '../../kit/reach.js';
import { grant } from '../../domain/subscriptions/grants.js';
import { notFound, page, pathId } from '../../kit/input.js';
import { serializeInvoice, type InvoiceRow } from '../../domain/invoices/invoices.js';
import { jsonObject } from '../../kit/json-columns.js';
import { listPaymentMethods, serializePaymentMethod } from '../../domain/billing/payment-methods.js';
import { remove } from '../../domain/subscriptions/lifecycle.js';
import { serializeSubscription, type SubscriptionKind } from '../../domain/subscriptions/subscriptions.js';
import { HttpError, type Handler, type HandlerContext, type PartialHandlerMap, type RouteHandler } from '../../kit/handler.js';
import { geocode } from './gazetteer.js';
import { reply } from '../../kit/reply.js';
import { answerSub, subscriptionOf } from '../../kit/subscription-answers.js';
import { startsWithText } from '../../kit/search.js';
import { all, allValues, one, oneValue, run } from '../../kit/sql.js';
import type { Row } from '../../db/rows.js';

type GrantRoute = `POST schools/{id}/subscription/${'free' | 'backdated' | 'future' | 'full' | 'trial'}`;

const grantHandler =
  (kind: SubscriptionKind): RouteHandler<GrantRoute> =>
  (ctx) => {
    const schoolId = schoolParam(ctx);
    const granted = grant(ctx.db, schoolId, kind, ctx.input, ctx.now());
    return reply(ctx, 'subscription', serializeSubscription(ctx.db, granted.subscription), { invoice: granted.invoice && serializeInvoice(granted.invoice) }, 201);
  };

function futureOf(ctx: HandlerContext): ReturnType<typeof subscriptionOf> {
  const schoolId = schoolParam(ctx);
  const sub = subscriptionOf(ctx, 'subscriptionId');
  if (sub.school_id !== schoolId) throw notFound('Subscription', sub.id);
  return sub;
}

type ScoreKind = 'archive' | 'total' | 'shed';

function recache(kind: ScoreKind): Handler {
  return (ctx) => {
    const userId = pathId(ctx, 'User');
    const user = one<Pick<Row<'users'>, 'id' | 'data'>>(ctx.db, 'SELECT id, data FROM users WHERE id = ? AND deleted_at IS NULL', userId);
    if (!user) throw notFound('User', userId);
    const sql = {
      total: 'SELECT COALESCE(SUM(score), 0) AS total, COUNT(*) AS plays FROM game_sessions WHERE user_id = ?',
      shed: 'SELECT game, SUM(score) AS score, COUNT(*) AS plays FROM game_sessions WHERE user_id = ? GROUP BY game ORDER BY game',
      archive: "SELECT strftime('%Y', created_at) AS year, SUM(score) AS score, COUNT(*) AS plays FROM game_sessions WHERE user_id = ? GROUP BY year ORDER BY year",
    }[kind];
    const value = kind === 'total' ? one(ctx.db, sql, userId) : all(ctx.db, sql, userId);
    const data = jsonObject(user.data);
    const scores = { ...jsonObject(JSON.stringify(data.scores ?? {})), [kind]: value, [`${kind}_recached_at`]: ctx.now().toISOString() };
    run(ctx.db, 'UPDATE users SET data = ? WHERE id = ?', JSON.stringify({ ...data, scores }), userId);
    return reply(ctx, 'scores', scores, { user_id: userId });
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
    const live = allValues<number>(ctx.db, "SELECT id FROM subscriptions WHERE school_id = ? AND deleted_at IS NULL AND state IN ('pending', 'future', 'trial', 'active', 'cancelling') AND kind != 'freemium' ORDER BY id", schoolId);
    if (live.length > 0) throw new HttpError(409, 'Conflict', `School ${schoolId} has live subscriptions (${live.join(', ')}); cancel or move them before deleting the school`);
    const unpaid = oneValue<number>(ctx.db, "SELECT COUNT(*) FROM invoices WHERE school_id = ? AND state IN ('open', 'promised')", schoolId) as number;
    if (unpaid > 0) throw new HttpError(409, 'Conflict', `School ${schoolId} has ${unpaid} unpaid invoices; settle, void or write them off first`);
    run(ctx.db, 'UPDATE schools SET deleted_at = ?, code = NULL WHERE id = ?', ctx.now().toISOString(), schoolId);
    return reply(ctx, 'deleted', true, { id: schoolId });
  },
  'PATCH schools/{id}/users/{uid}/role': (ctx) => {
    const schoolId = schoolParam(ctx);
    const userId = pathId(ctx, 'User', 'uid');
    const { role } = ctx.input;
    const user = one<Pick<Row<'users'>, 'id' | 'kind'>>(ctx.db, "SELECT u.id, u.kind FROM users u WHERE u.id = ? AND u.deleted_at IS NULL AND (u.school_id = ? OR EXISTS (SELECT 1 FROM school_memberships m WHERE m.user_id = u.id AND m.school_id = ?))", userId, schoolId, schoolId);
    if (!user) throw notFound('User', userId);
    if (user.kind !== 'teacher') throw new HttpError(422, 'Invalid data', `User ${userId} is a ${user.kind}; only teachers take a staff role`, { errors: [{ path: 'role', message: 'not a teacher' }] });
    const admin = role === 'admin' ? 1 : 0;
    run(ctx.db, 'UPDATE school_memberships SET admin = ? WHERE user_id = ? AND school_id = ?', admin, userId, schoolId);
    run(ctx.db, 'UPDATE users SET admin = ? WHERE id = ? AND school_id = ?', admin, userId, schoolId);
    return reply(ctx, 'user', { id: userId, school_id: schoolId, role });
  },
  'GET schools/{id}/paymentMethods': (ctx) => reply(ctx, 'paymentMethods', listPaymentMethods(ctx.db, schoolParam(ctx)).map(serializePaymentMethod)),
  'GET school{card_provider}Invoices/{id}': (ctx) => {
    const rows = all<InvoiceRow>(ctx.db, "SELECT * FROM invoices WHERE school_id = ? AND billing = 'card' ORDER BY id DESC", schoolParam(ctx));
    return reply(ctx, 'invoices', rows.map(serializeInvoice), { total: rows.length });
  },
  'GET geocode-address': (ctx) => {
    return reply(ctx, 'results', geocode(ctx.input.q));
  },
  'PUT superuser/users/{id}/scores/archive': recache('archive'),
  'PUT superuser/users/{id}/scores/total': recache('total'),
  'PUT superuser/users/{id}/scores/shed': recache('shed'),
  'GET superuser/users/{id}/session': (ctx) => {
    const userId = pathId(ctx, 'User');
    const user = one<Pick<Row<'users'>, 'id' | 'username'>>(ctx.db, 'SELECT id, username FROM users WHERE id = ?', userId);
    if (!user) throw notFound('User', userId);
    const now = ctx.now().toISOString();
    const session = one<Record<string, unknown>>(ctx.db, 'SELECT COUNT(*) AS active, MAX(created_at) AS last_sign_in, MAX(expires_at) AS expires_at, MAX(imitator_id) AS imitated_by FROM tokens WHERE user_id = ? AND expires_at > ?', userId, now) as Record<string, unknown>;
    return reply(ctx, 'session', { user_id: user.id, username: user.username, ...session });
  },
  'GET superuser/{accounting}/{x}/contacts': (ctx) => {
    const system = ctx.params.accounting ?? 'accounting';
    const { skip, take } = page(ctx);
    const rows = all<{ school_id: number }>(ctx.db, `SELECT s.id AS school_id, s.name, s.country, COUNT(i.id) AS invoices, SUM(CASE WHEN i.state IN ('open', 'promised') THEN 1 ELSE 0 END) AS unpaid
         FROM schools s JOIN invoices i ON i.school_id = s.id AND ${startsWithText('i.accounting_id')} GROUP BY s.id ORDER BY s.id LIMIT ? OFFSET ?`, `${system}:`, take, skip);
    const contacts = rows.map((r) => ({ contact_id: `${system}-${ctx.params.x ?? ''}-school-${r.school_id}`, tenant: ctx.params.x ?? null, ...r }));
    return reply(ctx, 'contacts', contacts);
  },
} satisfies PartialHandlerMap;
