/**
 * THE reader of users: a natural key (an email, a username) turned into the user's id with at most one
 * request (`GET users?q=`, the text the API searches, then the exact match), and a user read by id.
 */
import { MAX_TAKE } from '../../core/domain/constants.js';
import type { ApiMethods } from '../../core/endpoints/methods.js';
import type { User } from '../../core/shapes/types.js';
import { USER } from '../../core/shapes/user.js';
import { CliError, EXIT } from '../errors/cli-error.js';
import { describeKeys, pickOne, readKey, type KeyText } from './keys.js';
import { checkedAnswer } from './records.js';

/** The keys a user is named by, in the order a text is tried (core/shapes/user.ts). */
export const USER_KEYS = USER.keys ?? [];

/** What the command line may give for a user: "a user id, email or username". */
export const USER_NAMED_BY = describeKeys(USER_KEYS, 'user');

/** A user a key named: the id, and the user as the lookup found them (absent for a plain id). */
export interface FoundUser {
  readonly id: number;
  readonly user?: User;
}

/**
 * Reads a command-line text as a user id or one of their keys, with no request.
 *
 * @example
 * userKey('teacher@oakfield.sandbox.test').key.field // 'email'
 */
export function userKey(text: string): KeyText {
  return readKey(text, USER_KEYS, 'user');
}

const same = (a: unknown, b: string): boolean => typeof a === 'string' && a.toLowerCase() === b.toLowerCase();

/** "teacher  Taylor Teacher  teacher@oakfield.sandbox.test": a user as a list of matches names them. */
export function userName(user: Pick<User, 'username' | 'display_name' | 'email'>): string {
  return [user.username, user.display_name, user.email ?? ''].filter((part) => part !== '').join('  ');
}

/**
 * Finds the user a key names with at most one request (none for a plain id): the API's text search, then
 * the users whose email or username is exactly the key (ignoring case). Unknown or ambiguous: exit 2.
 *
 * @example
 * const { id } = await lookupUser(await c.api(), userKey('teacher2a')); // 40
 */
export async function lookupUser(api: ApiMethods, key: KeyText): Promise<FoundUser> {
  if ('id' in key) return { id: key.id };
  const { users } = await checkedAnswer(
    'users list',
    await api.users.list({ q: key.value, take: MAX_TAKE }),
    'GET users',
  );
  const found = users.filter((user) => same(user[key.key.field as 'email' | 'username'], key.value));
  const id = pickOne(
    'user',
    key,
    found.map((user) => ({ id: user.id, name: userName(user) })),
  );
  return { id, user: found.find((user) => user.id === id) as User };
}

/**
 * The id of the user a command-line text names (at most one request; none for a plain id).
 *
 * @example
 * await resolveUser(await c.api(), 'teacher@oakfield.sandbox.test') // 3
 */
export async function resolveUser(api: ApiMethods, text: string): Promise<number> {
  return (await lookupUser(api, userKey(text))).id;
}

/**
 * One user by id (superusers): the API reads no user by id, so their username comes from their session
 * (`GET superuser/users/{id}/session`, 404 for no such user) and the user from the search by it.
 *
 * @example
 * const user = await readUser(await c.api(), 3);
 */
export async function readUser(api: ApiMethods, id: number): Promise<User> {
  const { session } = await checkedAnswer(
    'users session',
    await api.users.session({ id }),
    `GET superuser/users/${id}/session`,
  );
  const { users } = await checkedAnswer(
    'users list',
    await api.users.list({ q: session.username, take: MAX_TAKE }),
    'GET users',
  );
  const user = users.find((u) => u.id === id);
  if (!user) throw new CliError(`GET users?q=${session.username} did not list user ${id}`, EXIT.requestFailed);
  return user;
}
