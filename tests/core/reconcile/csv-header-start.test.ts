/**
 * A CSV statement read from its header row on when rows of other lengths come before it (a bank's account
 * line): the same lines, with their own line numbers, whole or as a stream, and csv-parse no longer told of
 * a record length it must let pass on every line (which it pays for by building an error each time).
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CSV_PARSE_OPTIONS, HEADER_SCAN, parseOptionsFor } from '../../../core/domain/reconcile/csv.js';
import { scanStatement } from '../../../core/domain/reconcile/scan.js';
import { readStatement, readStatementStream } from '../../../core/domain/reconcile/statement.js';

const rows = Array.from(
  { length: 300 },
  (_, k) => `2026-11-${String((k % 28) + 1).padStart(2, '0')},"PAYER ${k}, BGC",${k + 1}.50,GBP`,
);
const body = `Date,Description,Amount,Currency\n${rows.join('\n')}\n`;
const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
async function* pieces(data: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < data.length; i += size) yield data.subarray(i, i + size);
}
async function stream(text: string, size: number) {
  const data = bytes(text);
  return readStatementStream(pieces(data, size), await scanStatement(pieces(data, size), 1_000_000), { file: 's.csv' });
}
/** The count csv-parse keeps of records whose length it let pass. */
const letPass = (text: string, options: object): number =>
  (parse(text, options) as unknown as { info: { invalid_field_length: number } }[]).at(-1)?.info.invalid_field_length ??
  -1;

describe('a CSV statement with rows above its header', () => {
  it('is read from the header line when those rows are of another length, and only then', () => {
    expect(parseOptionsFor(`Account,12345678\n\n${body}`, {})).toMatchObject({ from_line: 3 });
    // A row above of the header's length costs nothing; nor does a header first.
    expect(parseOptionsFor(`Bank,Sort code,Account,Period\n${body}`, {})).toBe(CSV_PARSE_OPTIONS);
    expect(parseOptionsFor(body, {})).toBe(CSV_PARSE_OPTIONS);
    // A quoted field over two lines above it: the header's own line still.
    expect(parseOptionsFor(`Note,"two\nlines"\n${body}`, {})).toMatchObject({ from_line: 3 });
    // A header named by --columns, found as the reader finds it.
    const own = `Account,1\nWhen,What,Paid,Currency\n2026-11-02,X,1.00,GBP\n`;
    expect(parseOptionsFor(own, { date: ['When'], amount: ['Paid'], text: ['What'] })).toMatchObject({ from_line: 2 });
    expect(parseOptionsFor(own, {})).toBe(CSV_PARSE_OPTIONS);
  });

  it('gives the same lines, numbered as in the file, whole and streamed, with no record length let pass', async () => {
    const text = `Account,12345678\n\n${body}`;
    const whole = readStatement(bytes(text), { file: 's.csv' }).lines;
    expect(whole).toHaveLength(300);
    expect(whole[0]).toMatchObject({ line: 4, text: 'PAYER 0, BGC', amount: 150, date: '2026-11-01' });
    expect(whole.at(-1)).toMatchObject({ line: 303, amount: 30_050 });
    for (const size of [7, 1000, HEADER_SCAN + 1]) expect((await stream(text, size)).lines).toEqual(whole);
    // The same rows without the account line: the same lines, two lines up.
    expect(
      readStatement(bytes(body), { file: 's.csv' }).lines.map((l) => ({ ...l, line: l.line + 2, id: '' })),
    ).toEqual(whole.map((l) => ({ ...l, id: '' })));
    expect(letPass(text, CSV_PARSE_OPTIONS)).toBe(301);
    expect(letPass(text, parseOptionsFor(text.slice(0, HEADER_SCAN), {}))).toBe(0);
  });
});
