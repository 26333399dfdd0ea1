/**
 * Calls billing routes through the sandbox's real request path (router, session, roles, validation,
 * idempotency, write log, one transaction, error shape), in process, on a seeded in-memory database.
 */
import type { Db } from '../../../sandbox/db/database.js';
import { SEED_NOW } from '../../../sandbox/db/seed/context.js';
import { harnessCall, sandboxOver, type HarnessCallOptions as CallOptions } from '../helpers/sandbox.js';
import { seededDb } from './seeded.js';
import { scalarOf } from '../helpers/sql.js';

export type { CallOptions };

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

/**
 * A freshly seeded database and a `call` that sends one request to the sandbox serving it, as the named user.
 *
 * @example
 * const h = createHarness();
 * const { status, body } = await h.call('POST superuser/invoices/{id}/paid', { params: { id: 2 }, input: { method: 'bacs', date: '2026-08-30' } });
 */
export function createHarness(): Harness {
  const db = seededDb();
  // The harness clock: tests move `harness.now`, the sandbox reads it at each request.
  const call = harnessCall(
    sandboxOver(db, () => harness.now),
    'superuser',
  );
  const harness: Harness = {
    db,
    now: SEED_NOW,
    call,
    async ok(route, options, status = 200) {
      const reply = await harness.call(route, options);
      if (reply.status !== status)
        throw new Error(`${route} answered ${reply.status}, expected ${status}: ${JSON.stringify(reply.body)}`);
      return reply.body;
    },
    value<T>(sql: string, ...args: unknown[]): T {
      return scalarOf<T>(db, sql, ...args);
    },
  };
  return harness;
}

/** A property of a reply body as a record (throws when it is not an object). */
export function obj(body: Record<string, unknown>, key: string): Record<string, unknown> {
  const value = body[key];
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new Error(`expected an object at ${key}: ${JSON.stringify(body)}`);
  return value as Record<string, unknown>;
}

/** A property of a reply body as a list of records. */
export function rows(body: Record<string, unknown>, key: string): Record<string, unknown>[] {
  const value = body[key];
  if (!Array.isArray(value)) throw new Error(`expected a list at ${key}: ${JSON.stringify(body)}`);
  return value as Record<string, unknown>[];
}
