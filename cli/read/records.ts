/**
 * The parts of API answers that curated commands rely on, checked with zod where they come in. Objects
 * are loose: keys not named here pass through, so `--json` still prints what the API said.
 */
import { z } from 'zod';
import { CliError, EXIT } from '../cli-error.js';

const count = z.number().int().nonnegative();

export const schoolRecord = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  country: z.string().nullish(),
  region: z.string().nullish(),
  locale: z.string().nullish(),
  code: z.string().nullish(),
  pupil_count: count.optional(),
  teacher_count: count.optional(),
  group_count: count.optional(),
});
export type SchoolRecord = z.infer<typeof schoolRecord>;

export const subscriptionRecord = z.looseObject({
  id: z.number().int(),
  school_id: z.number().int(),
  state: z.string(),
  kind: z.string().nullish(),
  product_id: z.number().int().nullish(),
  product: z.looseObject({ name: z.string(), code: z.string().nullish() }).nullish(),
  start_date: z.string().nullish(),
  expiry: z.string().nullish(),
  seats: count.nullish(),
  teacher_seats: count.nullish(),
  assigned: z.looseObject({ users: count, teachers: count }).nullish(),
  seats_available: count.nullish(),
  teacher_seats_available: count.nullish(),
});
export type SubscriptionRecord = z.infer<typeof subscriptionRecord>;

export const invoiceRecord = z.looseObject({
  id: z.number().int(),
  number: z.string().nullish(),
  subscription_id: z.number().int().nullish(),
  state: z.string(),
  currency: z.string(),
  total: z.number().int(),
  amount_due: z.number().int().nullish(),
  due_at: z.string().nullish(),
});
export type InvoiceRecord = z.infer<typeof invoiceRecord>;

/**
 * The value under `key` of an API answer, checked against `schema`; a different shape is a failed
 * request (exit 1) naming what was missing, not a crash further on.
 *
 * @example
 * const school = answerOf((await api.schools.show({ id: 1 })).data, 'school', schoolRecord, 'GET schools/1');
 */
export function answerOf<T>(data: unknown, key: string, schema: z.ZodType<T>, call: string): T {
  const value = data !== null && typeof data === 'object' ? (data as Record<string, unknown>)[key] : undefined;
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` (${key}.${issue.path.join('.')}: ${issue.message})` : '';
  throw new CliError(`${call} answered without the expected ${key}${where}`, EXIT.requestFailed);
}

/** A product's name for people: its name, else its code, else its id. */
export function productName(sub: SubscriptionRecord): string {
  return sub.product?.name ?? sub.product?.code ?? (sub.product_id ? `product ${sub.product_id}` : 'subscription');
}

/** "Oakfield Primary School (school 1, GB)". */
export function schoolLabel(school: SchoolRecord): string {
  return `${school.name} (school ${school.id}${school.country ? `, ${school.country}` : ''})`;
}

/** Who the token belongs to (`GET users/me`): role flags and school. */
export const meRecord = z.object({
  user: z.looseObject({
    id: z.union([z.number(), z.string()]),
    username: z.string().nullish(),
    display_name: z.string().nullish(),
    kind: z.string().nullish(),
    superuser: z.boolean().nullish(),
    employee: z.boolean().nullish(),
    district_id: z.number().int().nullish(),
    school: z.looseObject({ id: z.union([z.number(), z.string()]).optional(), name: z.string().optional(), admin: z.boolean().nullish() }).nullish(),
  }),
});
