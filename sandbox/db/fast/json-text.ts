/**
 * JSON that is already text. The busiest reads (invoice pages, one invoice) take each row's JSON ready-made
 * from the database's read models (see read-models.ts) instead of building row objects and serialising them
 * again: on Node 20 better-sqlite3 builds row objects slowly, and a page of wide rows cost more to read into
 * objects than the query itself. A list comes out of SQLite as UTF-8 bytes and goes to the socket as they
 * are: decoding it into a JavaScript string and encoding it again cost more than the query for a page of
 * 500 invoices (about 460 against 120 us), and the strings raised the server's peak memory.
 */
import { statement } from './statements.js';
import type { Db } from '../driver.js';

/**
 * A JSON value as text (a string, or UTF-8 bytes), placed in a handler's body. `JSON.stringify` still works
 * on a body holding one (`toJSON` parses it back), so stored idempotent replies and test harnesses see plain
 * values; the server writes it as it is (see `bodyParts`).
 *
 * @example
 * return { body: { pupils: new JsonText('[{"id":1}]'), total: 1 } };
 */
export class JsonText {
  constructor(readonly value: string | Buffer) {}

  get text(): string {
    return typeof this.value === 'string' ? this.value : this.value.toString('utf8');
  }

  toJSON(): unknown {
    return JSON.parse(this.text) as unknown;
  }
}

/**
 * A reply body as JSON, in parts to write one after the other (strings and UTF-8 bytes). `JsonText` is
 * written as it is at the top level and as the value of a top-level key (`{ invoices: JsonText, total }`),
 * the only places handlers put it; anything deeper goes through `toJSON`, which is slower but still right.
 *
 * @example
 * bodyParts({ invoice: new JsonText('{"id":1}'), changed: true }); // ['{"invoice":', '{"id":1}', ',"changed":true}']
 */
export function bodyParts(body: unknown): (string | Buffer)[] {
  if (body instanceof JsonText) return [body.value];
  if (body === null || typeof body !== 'object' || Array.isArray(body) || !hasJsonText(body))
    return [JSON.stringify(body) ?? 'null'];
  const parts: (string | Buffer)[] = [];
  let text = '{';
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
    text += `${text === '{' && parts.length === 0 ? '' : ','}${JSON.stringify(key)}:`;
    if (value instanceof JsonText) {
      parts.push(text, value.value);
      text = '';
    } else {
      text += JSON.stringify(value) ?? 'null';
    }
  }
  parts.push(`${text}}`);
  return parts;
}

/**
 * The `doc` column of a query's rows as one JSON array of UTF-8 bytes, joined by SQLite in the query's
 * order (SQLite keeps a subquery's ORDER BY when an aggregate reads it: it never flattens such a subquery,
 * so that group_concat sees the rows in order), with how many there were. One value crosses into
 * JavaScript instead of one per row.
 *
 * @example
 * const { list, count } = docList(db, 'SELECT doc FROM invoice_docs ORDER BY id DESC LIMIT 25');
 */
export function docList(
  db: Db,
  sql: string,
  ...params: unknown[]
): { readonly list: JsonText; readonly count: number } {
  const [count, bytes] = statement(
    db,
    `SELECT count(*), CAST('[' || coalesce(group_concat(doc, ','), '') || ']' AS BLOB) FROM (${sql})`,
  )
    .raw()
    .get(...params) as [number, Buffer];
  return { list: new JsonText(bytes), count };
}

function hasJsonText(body: object): boolean {
  for (const key in body) if ((body as Record<string, unknown>)[key] instanceof JsonText) return true;
  return false;
}
