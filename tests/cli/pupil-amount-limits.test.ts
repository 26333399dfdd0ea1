import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../core/api/client.js';
import { run } from '../../cli/main.js';
import { fakeFactory } from '../helpers/fake-factory.js';

function recording(): { client: ApiClient; sent: unknown[] } {
  const sent: unknown[] = [];
  return {
    sent,
    client: {
      request: async (request: unknown) => (sent.push(request), { data: { displayNames: [] } }),
    } as unknown as ApiClient,
  };
}

describe('amount limits from the table', () => {
  it('refuses display-names generate --amount 101 with exit 2, sending nothing', async () => {
    const { client, sent } = recording();
    const f = fakeFactory({ client });
    expect(await run(['display-names', 'generate', '--amount', '101', '--json'], f)).toBe(2);
    expect(f.err()).toMatch(/amount/);
    expect(sent).toEqual([]);
  });

  it('sends an amount within the limit, and says the limit in --help', async () => {
    const { client, sent } = recording();
    expect(await run(['display-names', 'generate', '--amount', '100', '--json'], fakeFactory({ client }))).toBe(0);
    expect(sent).toHaveLength(1);
    const help = fakeFactory();
    await run(['display-names', 'generate', '--help'], help);
    expect(help.out()).toMatch(/amount: whole number, 1 to 100/);
  });
});
