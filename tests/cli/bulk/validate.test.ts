import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../core/endpoints/index.js';
import type { Endpoint } from '../../../core/endpoints/define.js';
import { openBulkInput } from '../../../cli/bulk/input.js';
import type { BulkItem, BulkRequest } from '../../../cli/bulk/items-file.js';
import { validateInput } from '../../../cli/bulk/validate.js';
import { endpointCommand } from '../../../cli/bulk/endpoint-command.js';
import { fakeFactory } from '../../helpers/fake-factory.js';

const dir = mkdtempSync(join(tmpdir(), 'edshed-bulk-validate-'));
const endpointOf = (command: string): Endpoint => ENDPOINTS.find((e) => e.command === command) as Endpoint;
const markPaid = endpointOf('invoices mark-paid');

async function validate(
  name: string,
  content: string,
  options: { defaults?: Record<string, unknown>; skip?: boolean; endpoint?: Endpoint } = {},
) {
  const file = join(dir, name);
  writeFileSync(file, content);
  const items: BulkItem<BulkRequest>[] = [];
  const rejects: string[][] = [];
  const report = await validateInput(await openBulkInput(file, fakeFactory().io), {
    command: endpointCommand(options.endpoint ?? markPaid),
    defaults: options.defaults ?? {},
    onItem: (item) => void items.push(item),
    ...(options.skip
      ? { onReject: (_row: unknown, reasons: readonly string[]) => void rejects.push([...reasons]) }
      : {}),
  });
  return { report, items, rejects, file };
}

describe('validating a bulk file', () => {
  it('builds each row into the request the single command sends, with command-line values as defaults', async () => {
    const { report, items } = await validate('ok.csv', 'id,date\n8,2026-11-02\n9,2026-11-03\n', {
      defaults: { method: 'bacs' },
    });
    expect(report).toEqual({ rows: 2, valid: 2, rejected: 0, problems: [], fatal: false });
    expect(items).toEqual([
      {
        index: 0,
        line: 2,
        row: { method: 'POST', path: 'superuser/invoices/8/paid', body: { method: 'bacs', date: '2026-11-02' } },
      },
      {
        index: 1,
        line: 3,
        row: { method: 'POST', path: 'superuser/invoices/9/paid', body: { method: 'bacs', date: '2026-11-03' } },
      },
    ]);
  });

  it('lets a row override a default and accepts flag spellings of keys', async () => {
    const { items } = await validate('override.csv', 'id,method,date\n8,card,2026-11-02\n', {
      defaults: { method: 'bacs' },
    });
    expect(items[0]?.row.body).toEqual({ method: 'card', date: '2026-11-02' });
  });

  it('lists every problem as file:line: column: message, header problems once', async () => {
    const { report, items, file } = await validate(
      'bad.csv',
      'id,method,date,colour\n8,bacs,2026-02-30,red\n9,paypal,2026-11-02,blue\n10,bacs,,green\n',
    );
    expect(items).toHaveLength(0);
    expect(report.fatal).toBe(true);
    expect(report.problems[0]).toBe(`${file}:1: colour: unknown column; expected id, method, date`);
    expect(report.problems.slice(1)).toEqual([
      `${file}:2: date: expected an ISO 8601 date (YYYY-MM-DD) or date-time: 2026-02-30 is not a day of the calendar`,
      expect.stringMatching(new RegExp(`^${file}:3: method: .*bacs`)),
      `${file}:4: date: missing; give a value here or --date`,
    ]);
  });

  it('names a bad value the command line gives every row once, with its flag, and sends nothing even with --skip-invalid', async () => {
    // The flag's required key is not a column: that was taken as a missing column already said, and the
    // run ended "no valid rows (1 set aside)" with no reason anywhere.
    const { report, items } = await validate('flag.csv', 'id,date\n8,2026-11-02\n9,2026-11-03\n', {
      defaults: { method: 'chq' },
    });
    expect(items).toHaveLength(0);
    expect(report.fatal).toBe(true);
    expect(report.problems).toEqual([expect.stringMatching(/^--method: expected one of bacs, .*\(got "chq"\)$/)]);
    const skipped = await validate('flag-skip.csv', 'id,date\n8,2026-11-02\n', {
      defaults: { method: 'chq' },
      skip: true,
    });
    expect(skipped.report.fatal).toBe(true);
    expect(skipped.report.problems).toEqual([expect.stringMatching(/^--method: /)]);
    const dates = await validate('flag-date.csv', 'id\n8\n', { defaults: { method: 'bacs', date: '2026-02-30' } });
    expect(dates.report.problems).toEqual([
      '--date: expected an ISO 8601 date (YYYY-MM-DD) or date-time: 2026-02-30 is not a day of the calendar',
    ]);
    // A row that gives the value itself is checked as its own.
    const own = await validate('flag-own.csv', 'id,method,date\n8,card,2026-11-02\n9,chq,2026-11-02\n', {
      defaults: { method: 'bacs' },
    });
    expect(own.report.problems).toEqual([expect.stringMatching(/flag-own\.csv:3: method: /)]);
    expect(own.items.map((item) => item.line)).toEqual([2]);
  });

  it('refuses secrets in a bulk file or as a default, once, so no password or token is ever kept in a run', async () => {
    const acceptInvite = endpointOf('teachers accept-invite');
    const password = Object.keys(acceptInvite.payload ?? {}).find((key) => key === 'password');
    expect(password).toBe('password');
    const header = [...acceptInvite.params, ...Object.keys(acceptInvite.payload ?? {})];
    const row = header.map((key) => (key === 'password' ? 'hunter2' : '1'));
    const csv = await validate('secret.csv', `${header.join(',')}\n${row.join(',')}\n${row.join(',')}\n`, {
      endpoint: acceptInvite,
    });
    expect(csv.items).toEqual([]);
    expect(csv.report.fatal).toBe(true);
    expect(csv.report.problems.filter((p) => p.includes('password: a secret'))).toEqual([
      `${csv.file}:1: password: a secret (password or token) cannot be run from a file: a bulk run keeps its rows on disk to resume, and secrets are never written anywhere but the credentials file`,
    ]);
    const ndjson = await validate(
      'secret.ndjson',
      `${JSON.stringify(Object.fromEntries(header.map((k, i) => [k, row[i]])))}\n`,
      { endpoint: acceptInvite },
    );
    expect(ndjson.items).toEqual([]);
    expect(ndjson.report.problems.some((p) => p.startsWith(`${ndjson.file}:1: password: a secret`))).toBe(true);
    // A secret given on the command line, as a default for every row, is refused the same way.
    const fromFlag = await validate('flag.csv', 'id,date\n8,2026-11-02\n', {
      defaults: { method: 'bacs', token: 'x' },
    });
    expect(fromFlag.items).toEqual([]);
    expect(fromFlag.report.problems.some((p) => p.includes('token: a secret'))).toBe(true);
  });

  it('reports a missing required column once, not on every row', async () => {
    const { report, file } = await validate('missing.csv', 'id,date\n8,2026-11-02\n9,2026-11-03\n');
    expect(report.problems).toEqual([`${file}:1: method: missing column; add it, or give --method for every row`]);
  });

  it('reports a duplicated header and an empty one', async () => {
    const { report, file } = await validate('dup-header.csv', 'id,date,id,\n8,2026-11-02,8,x\n', {
      defaults: { method: 'bacs' },
    });
    expect(report.problems.slice(0, 2)).toEqual([
      `${file}:1: id: given twice in the header (columns 1 and 3)`,
      `${file}:1: column 4: no name in the header`,
    ]);
  });

  it('reports a duplicate row against the line it repeats', async () => {
    const { report, file } = await validate('dup.csv', 'id,date\n8,2026-11-02\n9,2026-11-02\n8,2026-11-02\n', {
      defaults: { method: 'bacs' },
    });
    expect(report.problems).toEqual([`${file}:4: duplicate of line 2 (the same change twice)`]);
  });

  it('names an unknown key per NDJSON line, and a broken line', async () => {
    const { report, file } = await validate(
      'rows.ndjson',
      '{"id":8,"method":"bacs","date":"2026-11-02","colour":"red"}\n{"id":9,\n',
      {},
    );
    expect(report.problems[0]).toBe(`${file}:1: colour: unknown key; expected id, method, date`);
    expect(report.problems[1]).toMatch(new RegExp(`^${file}:2: not valid JSON at column \\d+`));
    expect(report.problems).toHaveLength(2);
  });

  it('refuses an empty file and a header with no rows', async () => {
    const empty = await validate('empty.csv', '');
    expect(empty.report).toMatchObject({ fatal: true, problems: [`${empty.file}:1: no rows: the file is empty`] });
    const header = await validate('header-only.csv', 'id,method,date\n');
    expect(header.report).toMatchObject({ fatal: true, problems: [`${header.file}:1: no rows after the header`] });
  });

  it('counts a malformed row as a row: the file is not said to have no rows', async () => {
    const { report, file } = await validate('one-long-row.csv', 'id,date\n8,2026-11-02,x\n', {
      defaults: { method: 'bacs' },
    });
    expect(report.problems).toEqual([
      `${file}:2: expected 2 fields, like the header; got 3 (quote a value that contains a comma)`,
    ]);
    expect(report.rejected).toBe(1);
  });

  it('with --skip-invalid sets bad rows aside with their reason and keeps the good ones', async () => {
    const { report, items, rejects } = await validate(
      'skip.csv',
      'id,date\n8,2026-11-02\n9,someday\n8,2026-11-02\n10,2026-11-04,x\n',
      { defaults: { method: 'bacs' }, skip: true },
    );
    expect(report).toMatchObject({ rows: 3, valid: 1, rejected: 3, problems: [], fatal: false });
    expect(items.map((i) => i.line)).toEqual([2]);
    expect(rejects.map((r) => r[0]?.replace(/: expected an ISO.*/, ''))).toEqual([
      'line 3: date',
      'line 4: duplicate of line 2 (the same change twice)',
      'line 5: expected 2 fields, like the header; got 3 (quote a value that contains a comma)',
    ]);
  });

  it('refuses two rows that change one target differently, naming both lines, even with --skip-invalid', async () => {
    for (const skip of [false, true]) {
      const { report, file } = await validate(
        `conflict-${skip}.csv`,
        'id,date\n4,2026-11-22\n5,2026-11-22\n4,2026-11-23\n',
        { defaults: { method: 'bacs' }, skip },
      );
      expect(report.fatal).toBe(true);
      expect(report.problems).toEqual([
        `${file}:2: conflicts with line 4: both change POST superuser/invoices/4/paid, differently`,
        `${file}:4: conflicts with line 2: both change POST superuser/invoices/4/paid, differently; keep the row you mean (sent together, which one wins would depend on timing)`,
      ]);
    }
  });

  it('takes identical rows of a creation (a POST to a collection) as distinct creations', async () => {
    const notes = endpointOf('notes create');
    const row = '{"target":{"type":"pupil","id":1},"data":{"text":"well done"}}';
    const { report, items } = await validate('notes.ndjson', `${row}\n${row}\n`, { endpoint: notes });
    expect(report).toMatchObject({ valid: 2, problems: [] });
    expect(items).toHaveLength(2);
  });

  it('with --skip-invalid sets aside the rows with a value in an unknown column, and runs the others', async () => {
    const { report, items, rejects } = await validate(
      'extra.csv',
      'id,date,colour\n8,2026-11-02,red\n9,2026-11-03,\n',
      { defaults: { method: 'bacs' }, skip: true },
    );
    expect(report).toMatchObject({ valid: 1, rejected: 1, fatal: false, problems: [] });
    expect(items.map((i) => i.line)).toEqual([3]);
    expect(rejects).toEqual([
      ['line 2: colour: unknown column; expected id, method, date (its value would not be sent)'],
    ]);
  });
});
