import { z } from 'zod';
import { MAX_TAKE } from '../domain/constants.js';
import { isoDateProblem } from '../domain/dates.js';
import { isPatternField, SIZED_KINDS, TEXT_KINDS, type Endpoint, type FieldKind, type FieldSpec, type KindField, type PatternField, type SizedKind, type TextKind } from './define.js';

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

/**
 * A `day` field: a calendar day. A date-time is accepted (and checked the same way) and cut to the day it is written in.
 *
 * @example
 * isoDay.parse('2026-11-02T10:30:00Z') // '2026-11-02'
 */
export const isoDay: z.ZodType<string> = isoDate.transform((text) => text.slice(0, 10));

const jsonValue: z.ZodType<unknown> = z.json();

function fromText<T extends z.ZodType>(schema: T, parse: (text: string) => unknown): z.ZodType<z.output<T>> {
  return z.preprocess((v) => (typeof v === 'string' ? parse(v) : v), schema) as unknown as z.ZodType<z.output<T>>;
}

const numberText = (s: string): unknown => (s.trim() !== '' && !Number.isNaN(Number(s)) ? Number(s) : s);
// An `id` is opaque: only digits that are a number's own spelling (`42`, not `042`, `4e1` or 20 digits)
// become the number; any other text stays the string it was, so an external id such as `007` survives.
const idText = (s: string): unknown => (/^[1-9]\d*$/.test(s) && Number.isSafeInteger(Number(s)) ? Number(s) : s);
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
  text: () => z.string().trim(),
  int: () => fromText(z.number().int(), numberText),
  number: () => fromText(z.number().finite(), numberText),
  boolean: () => fromText(z.boolean(), boolText),
  date: () => isoDate,
  day: () => isoDay,
  id: () => fromText(idSchema, idText),
  serial: () => wholeNumber(1, Number.MAX_SAFE_INTEGER, 'expected an id, a whole number from 1'),
  ids: () => z.union([z.array(idSchema).min(1), z.string().regex(/^(?:\*|[^,\s]+(?:,[^,\s]+)*)$/, 'expected ids, comma-joined, or *')]),
  // true and false are taken as 1 and 0: the platform's flags are written both ways.
  flag: () => fromText(z.union([z.literal(0), z.literal(1), z.boolean().transform((b): 0 | 1 => (b ? 1 : 0))]), numberText),
  take: () => takeSchema,
  skip: () => skipSchema,
  strings: () => fromText(z.array(z.string()), (s) => s.split(',')),
  json: () => jsonValue,
  object: () => z.record(z.string(), jsonValue, { error: 'expected a JSON object' }),
};

// `min`/`max` of a sized kind: lengths of text, values of numbers, counts of list items (numbers of query
// text are coerced first, so the limits check the number).
const SIZED: Record<SizedKind, (min: number | undefined, max: number | undefined) => z.ZodType> = {
  string: (min, max) => textSchema('string', min, max),
  text: (min, max) => textSchema('text', min, max),
  int: (min, max) => fromText(limited(z.number().int(), min, max), numberText),
  number: (min, max) => fromText(limited(z.number().finite(), min, max), numberText),
  strings: (min, max) => fromText(limited(z.array(z.string()), min, max), (s) => s.split(',')),
};

function limited<T extends z.ZodString | z.ZodNumber | z.ZodArray<z.ZodString>>(schema: T, min: number | undefined, max: number | undefined): z.ZodType {
  let out: z.ZodString | z.ZodNumber | z.ZodArray<z.ZodString> = schema;
  if (min !== undefined) out = (out as z.ZodString).min(min);
  if (max !== undefined) out = (out as z.ZodString).max(max);
  return out;
}

// A `string` or `text` field; `message` (from the spec's `expected`) replaces zod's words for every way it can fail.
function textSchema(kind: TextKind, min: number | undefined, max: number | undefined, message?: string): z.ZodString {
  let schema = z.string(message === undefined ? undefined : { error: message });
  if (kind === 'text') schema = schema.trim();
  if (min !== undefined) schema = schema.min(min, message);
  if (max !== undefined) schema = schema.max(max, message);
  return schema;
}

// Checked before the case is changed, so a pattern of plain letters keeps its meaning (`ß` does not become `SS`).
function patternSchema(spec: PatternField): z.ZodType {
  const message = `expected ${spec.expected}`;
  const schema = textSchema(spec.kind, undefined, undefined, message).regex(new RegExp(spec.pattern, 'u'), message);
  if (spec.case === 'lower') return schema.toLowerCase();
  return spec.case === 'upper' ? schema.toUpperCase() : schema;
}

function isSized(kind: FieldKind): kind is SizedKind {
  return (SIZED_KINDS as readonly string[]).includes(kind);
}

function isText(kind: FieldKind): kind is TextKind {
  return (TEXT_KINDS as readonly string[]).includes(kind);
}

function kindSchema(spec: KindField): z.ZodType {
  if (spec.expected !== undefined) {
    if (!isText(spec.kind)) throw new Error(`expected applies to ${TEXT_KINDS.join(' and ')}, not to a ${spec.kind} field`);
    return textSchema(spec.kind, spec.min, spec.max, `expected ${spec.expected}`);
  }
  if (spec.min === undefined && spec.max === undefined) return KIND_SCHEMAS[spec.kind]();
  if (!isSized(spec.kind)) throw new Error(`min and max apply to ${SIZED_KINDS.join(', ')}, not to a ${spec.kind} field`);
  return SIZED[spec.kind](spec.min, spec.max);
}

/** The zod schema of one field spec (`'int?'` is an optional integer, `{ kind: 'text', max: 120 }` a trimmed text of at most 120 characters). */
export function fieldSchema(spec: FieldSpec): z.ZodType {
  if (typeof spec === 'object') {
    let schema: z.ZodType = 'oneOf' in spec ? z.enum(spec.oneOf) : isPatternField(spec) ? patternSchema(spec) : kindSchema(spec);
    if (spec.nullable) schema = schema.nullable();
    return spec.optional ? schema.optional() : schema;
  }
  const optional = spec.endsWith('?');
  const kind = (optional ? spec.slice(0, -1) : spec) as FieldKind;
  const schema = KIND_SCHEMAS[kind]();
  return optional ? schema.optional() : schema;
}

const fieldsCache = new WeakMap<Readonly<Record<string, FieldSpec>>, { open?: z.ZodType<Record<string, unknown>>; closed?: z.ZodType<Record<string, unknown>> }>();

/**
 * The schema of an object whose keys are the given field specs (an entry's payload is one). Keys the
 * specs do not name are kept when `open`, and refused otherwise. Memoised per specs object.
 *
 * @example
 * fieldsSchema({ name: { kind: 'text', min: 1 }, seats: 'int?' }, { open: true }).parse({ name: ' Oak ', seats: '30', x: 1 })
 * // { name: 'Oak', seats: 30, x: 1 }
 */
export function fieldsSchema(fields: Readonly<Record<string, FieldSpec>>, options: { readonly open: boolean }): z.ZodType<Record<string, unknown>> {
  let cached = fieldsCache.get(fields);
  if (!cached) fieldsCache.set(fields, (cached = {}));
  const which = options.open ? 'open' : 'closed';
  let schema = cached[which];
  if (!schema) {
    const shape = Object.fromEntries(Object.entries(fields).map(([key, spec]) => [key, fieldSchema(spec)]));
    schema = (options.open ? z.looseObject(shape) : z.strictObject(shape)) as z.ZodType<Record<string, unknown>>;
    cached[which] = schema;
  }
  return schema;
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
    schema = fieldsSchema(endpoint.payload ?? {}, { open: endpoint.open === true });
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
