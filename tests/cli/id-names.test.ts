import { describe, expect, it } from 'vitest';
import { run } from '../../cli/main.js';
import { sandboxCliSuite } from '../helpers/sandbox-cli.js';

const suite = sandboxCliSuite();

describe('names beside ids in a list', () => {
  it('shows the school beside school_id at one request for the page of rows, never one a row', async () => {
    const { f, sent } = await suite.cli();
    const tty = f.withIo({ ...f.io, stdoutIsTTY: true, columns: 120 });
    expect(await run(['invoices', 'list', '--limit', '11'], tty)).toBe(0);
    expect(f.out()).toMatch(/│ 4 +│ INV-000004 │ 1 +│ Oakfield Primary School +│/);
    expect(f.out()).toMatch(/│ 7 +│ INV-000007 │ 2 +│ Maple Elementary School +│/);
    // Eleven invoices of three schools: the list's page, then one read of the schools.
    expect(sent.filter((line) => line.startsWith('GET schools'))).toEqual(['GET schools']);
    expect(sent.filter((line) => line.startsWith('GET subscriptions/invoices'))).toHaveLength(1);
  });

  it("reads no names for a pipe or --fields: TSV is the API's fields alone", async () => {
    const { f, sent } = await suite.cli();
    expect(await run(['invoices', 'list'], f)).toBe(0);
    expect(f.out().split('\n')[0]).not.toContain('school_name');
    const tty = f.withIo({ ...f.io, stdoutIsTTY: true });
    expect(await run(['invoices', 'list', '--fields', 'id,school_id'], tty)).toBe(0);
    expect(sent.some((line) => line.startsWith('GET schools'))).toBe(false);
  });

  it("takes a product's name from the row itself, with no request", async () => {
    const { f, sent } = await suite.cli();
    const tty = f.withIo({ ...f.io, stdoutIsTTY: true, columns: 160 });
    expect(await run(['subscriptions', 'list'], tty)).toBe(0);
    expect(f.out()).toMatch(/│ Spelling Shed +│/);
    // The schools are read once; the products' names came with the subscriptions.
    expect(sent).toEqual(['GET schoolsubscriptions', 'GET schools']);
  });
});
