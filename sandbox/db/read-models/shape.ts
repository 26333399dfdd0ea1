/**
 * A response shape defined once: each key of the JSON with how SQL computes it from a row (for a read
 * model) and how TypeScript computes it from the same row (for the serializer). Both are generated from
 * the one list, so they cannot drift apart in keys, order or conversions.
 */

/** One key of a response shape. */
export interface ShapeField<Row> {
  readonly key: string;
  /** The value in SQL, from the row named `alias` (`i`, or `NEW` in a trigger). */
  readonly sql: (alias: string) => string;
  readonly value: (row: Row) => unknown;
}

/**
 * A column answered as it is stored.
 *
 * @example
 * column<InvoiceRow>('total') // total: i.total
 */
export function column<Row>(key: keyof Row & string): ShapeField<Row> {
  return { key, sql: (alias) => `${alias}.${key}`, value: (row) => row[key] };
}

/**
 * A 0/1 column answered as a JSON boolean.
 *
 * @example
 * flag<InvoiceRow>('forex') // forex: true
 */
export function flag<Row>(key: keyof Row & string): ShapeField<Row> {
  return { key, sql: (alias) => `json(CASE ${alias}.${key} WHEN 1 THEN 'true' ELSE 'false' END)`, value: (row) => row[key] === 1 };
}

/**
 * The shape's JSON object in SQL (`json_object(...)`), keys in the shape's order.
 *
 * @example
 * shapeSql(INVOICE_SHAPE, 'i') // "json_object('id', i.id, ...)"
 */
export function shapeSql<Row>(shape: readonly ShapeField<Row>[], alias: string): string {
  return `json_object(${shape.map((f) => `'${f.key}', ${f.sql(alias)}`).join(', ')})`;
}

/**
 * The shape's JSON object in TypeScript, keys in the shape's order.
 *
 * @example
 * shapeValue(INVOICE_SHAPE, row) // { id: 1, ..., amount_due: 0 }
 */
export function shapeValue<Row>(shape: readonly ShapeField<Row>[], row: Row): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of shape) out[field.key] = field.value(row);
  return out;
}
