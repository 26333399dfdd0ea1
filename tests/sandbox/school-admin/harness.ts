/**
 * Calls school-administration handlers the way the server does (role check, payload validation, one
 * transaction, HttpError to the error shape) on a seeded in-memory database, without a socket.
 */
import { seedPasswordHash } from '../../../sandbox/domain/auth/password.js';
import { openDatabase, type Db } from '../../../sandbox/db/database.js';
import { seed, SEED_NOW } from '../../../sandbox/db/seed/index.js';
import { createRng } from '../../../sandbox/db/seed/random.js';
import { seedSchoolAdmin } from '../../../sandbox/db/seed/school-admin.js';
import type { Handler } from '../../../sandbox/kit/handler.js';
import { directCaller } from '../helpers/direct-call.js';
import { REAL_HANDLERS } from '../../../sandbox/routes/index.js';

export interface CallOptions {
  readonly as?: string | null;
  readonly params?: Readonly<Record<string, string | number>>;
  readonly input?: Readonly<Record<string, unknown>>;
}

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
  readonly writes: Map<string, number>;
  call(route: string, options?: CallOptions): Promise<Reply>;
  userId(username: string): number;
}

// The caller parses each call with its route's table schema before running the handler, as the server does.
const HANDLERS = REAL_HANDLERS as unknown as Readonly<Record<string, Handler>>;

/**
 * A freshly seeded database and a `call` that runs one route's handler as the named user.
 *
 * @example
 * const h = createHarness();
 * const { status, body } = await h.call('GET users/me/school/pupils', { as: 'teacher' });
 */
export function createHarness(): Harness {
  const db = openDatabase(':memory:');
  seed(db, { size: 'demo' });
  if ((db.prepare('SELECT COUNT(*) AS n FROM school_groups').get() as { n: number }).n === 0) {
    db.transaction(() => seedSchoolAdmin(db, { rng: createRng(2), size: 'demo', now: SEED_NOW, passwordHash: seedPasswordHash() }))();
  }
  const writes = new Map<string, number>();
  const userId = (username: string): number => {
    const row = db.prepare('SELECT id FROM users WHERE username = ?').get(username) as { id: number } | undefined;
    if (!row) throw new Error(`no user ${username}`);
    return row.id;
  };
  const call = directCaller<unknown>(db, {
    handlers: HANDLERS,
    defaultAs: 'admin',
    label: 'school-admin',
    now: () => SEED_NOW,
    onWrite: (route) => writes.set(route, (writes.get(route) ?? 0) + 1),
  });
  return { db, writes, call, userId };
}
