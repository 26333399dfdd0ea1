import { describe, expect, it } from 'vitest';
import { chooseFormat, parseFields, render } from '../../cli/output/render.js';
import { redact } from '../../cli/output/redact.js';
import { recordsPath, rowsOf, totalOf } from '../../cli/output/rows.js';
import { fitTable, renderTable } from '../../cli/output/table.js';
import { renderView } from '../../cli/output/view.js';
import { createColors } from '../../cli/output/colors.js';
import { terminalColumns } from '../../cli/factory/io.js';
import { CliError } from '../../cli/errors/cli-error.js';

const invoices = {
  invoices: [
    { id: 1, status: 'paid', amount: 1200, currency: 'gbp' },
    { id: 2, status: 'open', amount: 900, currency: 'usd' },
  ],
  total: 2,
};

describe('output layer', () => {
  it('chooses a table on a terminal, TSV in a pipe, JSON with --json, and checks --format', () => {
    expect(chooseFormat({}, true)).toBe('table');
    expect(chooseFormat({}, false)).toBe('tsv');
    expect(chooseFormat({ json: true }, true)).toBe('json');
    expect(chooseFormat({ format: 'csv', json: true }, true)).toBe('csv');
    expect(() => chooseFormat({ format: 'xml' }, true)).toThrow(CliError);
  });

  it('unwraps the single list of a response, keeping total aside', () => {
    expect(rowsOf(invoices).map((r) => r.id)).toEqual([1, 2]);
    expect(rowsOf({ resources: { items: [{ id: 7 }], total: 1 } }, 'resources.items')).toEqual([{ id: 7 }]);
    expect(rowsOf({ invoice: { id: 3 } })).toEqual([{ id: 3 }]);
    expect(rowsOf([1, 2])).toEqual([{ value: 1 }, { value: 2 }]);
  });

  it('renders TSV, CSV and NDJSON rows with the selected fields in order', async () => {
    expect(await render(invoices, { format: 'tsv', fields: ['status', 'id'] })).toBe('status\tid\npaid\t1\nopen\t2\n');
    expect(await render({ rows: [{ a: 'x,"y"', b: null }] }, { format: 'csv' })).toBe('a,b\n"x,""y""",\n');
    expect(await render(invoices, { format: 'ndjson', fields: ['id'] })).toBe('{"id":1}\n{"id":2}\n');
  });

  it('prints nothing for an empty list in TSV and CSV (as --all does), not an empty header line', async () => {
    const none = { invoices: [], total: 0 };
    expect(await render(none, { format: 'tsv' })).toBe('');
    expect(await render(none, { format: 'csv' })).toBe('');
    expect(await render(none, { format: 'tsv', fields: ['id', 'state'] })).toBe('id\tstate\n');
  });

  it('keeps the whole body for --json and refuses unknown --fields, naming the available ones', async () => {
    expect(JSON.parse(await render(invoices, { format: 'json' }))).toEqual(invoices);
    await expect(render(invoices, { format: 'tsv', fields: ['id', 'colour'] })).rejects.toThrow(
      /unknown field colour; available: id, status, amount, currency/,
    );
    expect(() => parseFields(' , ')).toThrow(/at least one field/);
  });

  it('draws an aligned table on a terminal', async () => {
    // eslint-disable-next-line no-control-regex
    const text = (await render(invoices, { format: 'table' })).replace(/\u001b\[\d+m/g, '');
    expect(text).toMatch(/│ id │ status │ amount +│ currency │/);
    // Money in major units with its currency on a terminal; machine formats keep the API's minor units.
    expect(text).toMatch(/│ 1 +│ paid +│ £12\.00 +│ gbp/);
    expect(text).toMatch(/US\$9\.00/);
    expect(text.split('\n').filter((l) => l.includes('│')).length).toBe(3);
  });

  it('never shows a token, password or secret in any format', async () => {
    const body = {
      user: { id: 1, username: 'superuser' },
      token: 'tok_SECRET',
      sessionToken: 'S2',
      nested: [{ password: 'pw', action_secret: 'as' }],
    };
    expect(redact(body)).toEqual({
      user: { id: 1, username: 'superuser' },
      token: '***',
      sessionToken: '***',
      nested: [{ password: '***', action_secret: '***' }],
    });
    for (const format of ['json', 'tsv', 'csv', 'ndjson', 'table'] as const) {
      const text = await render(body, { format });
      expect(text).not.toMatch(/tok_SECRET|S2|"pw"|\bas\b/);
    }
  });
});

describe('rows of action responses', () => {
  it('shows the one entity of a response beside its metadata', () => {
    expect(rowsOf({ invoice: { id: 8, state: 'paid' }, changed: true })).toEqual([{ id: 8, state: 'paid' }]);
    expect(rowsOf({ a: { id: 1 }, b: { id: 2 } })).toEqual([{ a: { id: 1 }, b: { id: 2 } }]);
  });
});

describe('tables fitted to the terminal', () => {
  const wide = Array.from({ length: 6 }, (_, i) => ({
    id: i + 1,
    name: `School number ${i + 1} with a long name`,
    note: 'x'.repeat(50),
    state: 'open',
  }));
  const widest = (text: string) => Math.max(...text.split('\n').map((line) => [...line].length));

  it('never draws a line wider than the width, a row a line', () => {
    for (const width of [120, 80, 50]) {
      const text = renderTable(wide, ['id', 'name', 'note', 'state'], width);
      expect(widest(text), String(width)).toBeLessThanOrEqual(width);
      expect(text.trim().split('\n'), String(width)).toHaveLength(wide.length + 4);
    }
    // The note has no space: it is never cut, so at 40 columns it goes, and the names are cut.
    expect(renderTable(wide, ['id', 'name', 'note', 'state'], 40)).toContain('…');
  });

  it('leaves out columns that cannot fit, naming them, rather than a record a row', () => {
    const { text, dropped } = fitTable(wide.slice(0, 2), ['id', 'name', 'note', 'state'], { width: 30 });
    expect(widest(text)).toBeLessThanOrEqual(30);
    expect(dropped).toEqual(['note']);
    expect(text.trim().split('\n')).toHaveLength(6);
  });

  it('keeps a cell with line breaks on its line', () => {
    expect(
      renderTable(
        [
          { id: 1, text: 'a\nb' },
          { id: 2, text: 'c' },
        ],
        ['id', 'text'],
        40,
      )
        .trim()
        .split('\n'),
    ).toHaveLength(6);
  });

  it('shows the default columns in a table, every field in the other formats', async () => {
    const tableColumns = ['id', 'status'];
    const table = await render(invoices, { format: 'table', tableColumns });
    expect(table).toMatch(/│ id │ status │\n/);
    expect(table).not.toContain('currency');
    expect(await render(invoices, { format: 'tsv', tableColumns })).toMatch(/^id\tstatus\tamount\tcurrency\n/);
    // A default column the answer lacks is left out; --fields wins over the defaults.
    expect(await render(invoices, { format: 'table', tableColumns: ['id', 'gone'] })).toMatch(/│ id │\n/);
    expect(await render(invoices, { format: 'table', tableColumns, fields: ['amount'] })).toMatch(/│ amount +│\n/);
  });

  it('takes the width from COLUMNS, else the terminal, else leaves it to the table (120)', () => {
    expect(terminalColumns({ COLUMNS: '100' }, 80)).toBe(100);
    expect(terminalColumns({ COLUMNS: '' }, 80)).toBe(80);
    expect(terminalColumns({ COLUMNS: 'wide' }, undefined)).toBeUndefined();
    expect(widest(renderTable(wide, ['id', 'name', 'note', 'state']))).toBeLessThanOrEqual(120);
  });
});

describe('the JSON of a list', () => {
  it("keeps the API's envelope with --fields, the records picked", async () => {
    expect(JSON.parse(await render(invoices, { format: 'json', fields: ['id'] }))).toEqual({
      invoices: [{ id: 1 }, { id: 2 }],
      total: 2,
    });
    expect(
      JSON.parse(
        await render({ invoice: { id: 3, state: 'paid' }, changed: true }, { format: 'json', fields: ['state'] }),
      ),
    ).toEqual({ invoice: { state: 'paid' }, changed: true });
    expect(
      JSON.parse(
        await render(
          { resources: { items: [{ id: 7, t: 'x' }], total: 1 } },
          { format: 'json', fields: ['id'], responseKey: 'resources.items' },
        ),
      ),
    ).toEqual({ resources: { items: [{ id: 7 }], total: 1 } });
  });

  it('finds where the records and the total of a page are', () => {
    expect(recordsPath(invoices)).toEqual(['invoices']);
    expect(recordsPath({ resources: { items: [], total: 0 } }, 'resources')).toEqual(['resources', 'items']);
    expect(recordsPath([{ id: 1 }])).toEqual([]);
    expect(totalOf(invoices)).toBe(2);
    expect(totalOf({ resources: { items: [], total: 4 } }, 'resources.items')).toBe(4);
    expect(totalOf([{ id: 1 }])).toBeUndefined();
  });
});

describe('a view of one record', () => {
  it('puts a next command too wide for its line whole on the line after, never broken', () => {
    const next = 'To mark it paid: edshed invoices mark 10001 paid --method METHOD --date YYYY-MM-DD';
    const text = renderView(
      { title: 'INV-010001', facts: [], next: [next, 'Show it: edshed invoices show 8'] },
      80,
      createColors(false),
    );
    expect(text.split('\n').slice(-4)).toEqual([
      'To mark it paid:',
      '  edshed invoices mark 10001 paid --method METHOD --date YYYY-MM-DD',
      'Show it: edshed invoices show 8',
      '',
    ]);
  });
});
