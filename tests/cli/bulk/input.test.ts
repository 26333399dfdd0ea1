import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openBulkInput } from '../../../cli/bulk/input.js';
import type { InputEvent } from '../../../cli/bulk/input-event.js';
import { blockLines, lineChunks, physicalLines } from '../../../cli/bulk/lines.js';
import { CliError } from '../../../cli/errors/cli-error.js';
import { fakeFactory } from '../../helpers/fake-factory.js';

const dir = mkdtempSync(join(tmpdir(), 'edshed-bulk-input-'));

async function eventsOf(name: string, content: string | Buffer): Promise<InputEvent[]> {
  const file = join(dir, name);
  writeFileSync(file, content);
  const input = await openBulkInput(file, fakeFactory().io);
  const events: InputEvent[] = [];
  for await (const event of input.events) events.push(event);
  return events;
}

const rows = (events: InputEvent[]) =>
  events.filter((e) => e.kind === 'row').map((e) => (e.kind === 'row' ? [e.line, e.values] : []));
const problems = (events: InputEvent[]) =>
  events.filter((e) => e.kind === 'problem').map((e) => (e.kind === 'problem' ? `${e.line}: ${e.message}` : ''));

describe('CSV input', () => {
  it('reads a header and rows, leaving empty cells out', async () => {
    const events = await eventsOf('a.csv', 'id,method,date\n8,bacs,2026-11-02\n9,,2026-11-03\n');
    expect(events[0]).toEqual({ kind: 'header', line: 1, columns: ['id', 'method', 'date'] });
    expect(rows(events)).toEqual([
      [2, { id: '8', method: 'bacs', date: '2026-11-02' }],
      [3, { id: '9', date: '2026-11-03' }],
    ]);
  });

  it('drops a BOM and reads CRLF line endings', async () => {
    const events = await eventsOf('bom.csv', '\uFEFFid,date\r\n8,2026-11-02\r\n\r\n9,2026-11-03\r\n');
    expect(events[0]).toMatchObject({ kind: 'header', columns: ['id', 'date'] });
    expect(rows(events)).toEqual([
      [2, { id: '8', date: '2026-11-02' }],
      [4, { id: '9', date: '2026-11-03' }],
    ]);
  });

  it('reads quoted fields holding commas, quotes and newlines, numbering rows by the line they start on', async () => {
    const events = await eventsOf('q.csv', 'id,note\r\n8,"one, two"\r\n9,"line one\r\nline ""two"""\r\n10,plain\r\n');
    expect(rows(events)).toEqual([
      [2, { id: '8', note: 'one, two' }],
      // A CRLF inside a quoted value is part of the value (csv-spectrum's newlines_crlf).
      [3, { id: '9', note: 'line one\r\nline "two"' }],
      [5, { id: '10', note: 'plain' }],
    ]);
  });

  it('counts blank lines before the header, blank lines between rows and blank lines inside quoted values', async () => {
    const events = await eventsOf('blank.csv', '\n\nid,note\n8,"one\n\ntwo"\n\n9,x,y\n\n10,z\n');
    expect(events[0]).toEqual({ kind: 'header', line: 3, columns: ['id', 'note'] });
    expect(rows(events)).toEqual([
      [4, { id: '8', note: 'one\n\ntwo' }],
      [10, { id: '10', note: 'z' }],
    ]);
    expect(problems(events)).toEqual([
      '8: expected 2 fields, like the header; got 3 (quote a value that contains a comma)',
    ]);
  });

  it('reads a one-column file, skipping blank lines', async () => {
    const events = await eventsOf('one.csv', 'id\n8\n\n9\n');
    expect(rows(events)).toEqual([
      [2, { id: '8' }],
      [4, { id: '9' }],
    ]);
  });

  it('reports a row with the wrong number of fields and reads on', async () => {
    const events = await eventsOf('count.csv', 'id,date\n8,2026-11-02,extra\n9,2026-11-03\n');
    expect(problems(events)).toEqual([
      '2: expected 2 fields, like the header; got 3 (quote a value that contains a comma)',
    ]);
    expect(rows(events)).toEqual([[3, { id: '9', date: '2026-11-03' }]]);
  });

  it('stops at a quoted value never closed, naming the line', async () => {
    const events = await eventsOf('quote.csv', 'id,note\n8,ok\n9,"bad\n10,fine\n');
    expect(rows(events)).toEqual([[2, { id: '8', note: 'ok' }]]);
    expect(events.at(-1)).toMatchObject({
      kind: 'problem',
      fatal: true,
      message: expect.stringMatching(/a quoted value is never closed/),
    });
  });

  it('says a .csv file that holds JSON lines is JSON, not a header of odd columns', async () => {
    const events = await eventsOf('rows.csv', '{"id":8,"date":"2026-11-02"}\n');
    expect(problems(events)).toEqual(['1: the file holds JSON, not CSV: name it .ndjson (one JSON object per line)']);
  });

  it("keeps a quote inside an unquoted value as a character of it (a spreadsheet's reading)", async () => {
    const events = await eventsOf('inch.csv', 'id,note\n8,2" pipe\n9,"bad"x\n');
    expect(rows(events)).toEqual([
      [2, { id: '8', note: '2" pipe' }],
      [3, { id: '9', note: '"bad"x' }],
    ]);
  });

  it('stops at a line that is not UTF-8, naming it', async () => {
    const events = await eventsOf(
      'latin1.csv',
      Buffer.concat([Buffer.from('id,note\n8,ok\n9,caf'), Buffer.from([0xe9]), Buffer.from('\n10,x\n')]),
    );
    expect(rows(events)).toEqual([[2, { id: '8', note: 'ok' }]]);
    expect(problems(events)).toEqual([
      '3: not valid UTF-8 text (save the file as UTF-8); the rest of the file was not read',
    ]);
  });

  it('gives a header with no rows, and nothing for an empty file', async () => {
    expect(await eventsOf('header.csv', 'id,date\n')).toEqual([{ kind: 'header', line: 1, columns: ['id', 'date'] }]);
    expect(await eventsOf('empty.csv', '')).toEqual([]);
  });
});

describe('NDJSON input', () => {
  it('reads one object per line by extension, skipping blank lines', async () => {
    const events = await eventsOf('a.ndjson', '{"id":8,"date":"2026-11-02"}\n\n{"id":9}\n');
    expect(rows(events)).toEqual([
      [1, { id: 8, date: '2026-11-02' }],
      [3, { id: 9 }],
    ]);
  });

  it('names a broken line by number and reads on', async () => {
    const events = await eventsOf('broken.jsonl', '{"id":8}\n{"id":9,}\n[1]\n{"id":10}\n');
    expect(problems(events)).toEqual([
      '2: not valid JSON at column 9: expected a string key',
      '3: expected a JSON object of column values, like {"id": 12}',
    ]);
    expect(rows(events).map(([line]) => line)).toEqual([1, 4]);
  });

  it('is recognised by its first character when the name does not say', async () => {
    const events = await eventsOf('rows.txt', '\uFEFF  \n{"id":8}\n');
    expect(rows(events)).toEqual([[2, { id: 8 }]]);
  });

  it('reads standard input for -', async () => {
    const input = await openBulkInput('-', fakeFactory({ stdin: 'id\n8\n' }).io);
    expect(input).toMatchObject({ name: 'stdin', format: 'csv' });
  });
});

describe('reading a file', () => {
  it('refuses a missing file with a usage error', async () => {
    await expect(openBulkInput(join(dir, 'nope.csv'), fakeFactory().io)).rejects.toThrow(CliError);
    await expect(openBulkInput(join(dir, 'nope.csv'), fakeFactory().io)).rejects.toThrow(
      /nope\.csv: cannot read: no such file \(ENOENT\)/,
    );
  });

  it('refuses a line longer than the limit instead of holding it', async () => {
    const lines = physicalLines(
      (async function* () {
        yield 'short\n';
        for (let i = 0; i < 5; i += 1) yield 'x'.repeat(40);
      })(),
      100,
    );
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const { text } of lines) seen.push(text);
      })(),
    ).rejects.toThrow('line longer than 100 bytes');
    expect(seen).toEqual(['short']);
  });

  it('gives the lines of chunks cut anywhere, a block at a time, as physicalLines numbers them', async () => {
    const chunks = () =>
      (async function* () {
        yield '{"a":1}\r\n{"b":';
        yield '2}\n\n{"c":"é"}';
      })();
    const texts: string[] = [];
    for await (const block of lineChunks(chunks())) texts.push(...blockLines(block));
    expect(texts).toEqual(['{"a":1}', '{"b":2}', '', '{"c":"é"}']);
    const numbered: { line: number; text: string }[] = [];
    for await (const line of physicalLines(chunks())) numbered.push(line);
    expect(numbered).toEqual(texts.map((text, i) => ({ line: i + 1, text })));
  });
});
