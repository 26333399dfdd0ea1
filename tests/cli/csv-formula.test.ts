import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openRecordFile } from '../../cli/bulk/record-file.js';
import { neutraliseFormula } from '../../cli/output/formula.js';
import { render } from '../../cli/output/render.js';

// A CSV export once wrote `=HYPERLINK(...)` as it came. Every CSV and TSV the CLI writes neutralises
// a cell a spreadsheet would run (OWASP: a leading `'`), and keeps plain numbers, negative ones too.

const HYPERLINK = '=HYPERLINK("http://evil.example","Pay here")';

describe('formula cells in CSV and TSV output', () => {
  it('prefixes a quote to text starting with = + - @ tab or CR, never to a number', () => {
    expect(['=1+1', '+44 20 7946 0000', '-cmd', '@SUM(A1)', '\tx', '\rx'].map(neutraliseFormula)).toEqual([
      "'=1+1",
      "'+44 20 7946 0000",
      "'-cmd",
      "'@SUM(A1)",
      "'\tx",
      "'\rx",
    ]);
    expect(['-12.5', '+3', '1e3', '-0.5e-2', 'plain', '', '12-13'].map(neutraliseFormula)).toEqual([
      '-12.5',
      '+3',
      '1e3',
      '-0.5e-2',
      'plain',
      '',
      '12-13',
    ]);
  });

  it('neutralises the cells of --format csv and tsv, not JSON', async () => {
    const data = { invoices: [{ id: 4, reference: HYPERLINK, total: -1250, note: '-12.5' }] };
    const csv = await render(data, { format: 'csv', responseKey: 'invoices' });
    expect(csv).toBe(`id,reference,total,note\n4,"'=HYPERLINK(""http://evil.example"",""Pay here"")",-1250,-12.5\n`);
    const tsv = await render(data, { format: 'tsv', responseKey: 'invoices' });
    expect(tsv.split('\n')[1]).toBe(`4\t'${HYPERLINK}\t-1250\t-12.5`);
    expect(await render(data, { format: 'json' })).toContain('"reference": "=HYPERLINK');
  });

  it('neutralises the cells of a results or rejects file', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'edshed-formula-')), 'results.csv');
    const out = await openRecordFile('--results', file, ['line', 'message']);
    await out.write({ line: 2, message: HYPERLINK });
    await out.writeRow([3, '@cmd', '-7']);
    await out.close();
    expect(readFileSync(file, 'utf8')).toBe(
      `line,message\n2,"'=HYPERLINK(""http://evil.example"",""Pay here"")"\n3,'@cmd,-7\n`,
    );
  });
});
