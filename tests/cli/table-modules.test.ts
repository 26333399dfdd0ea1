import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../core/endpoints/index.js';
import { INVOICE } from '../../core/shapes/invoice.js';
import { tableNouns } from '../../cli/table/table-nouns.js';
import { entriesModuleSource, nounGroups, tableModulesSource } from '../../scripts/table-modules.mjs';

const moduleOf = (source: string): Promise<Record<string, unknown>> =>
  import(`data:text/javascript,${encodeURIComponent(source)}`);

describe("the built CLI's modules of the table's data (scripts/table-modules.mjs)", () => {
  it('hold the whole table, and noun by noun exactly its entries, in table order', async () => {
    expect((await moduleOf(entriesModuleSource(ENDPOINTS))).default).toEqual(ENDPOINTS);
    const groups = nounGroups(ENDPOINTS);
    expect([...groups.keys()]).toEqual([...(await tableNouns()).keys()]);
    expect([...groups.values()].flat()).toHaveLength(ENDPOINTS.length);
    for (const [noun, entries] of groups) {
      const { default: built } = await moduleOf(entriesModuleSource(entries));
      expect(built, noun).toEqual(ENDPOINTS.filter((e) => e.command.startsWith(`${noun} `)));
    }
  });

  it('write each named reply shape once, by name, and share it again on load', async () => {
    const source = entriesModuleSource(ENDPOINTS);
    const summary = INVOICE.summary ?? 'the invoice has a summary';
    expect(ENDPOINTS.filter((e) => JSON.stringify(e.reply).includes(summary)).length).toBeGreaterThan(20);
    expect(source.split(summary)).toHaveLength(2);
    const built = (await moduleOf(source)).default as typeof ENDPOINTS;
    const paid = built.find((e) => e.command === 'invoices mark-paid');
    const list = built.find((e) => e.command === 'invoices list');
    expect(paid?.reply?.['invoice']).toBe((list?.reply?.['invoices'] as readonly unknown[] | undefined)?.[0]);
  });

  it('map every noun of the table to its module, and no other word', () => {
    const nouns = [...nounGroups(ENDPOINTS).keys()];
    const source = tableModulesSource(nouns);
    for (const noun of nouns)
      expect(source).toContain(`${JSON.stringify(noun)}: () => import(${JSON.stringify(`edshed-table:noun-${noun}`)})`);
    expect(source.match(/import\("edshed-table:noun-/g)).toHaveLength(nouns.length);
    expect(source).toContain("all: () => import('edshed-table:all')");
  });
});
