import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../core/endpoints/index.js';
import { tableNouns } from '../../cli/table-nouns.js';
import { nounGroups, nounModuleSource, nounModulesSource } from '../../scripts/noun-entries.mjs';

const moduleOf = (source: string): Promise<Record<string, unknown>> => import(`data:text/javascript,${encodeURIComponent(source)}`);

describe('the built CLI\'s modules of each noun\'s entries (scripts/noun-entries.mjs)', () => {
  it('hold, noun by noun, exactly the table\'s entries in table order', async () => {
    const groups = nounGroups(ENDPOINTS);
    expect([...groups.keys()]).toEqual([...(await tableNouns()).keys()]);
    expect([...groups.values()].flat()).toHaveLength(ENDPOINTS.length);
    for (const [noun, entries] of groups) {
      const { default: built } = await moduleOf(nounModuleSource(entries));
      expect(built, noun).toEqual(ENDPOINTS.filter((e) => e.command.startsWith(`${noun} `)));
    }
  });

  it('map every noun of the table to its module, and no other word', async () => {
    const nouns = [...nounGroups(ENDPOINTS).keys()];
    const source = nounModulesSource(nouns);
    for (const noun of nouns) expect(source).toContain(`${JSON.stringify(noun)}: () => import(${JSON.stringify(`edshed-noun:${noun}`)})`);
    expect(source.match(/import\(/g)).toHaveLength(nouns.length);
  });
});
