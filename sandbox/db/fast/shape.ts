/**
 * A response shape defined once: each key of the JSON with how TypeScript computes it from a row (the
 * serializer) and, for a read model, how SQL computes it from the same row. The map is typed against the
 * resource's core type (`RowShape<InvoiceRow, Invoice>`), so a key the core shape adds, or a value of the
 * wrong type, does not compile until the map answers it; a read model's SQL and its serializer are generated
 * from the one map (`SqlRowShape`), so they cannot drift apart in keys, order or conversions. Every sandbox
 * serializer is such a map: a value computed from more than the row's columns (a count, a list of ids, the
 * clock) is a field of the row the serializer gives the map (`{ ...row, items }`), computed by one entry.
 */
import { jsonObject, stringsColumn, type JsonObject } from '../../kit/json-columns.js';

/** How one key of a response shape is computed from a row. */
export interface ValueField<Row, Value = unknown> {
  readonly value: (row: Row) => Value;
}

/** A key a read model computes in SQL as well. */
export interface ShapeField<Row, Value = unknown> extends ValueField<Row, Value> {
  /** The value in SQL, from the row named `alias` (`i`, or `NEW` in a trigger). */
  readonly sql: (alias: string) => string;
}

/**
 * Every key of the answered type `T`, in answer order, with how it is computed from a `Row`. A key `T`
 * may leave out (`'string?'` in the core shape) may have no entry, or an entry that computes `undefined`
 * where the row has no value for it: the answer leaves the key out.
 *
 * @example
 * const PLAN_SHAPE: RowShape<PlanRow, Plan> = { id: column('id'), ..., active: flag('active') };
 */
export type RowShape<Row, T> = { readonly [K in RequiredKey<T>]-?: ValueField<Row, T[K]> } & {
  readonly [K in OptionalKey<T>]?: ValueField<Row, T[K]>;
};

/** The keys `T` must have, and those it may leave out. */
type OptionalKey<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];
type RequiredKey<T> = Exclude<keyof T, OptionalKey<T>>;

/** A row shape that a read model also computes in SQL (every entry has its `sql`). */
export type SqlRowShape<Row, T> = { readonly [K in keyof T]-?: ShapeField<Row, T[K]> };

/**
 * The field makers of one row type: `column` answers a column as it is stored, `flag` a 0/1 column as a
 * JSON boolean, `json` a JSON-object column parsed (`{}` when it holds no object), `strings` a JSON list of
 * strings (`[]` when it holds none).
 *
 * @example
 * const { column, flag } = fieldsOf<InvoiceRow>();
 * column('total') // total: i.total
 * flag('forex') // forex: true
 */
export function fieldsOf<Row>(): {
  column: <K extends keyof Row & string>(key: K) => ShapeField<Row, Row[K]>;
  flag: (key: keyof Row & string) => ShapeField<Row, boolean>;
  json: (key: keyof Row & string) => ShapeField<Row, JsonObject>;
  strings: (key: keyof Row & string) => ShapeField<Row, string[]>;
} {
  const text = (row: Row, key: keyof Row): string | null => row[key] as string | null;
  return {
    column: (key) => ({ sql: (alias) => `${alias}.${key}`, value: (row) => row[key] }),
    flag: (key) => ({
      sql: (alias) => `json(CASE ${alias}.${key} WHEN 1 THEN 'true' ELSE 'false' END)`,
      value: (row) => row[key] === 1,
    }),
    json: (key) => ({
      sql: (a) =>
        `CASE WHEN json_valid(${a}.${key}) AND json_type(${a}.${key}) = 'object' THEN json(${a}.${key}) ELSE json('{}') END`,
      value: (row) => jsonObject(text(row, key)),
    }),
    strings: (key) => ({
      sql: (a) =>
        `CASE WHEN json_valid(${a}.${key}) AND json_type(${a}.${key}) = 'array' THEN json(${a}.${key}) ELSE json('[]') END`,
      value: (row) => stringsColumn(text(row, key)),
    }),
  };
}

/**
 * The shape's JSON object in SQL (`json_object(...)`), keys in the shape's order.
 *
 * @example
 * shapeSql(INVOICE_SHAPE, 'i') // "json_object('id', i.id, ...)"
 */
export function shapeSql<Row, T>(shape: SqlRowShape<Row, T>, alias: string): string {
  const fields = Object.entries(shape) as [string, ShapeField<Row>][];
  return `json_object(${fields.map(([key, f]) => `'${key}', ${f.sql(alias)}`).join(', ')})`;
}

/**
 * The shape's JSON object in TypeScript, keys in the shape's order.
 *
 * @example
 * shapeValue(INVOICE_SHAPE, row) // { id: 1, ..., amount_due: 0 }
 */
export function shapeValue<Row, T>(shape: RowShape<Row, T>, row: Row): T {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(shape) as [string, ValueField<Row>][]) {
    const value = field.value(row);
    if (value !== undefined) out[key] = value;
  }
  return out as T;
}
