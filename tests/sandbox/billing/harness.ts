/**
 * Calls billing handlers the way the server does (role check from the table, payload validation with the
 * table's schemas, one transaction rolled back on error, HttpError to the error shape) on a seeded
 * in-memory database, without a socket.
 */
import type { Db } from '../../../sandbox/db/database.js';
import { SEED_NOW } from '../../../sandbox/db/seed/context.js';
import type { Handler } from '../../../sandbox/kit/handler.js';
import { directCaller } from '../helpers/direct-call.js';
import { REAL_HANDLERS } from '../../../sandbox/routes/index.js';
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
  readonly db: Db;
  /** The sandbox clock; tests move it. */
  now: Date;
  call(route: string, options?: CallOptions): Promise<Reply>;
  /** Fails the test unless the call answers `status`; returns the body. */
  ok(route: string, options?: CallOptions, status?: number): Promise<Record<string, unknown>>;
  value<T = unknown>(sql: string, ...args: unknown[]): T;
}

// The caller parses each call with its route's table schema before running the handler, as the server does.
const HANDLERS = REAL_HANDLERS as unknown as Readonly<Record<string, Handler>>;

/**
 * A freshly seeded database and a `call` that runs one route's billing handler as the named user.
 *
 * @example
 * const h = createHarness();
 * const { status, body } = await h.call('POST superuser/invoices/{id}/paid', { params: { id: 2 }, input: { method: 'bacs', date: '2026-08-30' } });
 */
export function createHarness(): Harness {
  const db = seededDb();
  // The harness clock: tests move `harness.now`, handlers read it at each call.
  const call = directCaller<Record<string, unknown>>(db, { handlers: HANDLERS, defaultAs: 'superuser', label: 'billing', now: () => harness.now });
  const harness: Harness = {
    db,
    now: SEED_NOW,
    call: (route, options) => call(route, options),
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
