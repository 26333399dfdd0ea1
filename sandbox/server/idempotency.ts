/**
 * Idempotency-Key handling for writes. The first request with a key runs and its response is stored in
 * the `idempotency` table inside the write's own transaction; a repeat with the same key and the same
 * request replays that response without running the handler. Keys are scoped per user. A key whose first
 * request is still running is held in memory (one server process owns the database).
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { one, run, type Db } from '../kit/sql.js';

export type IdempotencyCheck =
  /** First use: run the handler, then `save` inside its transaction (or `release` if it failed). */
  | { readonly kind: 'new' }
  | { readonly kind: 'replay'; readonly status: number; readonly body: unknown }
  /** The key was used for a different request. */
  | { readonly kind: 'mismatch' }
  /** The key's first request has not finished. */
  | { readonly kind: 'in-flight' };

export interface IdempotencyKeys {
  /** Looks a key up; a `new` answer marks it in flight until `save` or `release`. */
  check(db: Db, userKey: string, key: string, requestHash: string): IdempotencyCheck;
  /** Stores the response (call inside the write's transaction); the key stays in flight until `release`. */
  save(
    db: Db,
    entry: {
      userKey: string;
      key: string;
      route: string;
      requestHash: string;
      status: number;
      body: unknown;
      now: Date;
    },
  ): void;
  /** Ends the in-flight mark (after commit or rollback). */
  release(userKey: string, key: string): void;
  /** Forgets in-flight marks (`__sandbox/reset`). */
  reset(): void;
}

const stored = z.object({
  body_hash: z.string(),
  state: z.string(),
  status: z.number().int().nullable(),
  response: z.string().nullable(),
});

function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, stable((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/**
 * A fingerprint of a request: method, path and body, with object keys in a fixed order.
 *
 * @example
 * requestHash('POST', 'superuser/invoices/12/paid', { method: 'bacs', date: '2026-11-02' });
 */
export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([method, path, stable(body ?? null)]))
    .digest('hex');
}

/**
 * The idempotency-key book of one server.
 *
 * @example
 * const keys = createIdempotencyKeys();
 * const check = keys.check(db, String(user.id), key, requestHash(method, path, body));
 */
export function createIdempotencyKeys(): IdempotencyKeys {
  const inFlight = new Set<string>();
  const id = (userKey: string, key: string): string => `${userKey}\u0000${key}`;
  return {
    check(db, userKey, key, hash) {
      if (inFlight.has(id(userKey, key))) return { kind: 'in-flight' };
      const found = one<unknown>(
        db,
        'SELECT body_hash, state, status, response FROM idempotency WHERE user_key = ? AND key = ?',
        userKey,
        key,
      );
      if (found !== undefined) {
        const row = stored.parse(found);
        if (row.body_hash !== hash) return { kind: 'mismatch' };
        if (row.state === 'done' && row.status !== null)
          return { kind: 'replay', status: row.status, body: row.response === null ? null : JSON.parse(row.response) };
      }
      inFlight.add(id(userKey, key));
      return { kind: 'new' };
    },
    save(db, entry) {
      run(
        db,
        `INSERT INTO idempotency (user_key, key, route, body_hash, state, status, response, created_at) VALUES (?, ?, ?, ?, 'done', ?, ?, ?)
         ON CONFLICT (user_key, key) DO UPDATE SET route = excluded.route, body_hash = excluded.body_hash, state = 'done',
           status = excluded.status, response = excluded.response, created_at = excluded.created_at`,
        entry.userKey,
        entry.key,
        entry.route,
        entry.requestHash,
        entry.status,
        JSON.stringify(entry.body ?? null),
        entry.now.toISOString(),
      );
    },
    release(userKey, key) {
      inFlight.delete(id(userKey, key));
    },
    reset() {
      inFlight.clear();
    },
  };
}
