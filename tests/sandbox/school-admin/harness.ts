/**
 * Calls school-administration routes through the sandbox's real request path (router, session, roles,
 * validation, idempotency, write log, one transaction, error shape), in process, on a seeded in-memory
 * database.
 */
import { seedPasswordHash } from '../../../sandbox/domain/auth/password.js';
import { openDatabase, type Db } from '../../../sandbox/db/database.js';
import { seed, SEED_NOW } from '../../../sandbox/db/seed/index.js';
import { createRng } from '../../../sandbox/db/seed/random.js';
import { seedSchoolAdmin } from '../../../sandbox/db/seed/school-admin.js';
import { harnessCall, sandboxOver, type HarnessCallOptions as CallOptions } from '../helpers/sandbox.js';
import { one } from '../../../sandbox/kit/sql.js';
import { rowOf } from '../helpers/sql.js';

export type { CallOptions };

export interface Reply {
  readonly status: number;
  readonly body: unknown;
}

/**
 * The value at a dotted path of a JSON body (`'pupils.0.id'`), undefined when any step is missing.
 *
 * @example
 * at(reply.body, 'school.id') // 1
 */
export function at(value: unknown, path: string): unknown {
  let current: unknown = value;
  for (const step of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[step];
  }
  return current;
}

/**
 * The number at a path, or a thrown error naming the path.
 *
 * @example
 * num(reply.body, 'group.id') // 4
 */
export function num(value: unknown, path: string): number {
  const found = at(value, path);
  if (typeof found !== 'number') throw new Error(`expected a number at ${path}, got ${JSON.stringify(found)}`);
  return found;
}

/**
 * The string at a path, or a thrown error naming the path.
 *
 * @example
 * str(reply.body, 'code') // 'K7PQ2M'
 */
export function str(value: unknown, path: string): string {
  const found = at(value, path);
  if (typeof found !== 'string') throw new Error(`expected a string at ${path}, got ${JSON.stringify(found)}`);
  return found;
}

/**
 * The list at a path (as records), or a thrown error naming the path.
 *
 * @example
 * list(reply.body, 'pupils').length // 30
 */
export function list(value: unknown, path: string): Record<string, unknown>[] {
  const found = at(value, path);
  if (!Array.isArray(found)) throw new Error(`expected a list at ${path}, got ${JSON.stringify(found)}`);
  return found as Record<string, unknown>[];
}

/**
 * The `field` of every item of the list at a path.
 *
 * @example
 * pluck(reply.body, 'groups', 'name') // ['Year 3 Oak', ...]
 */
export function pluck(value: unknown, path: string, field = 'id'): unknown[] {
  return list(value, path).map((item) => item[field]);
}

export interface Harness {
  readonly db: Db;
  call(route: string, options?: CallOptions): Promise<Reply>;
  userId(username: string): number;
}

/**
 * A freshly seeded database and a `call` that sends one request to the sandbox serving it, as the named user.
 *
 * @example
 * const h = createHarness();
 * const { status, body } = await h.call('GET users/me/school/pupils', { as: 'teacher' });
 */
export function createHarness(): Harness {
  const db = openDatabase(':memory:');
  seed(db, { size: 'demo' });
  if (rowOf<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM school_groups').n === 0) {
    db.transaction(() =>
      seedSchoolAdmin(db, { rng: createRng(2), size: 'demo', now: SEED_NOW, passwordHash: seedPasswordHash() }),
    )();
  }
  const userId = (username: string): number => {
    const row = one<{ id: number }>(db, 'SELECT id FROM users WHERE username = ?', username);
    if (!row) throw new Error(`no user ${username}`);
    return row.id;
  };
  return {
    db,
    call: harnessCall(
      sandboxOver(db, () => SEED_NOW),
      'admin',
    ),
    userId,
  };
}
