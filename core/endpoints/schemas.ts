import { z } from 'zod';
import { MAX_TAKE } from '../domain/constants.js';
import { isoDateProblem } from '../domain/dates.js';
import type { Endpoint, FieldKind, FieldSpec } from './define.js';

/**
 * Zod schemas derived from an entry's field specs. Built on first use and memoised, so loading the
 * table stays cheap. Values that arrive as query-string text (`"12"`, `"true"`, `"1,2"`) are coerced.
 */

const idSchema = z.union([z.number().int().positive(), z.string().min(1)]);

/**
 * A `date` field: an ISO 8601 day or date-time that names a real day and time (see `isoDateProblem`).
 *
 * @example
 * isoDate.safeParse('2026-02-30').error?.issues[0]?.message
 * // 'expected an ISO 8601 date (YYYY-MM-DD) or date-time: 2026-02-30 is not a day of the calendar'
 */
export const isoDate: z.ZodType<string> = z.string().superRefine((text, ctx) => {
  const problem = isoDateProblem(text);
  if (problem !== null) ctx.addIssue({ code: 'custom', message: `expected an ISO 8601 date (YYYY-MM-DD) or date-time: ${problem}` });
});

const jsonValue: z.ZodType<unknown> = z.json();

function fromText<T extends z.ZodType>(schema: T, parse: (text: string) => unknown): z.ZodType<z.output<T>> {
  return z.preprocess((v) => (typeof v === 'string' ? parse(v) : v), schema) as unknown as z.ZodType<z.output<T>>;
}

const numberText = (s: string): unknown => (s.trim() !== '' && !Number.isNaN(Number(s)) ? Number(s) : s);
const boolText = (s: string): unknown => (s === 'true' || s === '1' ? true : s === 'false' || s === '0' ? false : s);

function wholeNumber(min: number, max: number, message: string): z.ZodType<number> {
  return fromText(z.number({ error: message }).int(message).min(min, message).max(max, message), numberText);
}

/**
 * A `take` field: a list call's page size, 1 to MAX_TAKE. The sandbox pages with it too.
 *
 * @example
 * takeSchema.safeParse('1001').success // false: 'expected a whole number from 1 to 1000'
 */
export const takeSchema = wholeNumber(1, MAX_TAKE, `expected a whole number from 1 to ${MAX_TAKE}`);

/**
 * A `skip` field: how many items a list call passes over, 0 or more.
 *
 * @example
 * skipSchema.parse('20') // 20
 */
export const skipSchema = wholeNumber(0, Number.MAX_SAFE_INTEGER, 'expected a whole number, 0 or more');

const KIND_SCHEMAS: Record<FieldKind, () => z.ZodType> = {
  string: () => z.string(),
  int: () => fromText(z.number().int(), numberText),
  number: () => fromText(z.number().finite(), numberText),
  boolean: () => fromText(z.boolean(), boolText),
  date: () => isoDate,
  id: () => fromText(idSchema, numberText),
  ids: () => z.union([z.array(idSchema).min(1), z.string().regex(/^(?:\*|[^,\s]+(?:,[^,\s]+)*)$/, 'expected ids, comma-joined, or *')]),
  flag: () => fromText(z.union([z.literal(0), z.literal(1)]), numberText),
  take: () => takeSchema,
  skip: () => skipSchema,
  strings: () => fromText(z.array(z.string()), (s) => s.split(',')),
  json: () => jsonValue,
};

/** The zod schema of one field spec (`'int?'` is an optional integer). */
export function fieldSchema(spec: FieldSpec): z.ZodType {
  if (typeof spec === 'object') {
    const schema = z.enum(spec.oneOf);
    return spec.optional ? schema.optional() : schema;
  }
  const optional = spec.endsWith('?');
  const kind = (optional ? spec.slice(0, -1) : spec) as FieldKind;
  const schema = KIND_SCHEMAS[kind]();
  return optional ? schema.optional() : schema;
}

const payloadCache = new WeakMap<Endpoint, z.ZodType<Record<string, unknown>>>();
const paramsCache = new WeakMap<Endpoint, z.ZodType<Record<string, string>>>();

/**
 * The schema of an entry's payload. Keys the spec does not name are kept when the entry is `open`,
 * and refused otherwise.
 *
 * @example
 * payloadSchema(endpoint).safeParse({ method: 'bacs', date: '2026-11-02' })
 */
export function payloadSchema(endpoint: Endpoint): z.ZodType<Record<string, unknown>> {
  let schema = payloadCache.get(endpoint);
  if (!schema) {
    const shape = Object.fromEntries(Object.entries(endpoint.payload ?? {}).map(([key, spec]) => [key, fieldSchema(spec)]));
    schema = (endpoint.open ? z.looseObject(shape) : z.strictObject(shape)) as z.ZodType<Record<string, unknown>>;
    payloadCache.set(endpoint, schema);
  }
  return schema;
}

/**
 * The schema of an entry's path parameters: each a non-empty string without a slash; `{id}`, which the
 * platform numbers, a whole number from 1 (so `invoices mark-paid abc` is refused before anything is sent).
 */
export function paramsSchema(endpoint: Endpoint): z.ZodType<Record<string, string>> {
  let schema = paramsCache.get(endpoint);
  if (!schema) {
    const segment = z.coerce.string().min(1).refine((s) => !s.includes('/'), 'must not contain "/"');
    const numbered = z.coerce
      .string()
      .refine((s) => /^[1-9]\d*$/.test(s) && Number.isSafeInteger(Number(s)), `expected a whole number from 1 to ${Number.MAX_SAFE_INTEGER}`);
    schema = z.strictObject(Object.fromEntries(endpoint.params.map((name) => [name, name === 'id' ? numbered : segment]))) as z.ZodType<Record<string, string>>;
    paramsCache.set(endpoint, schema);
  }
  return schema;
}
