import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import { MAX_TAKE } from '../domain/constants.js';
import { isoDateProblem } from '../domain/dates.js';
import {
  exactlyOneWords,
  isPatternField,
  SIZED_KINDS,
  TEXT_KINDS,
  type Endpoint,
  type KeyGroup,
  type FieldKind,
  type FieldSpec,
  type KindField,
  type PatternField,
  type SizedKind,
  type TextKind,
} from './define.js';

/**
 * Zod schemas derived from an entry's field specs. Built on first use and memoised, so loading the
 * table stays cheap. Values that arrive as query-string text (`"12"`, `"true"`, `"1,2"`) are coerced.
 *
 * `zod/mini`, so that a one-off command with input checks it without loading classic zod's methods.
 * mini carries no words of its own, so zod's English ones are set here, as classic zod sets them when it
 * loads (unless a locale was chosen already): every message the CLI and the sandbox print stays the same.
 */
if (z.config().localeError === undefined) z.config(en());

const idSchema = z.union([z.number().check(z.int(), z.positive()), z.string().check(z.minLength(1))]);

/**
 * A `date` field: an ISO 8601 day or date-time that names a real day and time (see `isoDateProblem`).
 *
 * @example
 * isoDate.safeParse('2026-02-30').error?.issues[0]?.message
 * // 'expected an ISO 8601 date (YYYY-MM-DD) or date-time: 2026-02-30 is not a day of the calendar'
 */
export const isoDate: z.ZodMiniType<string> = z.string().check(
  z.superRefine((text, ctx) => {
    const problem = isoDateProblem(text);
    if (problem !== null)
      ctx.addIssue({ code: 'custom', message: `expected an ISO 8601 date (YYYY-MM-DD) or date-time: ${problem}` });
  }),
);

/**
 * A `day` field: a calendar day. A date-time is accepted (and checked the same way) and cut to the day it is written in.
 *
 * @example
 * isoDay.parse('2026-11-02T10:30:00Z') // '2026-11-02'
 */
export const isoDay: z.ZodMiniType<string> = z.pipe(
  isoDate,
  z.transform((text: string) => text.slice(0, 10)),
);

const jsonValue: z.ZodMiniType<unknown> = z.json();

function fromText<T extends z.ZodMiniType>(schema: T, parse: (text: string) => unknown): z.ZodMiniType<z.output<T>> {
  return z.pipe(
    z.transform((v: unknown) => (typeof v === 'string' ? parse(v) : v)),
    schema,
  ) as unknown as z.ZodMiniType<z.output<T>>;
}

const numberText = (s: string): unknown => (s.trim() !== '' && !Number.isNaN(Number(s)) ? Number(s) : s);
// An `id` is opaque: only digits that are a number's own spelling (`42`, not `042`, `4e1` or 20 digits)
// become the number; any other text stays the string it was, so an external id such as `007` survives.
const idText = (s: string): unknown => (/^[1-9]\d*$/.test(s) && Number.isSafeInteger(Number(s)) ? Number(s) : s);
const boolText = (s: string): unknown => (s === 'true' || s === '1' ? true : s === 'false' || s === '0' ? false : s);

function wholeNumber(min: number, max: number, message: string): z.ZodMiniType<number> {
  return fromText(
    z.number({ error: message }).check(z.int(message), z.gte(min, message), z.lte(max, message)),
    numberText,
  );
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

const integer = () => z.number().check(z.int());

const KIND_SCHEMAS: Record<FieldKind, () => z.ZodMiniType> = {
  string: () => z.string(),
  text: () => z.string().check(z.trim()),
  int: () => fromText(integer(), numberText),
  number: () => fromText(z.number(), numberText),
  boolean: () => fromText(z.boolean(), boolText),
  date: () => isoDate,
  day: () => isoDay,
  id: () => fromText(idSchema, idText),
  serial: () => wholeNumber(1, Number.MAX_SAFE_INTEGER, 'expected an id, a whole number from 1'),
  ids: () =>
    z.union([
      z.array(idSchema).check(z.minLength(1)),
      z.string().check(z.regex(/^(?:\*|[^,\s]+(?:,[^,\s]+)*)$/, 'expected ids, comma-joined, or *')),
    ]),
  // true and false are taken as 1 and 0: the platform's flags are written both ways.
  flag: () =>
    fromText(
      z.union([
        z.literal(0),
        z.literal(1),
        z.pipe(
          z.boolean(),
          z.transform((b: boolean): 0 | 1 => (b ? 1 : 0)),
        ),
      ]),
      numberText,
    ),
  take: () => takeSchema,
  skip: () => skipSchema,
  strings: () => fromText(z.array(z.string()), (s) => s.split(',')),
  json: () => jsonValue,
  object: () => z.record(z.string(), jsonValue, { error: 'expected a JSON object' }),
};

// `min`/`max` of a sized kind: lengths of text, values of numbers, counts of list items (numbers of query
// text are coerced first, so the limits check the number).
const SIZED: Record<SizedKind, (min: number | undefined, max: number | undefined) => z.ZodMiniType> = {
  string: (min, max) => textSchema('string', min, max),
  text: (min, max) => textSchema('text', min, max),
  int: (min, max) => fromText(integer().check(...bounds(z.gte, min, max, z.lte)), numberText),
  number: (min, max) => fromText(z.number().check(...bounds(z.gte, min, max, z.lte)), numberText),
  strings: (min, max) =>
    fromText(z.array(z.string()).check(...bounds(z.minLength, min, max, z.maxLength)), (s) => s.split(',')),
};

/** The checks of a `min` and a `max`, each where given. */
function bounds<L, M>(
  atLeast: (n: number, message?: string) => L,
  min: number | undefined,
  max: number | undefined,
  atMost: (n: number, message?: string) => M,
  message?: string,
): (L | M)[] {
  return [...(min === undefined ? [] : [atLeast(min, message)]), ...(max === undefined ? [] : [atMost(max, message)])];
}

// A `string` or `text` field; `message` (from the spec's `expected`) replaces zod's words for every way it can fail.
function textSchema(
  kind: TextKind,
  min: number | undefined,
  max: number | undefined,
  message?: string,
): z.ZodMiniString {
  const schema = z.string(message === undefined ? undefined : { error: message });
  return schema.check(...(kind === 'text' ? [z.trim()] : []), ...bounds(z.minLength, min, max, z.maxLength, message));
}

// Checked before the case is changed, so a pattern of plain letters keeps its meaning (`ß` does not become `SS`).
function patternSchema(spec: PatternField): z.ZodMiniType {
  const message = `expected ${spec.expected}`;
  const schema = textSchema(spec.kind, undefined, undefined, message).check(
    z.regex(new RegExp(spec.pattern, 'u'), message),
  );
  if (spec.case === 'lower') return schema.check(z.toLowerCase());
  return spec.case === 'upper' ? schema.check(z.toUpperCase()) : schema;
}

function isSized(kind: FieldKind): kind is SizedKind {
  return (SIZED_KINDS as readonly string[]).includes(kind);
}

function isText(kind: FieldKind): kind is TextKind {
  return (TEXT_KINDS as readonly string[]).includes(kind);
}

function kindSchema(spec: KindField): z.ZodMiniType {
  if (spec.expected !== undefined) {
    if (!isText(spec.kind))
      throw new Error(`expected applies to ${TEXT_KINDS.join(' and ')}, not to a ${spec.kind} field`);
    return textSchema(spec.kind, spec.min, spec.max, `expected ${spec.expected}`);
  }
  if (spec.min === undefined && spec.max === undefined) return KIND_SCHEMAS[spec.kind]();
  if (!isSized(spec.kind))
    throw new Error(`min and max apply to ${SIZED_KINDS.join(', ')}, not to a ${spec.kind} field`);
  return SIZED[spec.kind](spec.min, spec.max);
}

/** The zod schema of one field spec (`'int?'` is an optional integer, `{ kind: 'text', max: 120 }` a trimmed text of at most 120 characters). */
export function fieldSchema(spec: FieldSpec): z.ZodMiniType {
  if (typeof spec === 'object') {
    let schema: z.ZodMiniType =
      'oneOf' in spec ? z.enum(spec.oneOf) : isPatternField(spec) ? patternSchema(spec) : kindSchema(spec);
    if (spec.nullable) schema = z.nullable(schema);
    return spec.optional ? z.optional(schema) : schema;
  }
  const optional = spec.endsWith('?');
  const kind = (optional ? spec.slice(0, -1) : spec) as FieldKind;
  const schema = KIND_SCHEMAS[kind]();
  return optional ? z.optional(schema) : schema;
}

const fieldsCache = new WeakMap<
  Readonly<Record<string, FieldSpec>>,
  { open?: z.ZodMiniType<Record<string, unknown>>; closed?: z.ZodMiniType<Record<string, unknown>> }
>();

/**
 * The schema of an object whose keys are the given field specs (an entry's payload is one). Keys the
 * specs do not name are kept when `open`, and refused otherwise. Memoised per specs object.
 *
 * @example
 * fieldsSchema({ name: { kind: 'text', min: 1 }, seats: 'int?' }, { open: true }).parse({ name: ' Oak ', seats: '30', x: 1 })
 * // { name: 'Oak', seats: 30, x: 1 }
 */
export function fieldsSchema(
  fields: Readonly<Record<string, FieldSpec>>,
  options: { readonly open: boolean },
): z.ZodMiniType<Record<string, unknown>> {
  let cached = fieldsCache.get(fields);
  if (!cached) fieldsCache.set(fields, (cached = {}));
  const which = options.open ? 'open' : 'closed';
  let schema = cached[which];
  if (!schema) {
    const shape = Object.fromEntries(Object.entries(fields).map(([key, spec]) => [key, fieldSchema(spec)]));
    schema = (options.open ? z.looseObject(shape) : z.strictObject(shape)) as z.ZodMiniType<Record<string, unknown>>;
    cached[which] = schema;
  }
  return schema;
}

const payloadCache = new WeakMap<Endpoint, z.ZodMiniType<Record<string, unknown>>>();
const paramsCache = new WeakMap<Endpoint, z.ZodMiniType<Record<string, string>>>();

// A key given as empty text is not given: a query string writes a left-out value as `key=`.
const given = (payload: Readonly<Record<string, unknown>>, key: string): boolean =>
  payload[key] !== undefined && payload[key] !== '';

/** The check of an entry's `exactlyOne` groups: one issue, on the whole payload, per group given none or several. */
function exactlyOneCheck(groups: readonly KeyGroup[]) {
  return z.superRefine((payload: Record<string, unknown>, ctx) => {
    for (const group of groups) {
      const named = group.filter((key) => given(payload, key));
      if (named.length !== 1)
        ctx.addIssue({
          code: 'custom',
          path: [],
          message: `give ${exactlyOneWords(group)} (${named.length === 0 ? 'none was given' : `got ${named.join(' and ')}`})`,
        });
    }
  });
}

/**
 * The schema of an entry's payload. Keys the spec does not name are kept when the entry is `open`,
 * and refused otherwise; each `exactlyOne` group must have exactly one of its keys given.
 *
 * @example
 * payloadSchema(endpoint).safeParse({ method: 'bacs', date: '2026-11-02' })
 * payloadSchema(endpointOf('users exists')).safeParse({}).success // false: give exactly one of username, email or school_username
 */
export function payloadSchema(endpoint: Endpoint): z.ZodMiniType<Record<string, unknown>> {
  let schema = payloadCache.get(endpoint);
  if (!schema) {
    const fields = fieldsSchema(endpoint.payload ?? {}, { open: endpoint.open === true });
    // check() gives a new schema: the memoised one of the fields, which entries may share, is left as it is.
    schema = endpoint.exactlyOne?.length
      ? ((fields as z.ZodMiniObject).check(exactlyOneCheck(endpoint.exactlyOne)) as unknown as z.ZodMiniType<
          Record<string, unknown>
        >)
      : fields;
    payloadCache.set(endpoint, schema);
  }
  return schema;
}

/**
 * The schema of an entry's path parameters: each a non-empty string without a slash; `{id}`, which the
 * platform numbers, a whole number from 1 (so `invoices mark-paid abc` is refused before anything is sent).
 */
export function paramsSchema(endpoint: Endpoint): z.ZodMiniType<Record<string, string>> {
  let schema = paramsCache.get(endpoint);
  if (!schema) {
    const segment = z.coerce.string().check(
      z.minLength(1),
      z.refine((s: string) => !s.includes('/'), 'must not contain "/"'),
    );
    const numbered = z.coerce
      .string()
      .check(
        z.refine(
          (s: string) => /^[1-9]\d*$/.test(s) && Number.isSafeInteger(Number(s)),
          `expected a whole number from 1 to ${Number.MAX_SAFE_INTEGER}`,
        ),
      );
    schema = z.strictObject(
      Object.fromEntries(endpoint.params.map((name) => [name, name === 'id' ? numbered : segment])),
    ) as z.ZodMiniType<Record<string, string>>;
    paramsCache.set(endpoint, schema);
  }
  return schema;
}
