import { describe, expect, it } from 'vitest';
import { buildProgram, run } from '../../cli/main.js';
import { fakeFactory } from '../helpers/fake-factory.js';

const verbs = async (word: string, verb?: string) =>
  (await buildProgram(fakeFactory(), word, verb)).commands
    .find((c) => c.name() === word)
    ?.commands.map((c) => c.name()) ?? [];

describe('building the program for one run', () => {
  it('builds a known verb alone (a table verb or a curated one), and every verb otherwise', async () => {
    const all = await verbs('invoices');
    expect(all).toEqual(expect.arrayContaining(['list', 'show', 'mark-paid', 'mark']));
    expect(await verbs('invoices', 'list')).toEqual(['list']);
    expect(await verbs('invoices', 'mark')).toEqual(['mark']);
    // Not a verb (a typo, or an argument of the default verb): every verb, for suggestions and the default.
    expect(await verbs('invoices', 'lst')).toEqual(all);
    expect(await verbs('profiles', 'staging')).toEqual(await verbs('profiles'));
  });

  it("still refuses an unknown verb as bad usage, and runs a noun's default verb", async () => {
    expect(await run(['invoices', 'lst'], fakeFactory())).toBe(2);
    const prices = fakeFactory();
    expect(await run(['prices', '--json'], prices)).toBe(0);
    expect(prices.out()).toMatch(/"GB"|"gb"/i);
  });
});
