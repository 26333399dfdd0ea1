/**
 * Natural keys in the path parameters of generated commands: `edshed invoices mark-paid INV-000004 ...`.
 * Which record a parameter names is read off the table's route (`superuser/invoices/{id}` is an invoice's
 * id, `schools/{id}/subscription/future/{subscriptionId}` a subscription's), so every entry gets it.
 */
import type { Endpoint } from '../../core/endpoints/define.js';
import type { ApiMethods } from '../../core/endpoints/methods.js';
import type { NaturalKey } from '../../core/shapes/define.js';
import { INVOICE } from '../../core/shapes/invoice.js';
import { REGISTER_SCHOOL, SCHOOL } from '../../core/shapes/school.js';
import { SUBSCRIPTION } from '../../core/shapes/subscription.js';
import { USER } from '../../core/shapes/user.js';
import { describeKeys } from './keys.js';

/** The records whose ids a path parameter may name by a natural key. */
export type KeyedRecord = 'invoice' | 'user' | 'school' | 'subscription';

/** A collection in a route, and the record whose ids follow it. */
const COLLECTIONS: Readonly<Record<string, KeyedRecord>> = {
  invoices: 'invoice',
  users: 'user',
  schools: 'school',
  subscriptions: 'subscription',
  schoolsubscriptions: 'subscription',
};

const RECORDS: readonly KeyedRecord[] = ['invoice', 'user', 'school', 'subscription'];

/**
 * The record a path parameter of a route holds the id of: `{id}` after a collection of one (`invoices/{id}`),
 * or a parameter named after one (`{subscriptionId}`); undefined for any other.
 *
 * @example
 * recordOfParam('superuser/invoices/{id}/paid', 'id') // 'invoice'
 * recordOfParam('users/me/school/pupils/{id}', 'id') // undefined
 */
export function recordOfParam(path: string, param: string): KeyedRecord | undefined {
  const named = RECORDS.find((record) => param === `${record}Id`);
  if (named) return named;
  if (param !== 'id') return undefined;
  const segments = path.split('/');
  const at = segments.indexOf(`{${param}}`);
  return at > 0 ? COLLECTIONS[segments[at - 1] as string] : undefined;
}

/** Each record's keys, in the order its reader tries them (a school's register keys before its name). */
const KEYS: Readonly<Record<KeyedRecord, readonly NaturalKey[]>> = {
  invoice: INVOICE.keys ?? [],
  user: USER.keys ?? [],
  school: [...(REGISTER_SCHOOL.keys ?? []), ...(SCHOOL.keys ?? [])],
  subscription: SUBSCRIPTION.keys ?? [],
};

/**
 * A path parameter's line in `--help`: what it may be given as, when it names a record by a key too.
 *
 * @example
 * paramHelp('superuser/invoices/{id}/paid', 'id') // 'an invoice id, number or shareable id (path parameter {id})'
 */
export function paramHelp(path: string, param: string): string {
  const record = recordOfParam(path, param);
  return record === undefined
    ? `path parameter {${param}}`
    : `${describeKeys(KEYS[record], record)} (path parameter {${param}})`;
}

/** Who reads each record's keys; loaded only when a key (not an id) was given. */
const RESOLVERS: Readonly<Record<KeyedRecord, () => Promise<(api: ApiMethods, text: string) => Promise<number>>>> = {
  invoice: async () => (await import('./invoices.js')).resolveInvoice,
  user: async () => (await import('./users.js')).resolveUser,
  school: async () => (await import('./schools.js')).resolveSchool,
  subscription: async () => (await import('./subscriptions.js')).resolveSubscription,
};

/**
 * The path parameters of an input that name a record by a natural key rather than by its id.
 *
 * @example
 * keyedParams(endpoint, { id: 'INV-000004' }) // ['id']
 */
export function keyedParams(
  endpoint: Pick<Endpoint, 'path' | 'params'>,
  input: Readonly<Record<string, unknown>>,
): string[] {
  return endpoint.params.filter((param) => {
    const value = input[param];
    return (
      recordOfParam(endpoint.path, param) !== undefined &&
      typeof value === 'string' &&
      value.trim() !== '' &&
      !/^\s*\d+\s*$/.test(value)
    );
  });
}

/**
 * The input with each path parameter that names a record by a natural key replaced by the record's id,
 * one request per key (none for plain ids, and no API read at all when every one is an id). An unknown or
 * ambiguous key exits 2 before anything is written.
 *
 * @example
 * await resolvePathKeys(() => c.api(), endpoint, { id: 'INV-000004', method: 'bacs' }) // { id: 4, method: 'bacs' }
 */
export async function resolvePathKeys(
  api: () => Promise<ApiMethods>,
  endpoint: Pick<Endpoint, 'path' | 'params'>,
  input: Readonly<Record<string, unknown>>,
): Promise<Readonly<Record<string, unknown>>> {
  const out: Record<string, unknown> = { ...input };
  for (const param of keyedParams(endpoint, input)) {
    const record = recordOfParam(endpoint.path, param) as KeyedRecord;
    out[param] = await (await RESOLVERS[record]())(await api(), String(input[param]));
  }
  return out;
}
