/**
 * What the ownership tests need: the seeded people of school 2 to own records, callers by name, a record
 * planted for a route's path, and a snapshot of the records table to prove a refused call changed nothing.
 */
import type { Endpoint } from '../../../core/endpoints/index.js';
import { createRecord } from '../../../sandbox/generic/records.js';
import { namedParams, shapeOf, type GenericTable } from '../../../sandbox/generic/shape.js';
import type { SessionUser } from '../../../sandbox/kit/handler.js';
import { mayCall } from '../../../sandbox/server/roles.js';
import { lookupSession } from '../../../sandbox/server/session.js';
import type { TestSandbox } from './sandbox.js';
import { all, one } from '../../../sandbox/kit/sql.js';
import { scalarOf } from './sql.js';

/** The seeded people and rows of school 2 that records and paths are made of. */
export interface SchoolTwo {
  /** The teacher who owns every planted record. */
  readonly owner: number;
  readonly colleague: number;
  readonly pupil: number;
  readonly group: number;
}

/**
 * Ids of school 2's seeded teacher2a (owner), teacher2b (colleague), a pupil and a class.
 *
 * @example
 * const two = schoolTwo(t);
 */
export function schoolTwo(t: TestSandbox): SchoolTwo {
  const id = (sql: string): number => scalarOf<number>(t.sandbox.db, sql);
  return {
    owner: id("SELECT id FROM users WHERE username = 'teacher2a'"),
    colleague: id("SELECT id FROM users WHERE username = 'teacher2b'"),
    pupil: id("SELECT id FROM users WHERE school_id = 2 AND kind = 'pupil' ORDER BY id LIMIT 1"),
    group: id('SELECT id FROM school_groups WHERE school_id = 2 ORDER BY id LIMIT 1'),
  };
}

/** A signed-in caller: its token and its session (for the role check). */
export interface Caller {
  readonly name: string;
  readonly token: string;
  readonly session: SessionUser;
}

/**
 * Signs `username` in (or starts a guest session for `guest`).
 *
 * @example
 * const pupil = await signIn(t, 'pupil');
 */
export async function signIn(t: TestSandbox, username: string): Promise<Caller> {
  const token =
    username === 'guest' ? ((await t.call('POST', 'authanon')).body.token as string) : await t.login(username);
  const session = lookupSession(t.sandbox.db, token, new Date());
  if (!session) throw new Error(`no session for ${username}`);
  return { name: username, token, session };
}

/** Whether the table's role lets the caller call the route (if not, the server answers 403 before any record is looked at). */
export function passesRole(caller: Caller, endpoint: Endpoint): boolean {
  return mayCall(caller.session, endpoint);
}

const SCOPE_LENGTH = { me: 2, school: 3, user: 2, shared: 0 } as const;

/**
 * A concrete path for a route whose every parameter belongs to school 2: a user, group or school the path
 * names is school 2's (`users/{id}` its teacher, `pupils/{id}` its pupil), and each other parameter the id
 * of a record planted for it (owned by school 2's teacher) in the collection the path names before it.
 * Returns null for `users/me/...` routes, whose records are the caller's by path.
 *
 * @example
 * plantPath(t, table, two, endpoint); // 'lists/812/words/813'
 */
export function plantPath(t: TestSandbox, table: GenericTable, two: SchoolTwo, endpoint: Endpoint): string | null {
  const shape = shapeOf(endpoint, table.collections);
  if (shape.scope.kind === 'me') return null;
  const named = new Map(namedParams(endpoint.path).map((n) => [n.param, n.kind]));
  const segments = endpoint.path.split('/');
  const filled: string[] = [];
  segments.forEach((segment, i) => {
    const param = /^\{(\w+)\}$/.exec(segment)?.[1];
    if (!param) return filled.push(segment);
    const kind = named.get(param);
    if (kind === 'school') return filled.push('2');
    if (kind === 'group') {
      if (shape.kind === 'item' && shape.key === param)
        plant(t, two, filled.slice(SCOPE_LENGTH[shape.scope.kind]).join('/'), String(two.group));
      return filled.push(String(two.group));
    }
    const collection = filled.slice(SCOPE_LENGTH[shape.scope.kind]).join('/');
    if (kind === 'user') {
      const user = String(segments[i - 1] === 'users' || segments[i - 1] === 'teachers' ? two.owner : two.pupil);
      // An item kept under a user's id (`lists/{id}/favourite/pupils/{pupilId}`) is planted under that key.
      if (shape.kind === 'item' && shape.key === param) plant(t, two, collection, user);
      return filled.push(user);
    }
    return filled.push(String(plant(t, two, collection)));
  });
  return filled.join('/');
}

/** Plants a private record of school 2's teacher in a collection (under a key, if given) and returns its id. */
function plant(t: TestSandbox, two: SchoolTwo, collection: string, key?: string): number {
  const data = { title: 'school 2 private', published: false };
  return createRecord(t.sandbox.db, {
    collection,
    ...(key === undefined ? {} : { key }),
    ownerId: two.owner,
    schoolId: 2,
    data,
    now: new Date(),
  }).id;
}

/**
 * Every stored record as text (or one, by id), to compare before and after a call.
 *
 * @example
 * const before = recordsSnapshot(t);
 */
export function recordsSnapshot(t: TestSandbox, id?: number): string {
  const db = t.sandbox.db;
  return JSON.stringify(
    id === undefined ? all(db, 'SELECT * FROM records ORDER BY id') : one(db, 'SELECT * FROM records WHERE id = ?', id),
  );
}
