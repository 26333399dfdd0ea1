/**
 * The parts of API answers that curated commands rely on, checked with zod where they come in. Objects
 * are loose: keys not named here pass through, so `--json` still prints what the API said.
 */
import * as z from 'zod/mini';
import type { ObjectShape, ValueOf } from '../../core/shapes/define.js';
import { SESSION_USER } from '../../core/shapes/user.js';
import { CliError, EXIT } from '../cli-error.js';

// zod/mini (issue 19): `schools show 1` reads these, and a one-off command should not load classic zod.
const count = z.number().check(z.int(), z.nonnegative());
const int = () => z.number().check(z.int());
const text = () => z.nullish(z.string());

export const schoolRecord = z.looseObject({
  id: int(),
  name: z.string(),
  country: text(),
  region: text(),
  locale: text(),
  code: text(),
  pupil_count: z.optional(count),
  teacher_count: z.optional(count),
  group_count: z.optional(count),
});
export type SchoolRecord = z.infer<typeof schoolRecord>;

export const subscriptionRecord = z.looseObject({
  id: int(),
  school_id: int(),
  state: z.string(),
  kind: text(),
  product_id: z.nullish(int()),
  product: z.nullish(z.looseObject({ name: z.string(), code: text() })),
  start_date: text(),
  expiry: text(),
  seats: z.nullish(count),
  teacher_seats: z.nullish(count),
  assigned: z.nullish(z.looseObject({ users: count, teachers: count })),
  seats_available: z.nullish(count),
  teacher_seats_available: z.nullish(count),
});
export type SubscriptionRecord = z.infer<typeof subscriptionRecord>;

export const invoiceRecord = z.looseObject({
  id: int(),
  number: text(),
  subscription_id: z.nullish(int()),
  state: z.string(),
  currency: z.string(),
  total: int(),
  amount_due: z.nullish(int()),
  due_at: text(),
});
export type InvoiceRecord = z.infer<typeof invoiceRecord>;

/**
 * The value under `key` of an API answer, checked against `schema`; a different shape is a failed
 * request (exit 1) naming what was missing, not a crash further on.
 *
 * @example
 * const school = answerOf((await api.schools.show({ id: 1 })).data, 'school', schoolRecord, 'GET schools/1');
 */
export function answerOf<T>(data: unknown, key: string, schema: z.core.$ZodType<T>, call: string): T {
  const parsed = z.safeParse(schema, valueOf(data, key));
  if (parsed.success) return parsed.data;
  throw notAnswered(call, key, parsed.error.issues[0]);
}

const valueOf = (data: unknown, key: string): unknown => (data !== null && typeof data === 'object' ? (data as Record<string, unknown>)[key] : undefined);

/** A failed request (exit 1) naming what the answer lacked. */
function notAnswered(call: string, key: string, issue: { readonly path: readonly PropertyKey[]; readonly message: string } | undefined): CliError {
  const where = issue && issue.path.length > 0 ? ` (${key}.${issue.path.map(String).join('.')}: ${issue.message})` : '';
  return new CliError(`${call} answered without the expected ${key}${where}`, EXIT.requestFailed);
}

/**
 * The value under `key` of an API answer, checked against its shape as core declares it (core/shapes,
 * with zod/mini, loosely: keys the shape does not name pass through); a different one is a failed request
 * (exit 1), as with `answerOf`.
 *
 * @example
 * const user = await answerShaped((await api.me.show()).data, 'user', SESSION_USER, 'GET users/me');
 */
export async function answerShaped<S extends ObjectShape>(data: unknown, key: string, shape: S, call: string): Promise<ValueOf<S>> {
  const { replySchema } = await import('../../core/shapes/schema.js');
  const parsed = replySchema(shape).safeParse(valueOf(data, key));
  if (parsed.success) return parsed.data as ValueOf<S>;
  throw notAnswered(call, key, parsed.error.issues[0]);
}

/** A product's name for people: its name, else its code, else its id. */
export function productName(sub: SubscriptionRecord): string {
  return sub.product?.name ?? sub.product?.code ?? (sub.product_id ? `product ${sub.product_id}` : 'subscription');
}

/** "Oakfield Primary School (school 1, GB)". */
export function schoolLabel(school: SchoolRecord): string {
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
