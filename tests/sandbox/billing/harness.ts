/**
 * Calls billing handlers the way the server does (role check from the table, payload validation with the
 * table's schemas, one transaction rolled back on error, HttpError to the error shape) on a seeded
 * in-memory database, without a socket.
 */
import { ENDPOINTS } from '../../../core/endpoints/index.js';
import { paramsSchema, payloadSchema } from '../../../core/endpoints/schemas.js';
import { mayCall } from '../../../sandbox/auth/roles.js';
import { lookupSession } from '../../../sandbox/auth/session.js';
import { issueToken } from '../../../sandbox/auth/tokens.js';
import type { SandboxDb } from '../../../sandbox/db/database.js';
import { SEED_NOW } from '../../../sandbox/db/seed/context.js';
import { HttpError, type Handler } from '../../../sandbox/handler.js';
import { billingHandlers } from '../../../sandbox/handlers/billing-index.js';
import { seededDb } from './seeded.js';

export interface CallOptions {
  /** Username to call as (default superuser); null calls without a session. */
  readonly as?: string | null;
  readonly params?: Readonly<Record<string, string | number>>;
  readonly input?: Readonly<Record<string, unknown>>;
}

export interface Reply {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

export interface Harness {
  readonly db: SandboxDb;
  /** The sandbox clock; tests move it. */
  now: Date;
  call(route: string, options?: CallOptions): Promise<Reply>;
  /** Fails the test unless the call answers `status`; returns the body. */
  ok(route: string, options?: CallOptions, status?: number): Promise<Record<string, unknown>>;
  value<T = unknown>(sql: string, ...args: unknown[]): T;
}

const HANDLERS = billingHandlers as Readonly<Record<string, Handler>>;

/**
 * A freshly seeded database and a `call` that runs one route's billing handler as the named user.
 *
 * @example
 * const h = createHarness();
 * const { status, body } = await h.call('POST superuser/invoices/{id}/paid', { params: { id: 2 }, input: { method: 'bacs', date: '2026-08-30' } });
 */
export function createHarness(): Harness {
  const db = seededDb();
  const tokens = new Map<string, string>();
  const harness: Harness = {
    db,
    now: SEED_NOW,
    async call(route, options = {}) {
      const endpoint = ENDPOINTS.find((e) => e.route === route);
      if (!endpoint) throw new Error(`no route ${route} in the table`);
      const handler = HANDLERS[route];
      if (!handler) throw new Error(`no billing handler for ${route}`);
      const as = options.as === undefined ? 'superuser' : options.as;
      let user = null;
      if (as !== null) {
        let token = tokens.get(as);
        if (!token) {
          const id = db.prepare('SELECT id FROM users WHERE username = ?').pluck().get(as) as number | undefined;
          if (id === undefined) throw new Error(`no user ${as}`);
          token = issueToken(db, id, SEED_NOW);
          tokens.set(as, token);
        }
        user = lookupSession(db, token, SEED_NOW);
      }
      if (!user && endpoint.role !== 'public') return { status: 401, body: { error: 'Unauthorised' } };
      if (user && !mayCall(user, endpoint)) return { status: 403, body: { error: 'Forbidden' } };
      const params = paramsSchema(endpoint).safeParse(Object.fromEntries(Object.entries(options.params ?? {}).map(([k, v]) => [k, String(v)])));
      const input = payloadSchema(endpoint).safeParse(options.input ?? {});
      if (!params.success || !input.success) {
        return { status: 422, body: { error: 'Invalid data', errors: [...(params.error?.issues ?? []), ...(input.error?.issues ?? [])] } };
      }
      const now = harness.now;
      try {
        const result = await db.transaction(() =>
          handler({ db, endpoint, user, params: params.data, input: input.data, now: () => now, countWrite: () => undefined }),
        )();
        return { status: result.status ?? 200, body: JSON.parse(JSON.stringify(result.body ?? null)) as Record<string, unknown> };
      } catch (error) {
        if (error instanceof HttpError) return { status: error.status, body: { error: error.error, message: error.message, ...error.data } };
        throw error;
      }
    },
    async ok(route, options, status = 200) {
      const reply = await harness.call(route, options);
      if (reply.status !== status) throw new Error(`${route} answered ${reply.status}, expected ${status}: ${JSON.stringify(reply.body)}`);
      return reply.body;
    },
    value<T>(sql: string, ...args: unknown[]): T {
      return db.prepare(sql).pluck().get(...args) as T;
    },
  };
  return harness;
}

/** A property of a reply body as a record (throws when it is not an object). */
export function obj(body: Record<string, unknown>, key: string): Record<string, unknown> {
  const value = body[key];
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error(`expected an object at ${key}: ${JSON.stringify(body)}`);
  return value as Record<string, unknown>;
}

/** A property of a reply body as a list of records. */
export function rows(body: Record<string, unknown>, key: string): Record<string, unknown>[] {
  const value = body[key];
  if (!Array.isArray(value)) throw new Error(`expected a list at ${key}: ${JSON.stringify(body)}`);
  return value as Record<string, unknown>[];
}
