import { describe, expect, it } from 'vitest';
import { shapeKeys } from '../../core/shapes/define.js';
import { INVOICE } from '../../core/shapes/invoice.js';

const INVOICE_FIELDS = shapeKeys(INVOICE);
import { run } from '../../cli/main.js';
import { fakeFactory } from '../helpers/fake-factory.js';
import { sandboxCliSuite } from '../helpers/sandbox-cli.js';

// `--fields` on the invoice list is checked before anything is sent, against core's INVOICE shape: so
// that list must be what the API answers. Held here to the sandbox's invoice list, show and writes.
const suite = sandboxCliSuite();
const cli = () => suite.cli();

describe('the fields of an invoice', () => {
  it("are exactly the keys of the INVOICE shape, in order, in the list, in a write's answer and (with the school and credits) in show", async () => {
    const t = suite.sandbox();
    const token = await t.login('superuser');
    const list = await t.call('GET', 'subscriptions/invoices', { token, query: { take: '50' } });
    const invoices = list.body.invoices as Record<string, unknown>[];
    expect(invoices.length).toBeGreaterThan(0);
    for (const invoice of invoices) expect(Object.keys(invoice)).toEqual([...INVOICE_FIELDS]);
    const open = invoices.find((i) => i.state === 'open') as Record<string, unknown>;
    const paid = await t.call('POST', `superuser/invoices/${String(open.id)}/paid`, {
      token,
      body: { method: 'bacs', date: '2026-11-01' },
    });
    expect(Object.keys(paid.body.invoice as object)).toEqual([...INVOICE_FIELDS]);
    const shown = await t.call('GET', `subscriptions/invoices/${String(open.shareable_id)}`);
    expect(Object.keys(shown.body.invoice as object)).toEqual([...INVOICE_FIELDS, 'school', 'credits']);
  });

  it('checks invoices list --fields before sending: an unknown name exits 2 with the known ones, nothing sent', async () => {
    const { f, sent } = await cli();
    expect(await run(['invoices', 'list', '--fields', 'id,nope'], f)).toBe(2);
    expect(f.err()).toBe(
      `edshed: --fields: unknown field nope; available: ${INVOICE_FIELDS.join(', ')}; nothing was sent\n`,
    );
    expect(sent).toEqual([]);
    const good = await cli();
    expect(await run(['invoices', 'list', '--fields', 'id,amount_due', '--take', '2'], good.f)).toBe(0);
    expect(good.f.out()).toMatch(/^id\tamount_due\n\d+\t\d+\n\d+\t\d+\n$/);
  });

  it("says that school_name, the table's name beside school_id, is no field to pick (exit 2, nothing sent)", async () => {
    const { f, sent } = await cli();
    expect(await run(['invoices', 'list', '--fields', 'id,school_name'], f)).toBe(2);
    expect(f.err()).toMatch(
      /^edshed: --fields: unknown field school_name \(school_name: the table shows it beside school_id; give that\); available: id, /,
    );
    expect(sent).toEqual([]);
  });

  it('checks --fields of every declared shape before sending: schools list exits 2, nothing sent', async () => {
    const { f, sent } = await cli();
    expect(await run(['schools', 'list', '--fields', 'id,nope'], f)).toBe(2);
    expect(f.err()).toMatch(/^edshed: --fields: unknown field nope; available: id, name, .*; nothing was sent\n$/);
    expect(sent).toEqual([]);
  });

  it('checks a list of open records (the generic store keeps any keys) against its answer: exit 1, naming the fields it has', async () => {
    const { f, sent } = await cli();
    expect(await run(['curricula', 'list', '--fields', 'id,nope'], f)).toBe(1);
    expect(f.err()).toMatch(/^edshed: --fields: the answer has no field nope; its fields: .*\bid\b.*\n$/);
    expect(sent).toHaveLength(1);
  });

  it("keeps exit 2 for --fields on the CLI's own data, where nothing is sent", async () => {
    const f = fakeFactory();
    expect(await run(['endpoints', '--fields', 'command,nope'], f)).toBe(2);
    expect(f.err()).toMatch(/--fields: unknown field nope; available: /);
  });
});
