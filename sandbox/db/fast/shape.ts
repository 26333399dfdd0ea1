/**
 * A response shape defined once: each key of the JSON with how SQL computes it from a row (for a read
 * model) and how TypeScript computes it from the same row (for the serializer). Both are generated from
 * the one map, so they cannot drift apart in keys, order or conversions; the map is typed against the
 * resource's core type (`RowShape<InvoiceRow, Invoice>`), so a key the core shape adds, or a value of the
 * wrong type, does not compile until the map answers it.
 */

/** How one key of a response shape is computed. */
export interface ShapeField<Row, Value = unknown> {
  /** The value in SQL, from the row named `alias` (`i`, or `NEW` in a trigger). */
  readonly sql: (alias: string) => string;
  readonly value: (row: Row) => Value;
}

/**
 * Every key of the answered type `T`, in answer order, with how it is computed from a `Row`.
 *
 * @example
 * const INVOICE_SHAPE: RowShape<InvoiceRow, Invoice> = { id: column('id'), ... };
 */
export type RowShape<Row, T> = { readonly [K in keyof T]-?: ShapeField<Row, T[K]> };

/**
 * The field makers of one row type: `column` answers a column as it is stored, `flag` a 0/1 column as a
 * JSON boolean.
 *
 * @example
 * const { column, flag } = fieldsOf<InvoiceRow>();
 * column('total') // total: i.total
 * flag('forex') // forex: true
 */
export function fieldsOf<Row>(): {
  column: <K extends keyof Row & string>(key: K) => ShapeField<Row, Row[K]>;
  flag: (key: keyof Row & string) => ShapeField<Row, boolean>;
} {
  return {
    column: (key) => ({ sql: (alias) => `${alias}.${key}`, value: (row) => row[key] }),
    flag: (key) => ({ sql: (alias) => `json(CASE ${alias}.${key} WHEN 1 THEN 'true' ELSE 'false' END)`, value: (row) => row[key] === 1 }),
  };
}

/**
 * The shape's JSON object in SQL (`json_object(...)`), keys in the shape's order.
 *
 * @example
 * shapeSql(INVOICE_SHAPE, 'i') // "json_object('id', i.id, ...)"
 */
export function shapeSql<Row, T>(shape: RowShape<Row, T>, alias: string): string {
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
  for (const [key, field] of Object.entries(shape) as [string, ShapeField<Row>][]) out[key] = field.value(row);
  return out as T;
}
