/** A flat record for table-like output. */
export type Row = Readonly<Record<string, unknown>>;

function getPath(data: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), data);
}

/**
 * The records to show for a response: the value under the endpoint's response key when there is one
 * (`resources.items`), else the body. A list gives one row per item; an object gives one row; when the
 * body wraps a single list or object under one key (`{ invoices: [...] }`), that is unwrapped.
 *
 * @example
 * rowsOf({ invoices: [{ id: 1 }, { id: 2 }] }) // [{ id: 1 }, { id: 2 }]
 */
export function rowsOf(data: unknown, responseKey?: string): Row[] {
  let value = responseKey ? (getPath(data, responseKey) ?? data) : data;
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    // `{ invoices: [...], total: 3 }` or `{ invoice: {...}, changed: true }`: the one structured value is
    // the data; scalars beside it are metadata (kept in --json output).
    const structured = Object.values(value).filter((v) => v !== null && typeof v === 'object');
    if (structured.length === 1) value = structured[0];
  }
  if (Array.isArray(value)) return value.map((item) => (item !== null && typeof item === 'object' && !Array.isArray(item) ? (item as Row) : { value: item }));
  if (value !== null && typeof value === 'object') return [value as Row];
  return [{ value }];
}

/** Column names: the requested fields, else the keys of the rows in first-seen order. */
export function columnsOf(rows: readonly Row[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) seen.add(key);
  return [...seen];
}

/** One cell as text: scalars as is, objects and lists as compact JSON. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
