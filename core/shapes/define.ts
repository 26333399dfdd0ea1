/**
 * The language of replies: what an entry of the endpoint table answers, declared once as plain data.
 *
 * A reply is an object of keys (`{ invoice: INVOICE }`, `{ invoices: [INVOICE], total: 'int' }`). Each value is
 * - a field spec of the table's own language (`'int'`, `'text'`, `{ oneOf: INVOICE_STATES }`,
 *   `nullable('day')`), where a trailing `?` means the key may be absent;
 * - a shape: a named resource (`INVOICE`, made with `defineShape`), or an unnamed object (`inline({...})`);
 * - a list of one of these: `[INVOICE]`;
 * - one of several of these (`either(A, B)`), or one of two chosen by a boolean query flag of the request
 *   (`[byFlag('dfe_schools', { without: SCHOOL, with: REGISTER_SCHOOL })]`).
 *
 * Shapes are plain data, so an entry that names one serialises with it (the built CLI reads the table as
 * JSON); types come from the same objects (`ValueOf`), and schemas are built from them on first use
 * (`shapes/schema.ts`).
 */
import type { FieldSpec, FieldTypes, JsonValue, OptionalKeys, FieldType } from '../endpoints/define.js';

/** A value in a reply: a field spec, a shape, a list of one value, or one of several values. */
export type ReplyValue = FieldSpec | ObjectShape | ListValue | EitherValue;

/**
 * One of several values (`oneOf` in the OpenAPI document). With `flag`, exactly two, chosen by a boolean
 * query flag of the request: the first answers without the flag, the second with `flag=true`.
 */
export interface EitherValue<A extends readonly ReplyValue[] = readonly ReplyValue[]> {
  readonly either: A;
  /** The query flag that picks the second value (`dfe_schools`); absent when any of the values may come. */
  readonly flag?: string;
}

/** A list of values of one kind: `[INVOICE]`, or `listOf(INVOICE, { optional: true })` for a list whose key may be absent or null. */
export type ListValue = readonly [ReplyValue] | OptionalList;

/** A list that may be absent (`optional`) or null (`nullable`): `listOf(ACTION, { optional: true })`. */
export interface OptionalList<V extends ReplyValue = ReplyValue> {
  readonly list: V;
  readonly optional?: true;
  readonly nullable?: true;
}

/** The keys of an object shape and what each holds. */
export type ShapeFields = { readonly [key: string]: ReplyValue };

/**
 * An object in a reply. A named shape (`defineShape`) is a resource other entries share and the OpenAPI
 * document names; an inline one (`inline`) is the object of one place.
 */
export interface ObjectShape<F extends ShapeFields = ShapeFields> {
  /** The resource's name (`invoice`), or absent for an inline object. */
  readonly name?: string;
  readonly fields: F;
  /** Keys beyond those named may come too (a record of the generic store holds what was stored). */
  readonly open?: true;
  /** `null` may stand for the object. */
  readonly nullable?: true;
  /** The key may be absent. */
  readonly optional?: true;
  /** What the resource is, in a line (OpenAPI's description, `--help`). */
  readonly summary?: string;
  /** The columns a person needs by default, in order (the CLI's table); every one a key of `fields`. */
  readonly columns?: readonly string[];
  /** Keys holding money in minor units of the object's `currency` (shown as `£1,234.50` on a terminal). */
  readonly money?: readonly string[];
  /** The natural keys people name the record by instead of its id (an invoice's number), in the order a text is tried. */
  readonly keys?: readonly NaturalKey[];
  /**
   * How long each of `columns` stays on a narrow terminal: 1 (or unnamed) always, higher numbers left
   * out first (the CLI says which, and `--fields` brings them back).
   */
  readonly priority?: { readonly [column: string]: number };
}

/**
 * A natural key of a record: a field people know it by (an invoice's `number`, a user's `email`), and the
 * form a text takes when it is that key. Data, so it serialises with the shape.
 */
export interface NaturalKey<K extends string = string> {
  /** The field of the record that holds the key. */
  readonly field: K;
  /** How a message names the record by it: `numbered` in "no invoice numbered INV-999999". */
  readonly phrase: string;
  /**
   * The form a text has when it is this key: a regular expression's source, matched against the whole text
   * ignoring case; its first group, where it has one, is the value looked up (`URN 100001` -> `100001`).
   * Absent: any text an earlier key did not take.
   */
  readonly form?: string;
}

/** What an entry answers: the body's keys and what each holds. */
export type Reply = ShapeFields;

/** The options of `defineShape` besides the fields. */
export interface ShapeOptions<F extends ShapeFields> {
  readonly summary: string;
  readonly columns: readonly (keyof F & string)[];
  readonly money?: readonly (keyof F & string)[];
  readonly keys?: readonly NaturalKey<keyof F & string>[];
  /** Columns that give way on a narrow terminal, and how soon: higher numbers first; unnamed columns always stay. */
  readonly priority?: Partial<Readonly<Record<keyof F & string, number>>>;
  readonly open?: true;
}

/**
 * Declares a resource's shape once: its fields, the columns a person needs, and which fields are money.
 *
 * @example
 * export const COUNTRY = defineShape('country', { code: 'string', name: 'text' }, { summary: 'A country', columns: ['code', 'name'] });
 */
export function defineShape<const N extends string, const F extends ShapeFields>(
  name: N,
  fields: F,
  options: ShapeOptions<F>,
): ObjectShape<F> & { readonly name: N } {
  for (const column of [
    ...options.columns,
    ...(options.money ?? []),
    ...(options.keys ?? []).map((key) => key.field),
  ]) {
    if (!(column in fields)) throw new Error(`Shape ${name}: column ${column} is not one of its fields`);
  }
  for (const column of Object.keys(options.priority ?? {})) {
    if (!(options.columns as readonly string[]).includes(column))
      throw new Error(`Shape ${name}: priority names ${column}, which is not one of its columns`);
  }
  return { name, fields, ...options } as ObjectShape<F> & { readonly name: N };
}

/**
 * An unnamed object of a reply (a list's envelope, an entry's own small answer).
 *
 * @example
 * const reply = { resources: inline({ items: [RESOURCE], total: 'int' }) };
 */
export function inline<const F extends ShapeFields>(fields: F): ObjectShape<F> {
  return { fields };
}

type NullableOf<V> = V extends string
  ? { readonly kind: V extends `${infer K}?` ? K : V; readonly nullable: true }
  : V & { readonly nullable: true };

/**
 * The same value, or `null`.
 *
 * @example
 * nullable('day') // { kind: 'day', nullable: true }
 * nullable(SCHOOL) // the school, or null
 */
export function nullable<const V extends FieldSpec | ObjectShape>(value: V): NullableOf<V> {
  if (typeof value === 'string') {
    const optional = value.endsWith('?');
    return {
      kind: optional ? value.slice(0, -1) : value,
      nullable: true,
      ...(optional ? { optional: true } : {}),
    } as unknown as NullableOf<V>;
  }
  return { ...(value as object), nullable: true } as NullableOf<V>;
}

/**
 * The same value, its key allowed to be absent.
 *
 * @example
 * optional(SCHOOL) // the school, or no `school` key at all
 */
export function optional<const V extends ObjectShape>(value: V): V & { readonly optional: true } {
  return { ...value, optional: true };
}

/**
 * A list whose key may be absent or whose value may be null (a plain list is written `[X]`).
 *
 * @example
 * listOf(RECORD_ACTION, { optional: true }) // the record's actions, absent until one was applied
 */
export function listOf<
  const V extends ReplyValue,
  const O extends { readonly optional?: true; readonly nullable?: true },
>(item: V, options: O): { readonly list: V } & O {
  return { list: item, ...options };
}

/**
 * One of several values, any of which may come.
 *
 * @example
 * either('int', 'string') // a number or a text
 */
export function either<const A extends readonly [ReplyValue, ReplyValue, ...ReplyValue[]]>(
  ...values: A
): EitherValue<A> {
  return { either: values };
}

/**
 * A value that varies with a boolean query flag of the request: `without` answers unless the flag is true.
 *
 * @example
 * byFlag('dfe_schools', { without: SCHOOL, with: REGISTER_SCHOOL }) // `GET schools?dfe_schools=true` lists register entries
 */
export function byFlag<const Off extends ReplyValue, const On extends ReplyValue>(
  flag: string,
  values: { readonly without: Off; readonly with: On },
): EitherValue<readonly [Off, On]> {
  return { either: [values.without, values.with], flag };
}

/** Whether a reply value is one of several (`either`, `byFlag`). */
export function isEither(value: ReplyValue): value is EitherValue {
  return typeof value === 'object' && 'either' in value;
}

/** The value each item of a list holds. */
export function listItem(value: ListValue): ReplyValue {
  return Array.isArray(value) ? (value as readonly [ReplyValue])[0] : (value as OptionalList).list;
}

/** Whether a reply value is an object shape (named or inline). */
export function isObjectShape(value: ReplyValue): value is ObjectShape {
  return typeof value === 'object' && !Array.isArray(value) && 'fields' in value;
}

/** Whether a reply value is a list (`[INVOICE]`). */
export function isListValue(value: ReplyValue): value is ListValue {
  return Array.isArray(value) || (typeof value === 'object' && 'list' in value);
}

/**
 * The keys of a shape, in declared order (what `--fields` may name).
 *
 * @example
 * shapeKeys(INVOICE) // ['id', 'number', 'shareable_id', ...]
 */
export function shapeKeys(shape: ObjectShape): string[] {
  return Object.keys(shape.fields);
}

// ---- types derived from the same objects ----

type Flat<T> = { readonly [K in keyof T]: T[K] };
type Required<F> = Exclude<keyof F, OptionalKeys<F>>;

/** The object type of a shape's fields. */
export type FieldsOf<F> = Flat<
  { readonly [K in Required<F>]: ValueOf<F[K]> } & { readonly [K in OptionalKeys<F>]?: ValueOf<F[K]> }
>;

type ObjectOf<S> =
  S extends ObjectShape<infer F>
    ? | (S extends { readonly open: true }
          ? FieldsOf<F> & { readonly [key: string]: JsonValue | undefined }
          : FieldsOf<F>)
      | (S extends { readonly nullable: true } ? null : never)
    : never;

/**
 * The TypeScript type of a reply value: a field's type, a shape's object, a list's array, the union of
 * an either's values.
 *
 * @example
 * type Invoice = ValueOf<typeof INVOICE>; // { readonly id: number; readonly state: 'open' | 'promised' | ...; ... }
 */
export type ValueOf<V> = V extends { readonly either: infer A extends readonly unknown[] }
  ? number extends A['length']
    ? JsonValue // the language's general either, whose values are not known: any JSON value (and no endless type)
    : ValueOf<A[number]>
  : V extends readonly [infer X]
    ? readonly ValueOf<X>[]
    : V extends { readonly list: infer X }
      ? readonly ValueOf<X>[] | (V extends { readonly nullable: true } ? null : never)
      : V extends { readonly fields: ShapeFields }
        ? ObjectOf<V>
        : V extends FieldSpec
          ? FieldType<V, ReplyFieldTypes>
          : never;

/** The type of a whole reply (`{ invoice: INVOICE }` -> `{ invoice: Invoice }`). */
export type ReplyType<R> = FieldsOf<R>;

/** The TypeScript type of each field kind in a reply (what the API answers, not what a request may send). */
export interface ReplyFieldTypes extends Omit<FieldTypes, 'serial' | 'id' | 'ids' | 'take' | 'skip'> {
  serial: number;
  id: number | string;
  ids: readonly (number | string)[];
  take: number;
  skip: number;
}
