/** A flat record for table-like output. */
export type Row = Readonly<Record<string, unknown>>;

function getPath(data: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>(
    (value, key) => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined),
    data,
  );
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Where a response's records are: the keys leading to them (`['invoices']`, `['resources', 'items']`), or
 * none when the body is the records. The endpoint's response key when the body has it, else the body;
 * and when that is an object wrapping a single list or object (`{ invoices: [...], total: 3 }`), its key:
 * the scalars beside it are metadata (kept in --json output).
 *
 * @example
 * recordsPath({ invoices: [{ id: 1 }], total: 1 }) // ['invoices']
 */
export function recordsPath(data: unknown, responseKey?: string): string[] {
  const path = responseKey && getPath(data, responseKey.split('.')) !== undefined ? responseKey.split('.') : [];
  const value = getPath(data, path);
  if (isObject(value)) {
    const structured = Object.entries(value).filter(([, v]) => v !== null && typeof v === 'object');
    if (structured.length === 1) path.push((structured[0] as [string, unknown])[0]);
  }
  return path;
}

/** The value at `recordsPath`: a list of records, or one. */
export function recordsAt(data: unknown, responseKey?: string): unknown {
  return getPath(data, recordsPath(data, responseKey));
}

/**
 * The records to show for a response (at `recordsPath`): a list gives one row per item, an object one row.
 *
 * @example
 * rowsOf({ invoices: [{ id: 1 }, { id: 2 }] }) // [{ id: 1 }, { id: 2 }]
 */
export function rowsOf(data: unknown, responseKey?: string): Row[] {
  const value = getPath(data, recordsPath(data, responseKey));
  if (Array.isArray(value)) return value.map((item) => (isObject(item) ? (item as Row) : { value: item }));
  if (isObject(value)) return [value as Row];
  return [{ value }];
}

/** The `total` beside the records of a list's page (`{ invoices: [...], total: 11 }`), when it says one. */
export function totalOf(data: unknown, responseKey?: string): number | undefined {
  const total = getPath(data, [...recordsPath(data, responseKey).slice(0, -1), 'total']);
  return typeof total === 'number' ? total : undefined;
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
