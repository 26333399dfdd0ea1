/**
 * The table's field language: what a payload field of an entry may be (`'day'`, `{ oneOf }`, `{ kind, min, max }`),
 * the TypeScript type each kind holds, and one normal form of a spec (`fieldInfo`) for those that read specs.
 * Entries write these as plain data; `schemas.ts` builds the zod schemas from them on first use.
 */

/**
 * The kind of a payload field. A trailing `?` makes the field optional.
 * - `string`, `int`, `number`, `boolean`: the JSON value of that type (query strings are coerced).
 * - `text`: a string with surrounding whitespace trimmed (lengths count the trimmed text).
 * - `date`: an ISO 8601 date or date-time string naming a real day and time of day (`2026-02-30` is refused).
 * - `day`: a calendar day, `YYYY-MM-DD`. A date-time is accepted and cut to the day it is written in
 *   (`2026-11-02T23:30:00-05:00` is `2026-11-02`), so a client that sends a date-time where a day is
 *   wanted keeps working, and the handler always gets a day.
 * - `id`: a positive integer or a non-empty string id. Text is taken as the number only when it is the
 *   number's own spelling (`42`); other text (`007`, `0`, 20 digits) stays the string it was.
 * - `serial`: the id of a row the platform numbers (as `{id}` in paths): a whole number from 1; digits
 *   sent as text are taken as the number, anything else is refused.
 * - `ids`: a list of ids, or a comma-joined string of them (or `*` where the endpoint allows all).
 * - `flag`: 0 or 1 (`true` and `false` are taken as 1 and 0).
 * - `take`: a list call's page size, a whole number from 1 to MAX_TAKE (1000); declare paging with
 *   `{ skip: 'skip?', take: 'take?' }` so the range is stated once, here, not per endpoint.
 * - `skip`: how many items a list call passes over, a whole number from 0.
 * - `strings`: a list of strings.
 * - `json`: any JSON value (objects, lists, text).
 * - `object`: a JSON object of any keys and values (`{ "theme": "dark" }`); a list or a text is refused.
 *
 * Beside the kinds, a field may be written as an object of plain data: `{ oneOf: [...] }` (an `EnumField`),
 * `{ kind, min, max, expected }` (a `KindField`: limits, and for text the words a refused value is told), or
 * `{ kind: 'text', pattern, expected, example, case }` (a `PatternField`: a text of a set form, such as a
 * username or a country code).
 */
export const FIELD_KINDS = [
  'string',
  'text',
  'int',
  'number',
  'boolean',
  'date',
  'day',
  'id',
  'serial',
  'ids',
  'flag',
  'take',
  'skip',
  'strings',
  'json',
  'object',
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

/** The kinds whose value is text: `expected` applies to them, and `pattern` (see `PatternField`). */
export const TEXT_KINDS = ['string', 'text'] as const;
export type TextKind = (typeof TEXT_KINDS)[number];

/** A field that takes one of a fixed list of values (`{ oneOf: PAYMENT_METHODS }`). */
export interface EnumField {
  readonly oneOf: readonly [string, ...string[]];
  readonly optional?: true;
  /** `null` is accepted too (it clears the value). */
  readonly nullable?: true;
}

/** The kinds `min` and `max` apply to: a length for `string` and `text`, a value for `int` and `number`, a count of items for `strings`. */
export const SIZED_KINDS = ['string', 'text', 'int', 'number', 'strings'] as const;
export type SizedKind = (typeof SIZED_KINDS)[number];

/**
 * A field with limits, for what a handler would otherwise check again (`{ kind: 'text', min: 1, max: 120 }`,
 * `{ kind: 'int', min: 0, optional: true }`). Plain data like the string forms: the schema is built on first use.
 */
export interface KindField {
  readonly kind: FieldKind;
  readonly optional?: true;
  /** `null` is accepted too (it clears the value). */
  readonly nullable?: true;
  /** Smallest length, value or count (see `SIZED_KINDS`). */
  readonly min?: number;
  /** Largest length, value or count (see `SIZED_KINDS`). */
  readonly max?: number;
  /**
   * For `string` and `text` only: what the value must be, in words (`'a password of 4 to 100 characters'`).
   * A refused value is told `expected <expected>` in place of the kind's own words, and help shows it.
   */
  readonly expected?: string;
  /** A field with a pattern is a `PatternField`. */
  readonly pattern?: never;
}

/**
 * A text of a set form (`{ kind: 'text', pattern: '^[A-Za-z0-9]{1,40}$', expected: '1-40 letters or digits',
 * example: 'amy', case: 'lower' }`). Plain data like the other forms: the regular expression is built on first use.
 */
export interface PatternField {
  readonly kind: TextKind;
  readonly optional?: true;
  /** `null` is accepted too (it clears the value). */
  readonly nullable?: true;
  /** The source of a regular expression the value must match (after `text` trims it); anchor it to match the whole. */
  readonly pattern: string;
  /** The form in words: a value that does not match is told `expected <expected>`, and help shows it. */
  readonly expected: string;
  /** A value of the form, for help examples. */
  readonly example: string;
  /** Lower- or upper-cases the value once it matched (usernames are kept lower-case, country codes upper-case). */
  readonly case?: 'lower' | 'upper';
}

/** Two or more payload keys that go together in a rule of the entry (`exactlyOne`). */
export type KeyGroup = readonly [string, string, ...string[]];

/**
 * The words of an `exactlyOne` group, as refusals and the OpenAPI document give them.
 *
 * @example
 * exactlyOneWords(['username', 'email']) // 'exactly one of username or email'
 */
export function exactlyOneWords(group: KeyGroup): string {
  return `exactly one of ${group.slice(0, -1).join(', ')} or ${group.at(-1) ?? ''}`;
}

export type FieldSpec = FieldKind | `${FieldKind}?` | EnumField | KindField | PatternField;

export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** The TypeScript type a field kind accepts (and, after the table's schema parsed it, holds). */
export interface FieldTypes {
  string: string;
  text: string;
  int: number;
  number: number;
  boolean: boolean;
  date: string;
  day: string;
  id: string | number;
  serial: number | string;
  ids: readonly (string | number)[] | string;
  flag: 0 | 1;
  take: number;
  skip: number;
  strings: readonly string[];
  json: JsonValue;
  object: { readonly [key: string]: JsonValue };
}

/** The type a field holds after the table's schema parsed it, where that differs from what it accepts. */
export interface ParsedFieldTypes extends Omit<FieldTypes, 'serial'> {
  serial: number;
}

/** A field spec in one shape, whichever way the entry wrote it: `enum` for a `{ oneOf }` field. */
export interface FieldInfo {
  readonly kind: FieldKind | 'enum';
  readonly optional: boolean;
  readonly nullable: boolean;
  readonly min?: number;
  readonly max?: number;
  readonly oneOf?: readonly string[];
  /** A text's form in words (a `PatternField`'s, or a `KindField`'s `expected`). */
  readonly expected?: string;
  /** A `PatternField`'s regular expression, its example and its case. */
  readonly pattern?: string;
  readonly example?: string;
  readonly case?: 'lower' | 'upper';
}

/**
 * Whether a field's value is JSON of its own (`json`, `object`): the CLI parses its flag and its file cells as JSON.
 *
 * @example
 * takesJson('object?') // true
 */
export function takesJson(spec: FieldSpec): boolean {
  const { kind } = fieldInfo(spec);
  return kind === 'json' || kind === 'object';
}

/**
 * Whether a field spec is a text of a set form.
 *
 * @example
 * isPatternField({ kind: 'text', pattern: '^[a-z]+$', expected: 'lower-case letters', example: 'abc' }) // true
 */
export function isPatternField(spec: FieldSpec): spec is PatternField {
  return typeof spec === 'object' && 'pattern' in spec && typeof spec.pattern === 'string';
}

/**
 * What a field spec says, as one shape (cheap: no schema is built).
 *
 * @example
 * fieldInfo('int?') // { kind: 'int', optional: true, nullable: false }
 * fieldInfo({ kind: 'text', max: 120 }) // { kind: 'text', optional: false, nullable: false, max: 120 }
 */
export function fieldInfo(spec: FieldSpec): FieldInfo {
  if (typeof spec === 'string') {
    const optional = spec.endsWith('?');
    return { kind: (optional ? spec.slice(0, -1) : spec) as FieldKind, optional, nullable: false };
  }
  const base = { optional: spec.optional === true, nullable: spec.nullable === true };
  if ('oneOf' in spec) return { kind: 'enum', ...base, oneOf: spec.oneOf };
  if (isPatternField(spec)) {
    const { pattern, expected, example } = spec;
    return {
      kind: spec.kind,
      ...base,
      pattern,
      expected,
      example,
      ...(spec.case === undefined ? {} : { case: spec.case }),
    };
  }
  const { min, max, expected } = spec;
  return {
    kind: spec.kind,
    ...base,
    ...(min === undefined ? {} : { min }),
    ...(max === undefined ? {} : { max }),
    ...(expected === undefined ? {} : { expected }),
  };
}
