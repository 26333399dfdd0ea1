import { describe, expect, it } from 'vitest';
import { chooseFormat, parseFields, render } from '../../cli/output/render.js';
import { redact } from '../../cli/output/redact.js';
import { rowsOf } from '../../cli/output/rows.js';
import { CliError } from '../../cli/cli-error.js';

const invoices = { invoices: [{ id: 1, status: 'paid', amount: 1200, currency: 'gbp' }, { id: 2, status: 'open', amount: 900, currency: 'usd' }], total: 2 };

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

  it('keeps the whole body for --json and refuses unknown --fields, naming the available ones', async () => {
    expect(JSON.parse(await render(invoices, { format: 'json' }))).toEqual(invoices);
    await expect(render(invoices, { format: 'tsv', fields: ['id', 'colour'] })).rejects.toThrow(/unknown field colour; available: id, status, amount, currency/);
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
    const body = { user: { id: 1, username: 'superuser' }, token: 'tok_SECRET', sessionToken: 'S2', nested: [{ password: 'pw', action_secret: 'as' }] };
    expect(redact(body)).toEqual({ user: { id: 1, username: 'superuser' }, token: '***', sessionToken: '***', nested: [{ password: '***', action_secret: '***' }] });
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
