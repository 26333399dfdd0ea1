/**
 * API answers as curated commands read them: checked where they come in against the shapes core declares
 * (core/shapes), loosely: keys a shape does not name pass through, so `--json` still prints what the API said.
 */
import type { EndpointEntries, EndpointName } from '../../core/endpoints/index.js';
import type { ReplyOf } from '../../core/endpoints/methods.js';
import type { ObjectShape, ValueOf } from '../../core/shapes/define.js';
import type { School, Subscription } from '../../core/shapes/types.js';
import { SESSION_USER } from '../../core/shapes/user.js';
import type { ReplyProblem } from '../../core/shapes/schema.js';
import { CliError, EXIT } from '../errors/cli-error.js';

/**
 * An API answer checked against the reply its table entry declares (core/shapes, built with zod/mini,
 * loosely: keys the shape does not name pass through), and returned as it came, typed by that reply: the
 * check changes nothing. A different answer is a failed request (exit 1) naming where it differs, not a
 * crash further on. The entry is read with its noun's entries only, which the call itself already loaded.
 *
 * @example
 * const { school } = await checkedAnswer('schools show', await api.schools.show({ id: 1 }), 'GET schools/1');
 */
export async function checkedAnswer<C extends EndpointName>(
  command: C,
  response: { readonly data: unknown },
  call: string,
): Promise<ReplyOf<EndpointEntries[C]>> {
  const [{ tableEntry }, { replyProblems }] = await Promise.all([
    import('../table/table-nouns.js'),
    import('../../core/shapes/schema.js'),
  ]);
  const problem = replyProblems((await tableEntry(command)).reply ?? {}, response.data)[0];
  if (problem === undefined) return response.data as ReplyOf<EndpointEntries[C]>;
  throw notAnswered(call, problem.path.split('.')[0] ?? '', problem);
}

/** A failed request (exit 1) naming what the answer lacked. */
function notAnswered(call: string, key: string, problem: ReplyProblem): CliError {
  return new CliError(
    `${call} answered without the expected ${key || 'object'} (${problem.path || 'the answer'}: ${problem.message})`,
    EXIT.requestFailed,
  );
}

/**
 * The value under `key` of an API answer, checked against its shape as core declares it (core/shapes,
 * with zod/mini, loosely: keys the shape does not name pass through); a different one is a failed request
 * (exit 1), as with `checkedAnswer`.
 *
 * @example
 * const user = await answerShaped((await api.me.show()).data, 'user', SESSION_USER, 'GET users/me');
 */
export async function answerShaped<S extends ObjectShape>(
  data: unknown,
  key: string,
  shape: S,
  call: string,
): Promise<ValueOf<S>> {
  const { replyProblems } = await import('../../core/shapes/schema.js');
  const value = data !== null && typeof data === 'object' ? (data as Record<string, unknown>)[key] : undefined;
  const problem = replyProblems(shape, value)[0];
  if (problem === undefined) return value as ValueOf<S>;
  throw notAnswered(call, key, { path: problem.path ? `${key}.${problem.path}` : key, message: problem.message });
}

/** A product's name for people: its name, else its code, else its id. */
export function productName(sub: Pick<Subscription, 'product' | 'product_id'>): string {
  return sub.product.name || sub.product.code || `product ${sub.product_id}`;
}

/** "Oakfield Primary School (school 1, GB)". */
export function schoolLabel(school: Pick<School, 'id' | 'name' | 'country'>): string {
  return `${school.name} (school ${school.id}${school.country ? `, ${school.country}` : ''})`;
}

/** Who the token belongs to (`GET users/me`): the user as core declares it (role flags, school). */
export type MeUser = ValueOf<typeof SESSION_USER>;

/**
 * The user of a `GET users/me` answer, checked against core's shape.
 *
 * @example
 * const user = await meUser((await api.me.show()).data);
 */
export function meUser(data: unknown): Promise<MeUser> {
  return answerShaped(data, 'user', SESSION_USER, 'GET users/me');
}
