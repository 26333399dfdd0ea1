/**
 * JSON that is already text. The busiest reads (pupil lists, invoice pages) take each row's JSON ready-made
 * from the database's read models (see migration 27) instead of building row objects and serialising them
 * again: on Node 20 better-sqlite3 builds row objects slowly, and a page of wide rows cost more to read into
 * objects than the query itself.
 */
import type { SandboxDb } from './db/database.js';

/**
 * A JSON value as text, placed in a handler's body. `JSON.stringify` still works on a body holding one
 * (`toJSON` parses it back), so stored idempotent replies and test harnesses see plain values; the server
 * writes the text as it is (see `bodyText`).
 *
 * @example
 * return { body: { pupils: new JsonText('[{"id":1}]'), total: 1 } };
 */
export class JsonText {
  constructor(readonly text: string) {}


  toJSON(): unknown {
    return JSON.parse(this.text) as unknown;
  }
}

/**
 * A reply body as JSON text. `JsonText` is written as it is at the top level and as the value of a top-level
 * key (`{ invoices: JsonText, total }`), the only places handlers put it; anything deeper goes through
 * `toJSON`, which is slower but still right.
 *
 * @example
 * bodyText({ invoice: new JsonText('{"id":1}'), changed: true }); // '{"invoice":{"id":1},"changed":true}'
 */
export function bodyText(body: unknown): string {
  if (body instanceof JsonText) return body.text;
  if (body === null || typeof body !== 'object' || Array.isArray(body) || !hasJsonText(body)) return JSON.stringify(body) ?? 'null';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
    parts.push(`${JSON.stringify(key)}:${value instanceof JsonText ? value.text : (JSON.stringify(value) ?? 'null')}`);
  }
  return `{${parts.join(',')}}`;
}

/**
 * The `doc` column of a query's rows as one JSON array, joined by SQLite in the query's order (SQLite keeps a
 * subquery's ORDER BY when an aggregate reads it: it never flattens such a subquery, so that group_concat
 * sees the rows in order), with how many there were. One string crosses into JavaScript instead of one per row.
 *
 * @example
 * const { list, count } = docList(db, 'SELECT doc FROM invoice_docs ORDER BY id DESC LIMIT 25');
 */
export function docList(db: SandboxDb, sql: string, ...params: unknown[]): { readonly list: JsonText; readonly count: number } {
  const [count, text] = db.prepare(`SELECT count(*), '[' || coalesce(group_concat(doc, ','), '') || ']' FROM (${sql})`).raw().get(...params) as [number, string];
  return { list: new JsonText(text), count };
}

function hasJsonText(body: object): boolean {
  for (const key in body) if ((body as Record<string, unknown>)[key] instanceof JsonText) return true;
  return false;
}
