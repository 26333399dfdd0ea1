import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../core/endpoints/index.js';
import { testSandbox, type TestSandbox } from './helpers/sandbox.js';
import { asQuery, samplePayload } from './helpers/sample-payload.js';

// The table and the sandbox must agree: a list whose entry declares `take` (so the CLI offers --take)
// answers at most that many items. Entries with path parameters other than ids are left to their own tests.
const paged = ENDPOINTS.filter((e) => e.method === 'GET' && e.payload && 'take' in e.payload && e.params.length === 0);

let t: TestSandbox;
let superuser: string;
let admin: string;
beforeAll(async () => {
  t = testSandbox();
  superuser = await t.login('superuser');
  admin = await t.login('admin');
});
afterAll(() => t.close());

function longestList(body: unknown): number {
  if (Array.isArray(body)) return body.length;
  if (body === null || typeof body !== 'object') return 0;
  return Math.max(0, ...Object.values(body).map(longestList));
}

describe('declared paging is honoured', () => {
  it('covers the billing lists support staff page through', () => {
    expect(paged.map((e) => e.command)).toEqual(
      expect.arrayContaining(['invoices list', 'subscriptions list', 'store-purchases list', 'resources search']),
    );
  });

  it.each(paged.map((e) => [e.command, e] as const))('%s returns at most take=1 items', async (_command, endpoint) => {
    // Calls about the caller's own school need a caller with a school.
    const token = endpoint.path.startsWith('users/me/school') ? admin : superuser;
    // The keys the entry needs besides (one of an exactly-one-of group: rewards history's group).
    const result = await t.call('GET', endpoint.path, {
      token,
      query: { ...asQuery(samplePayload(endpoint)), take: '1' },
    });
    expect(result.status).toBe(200);
    // The paged list is the reply's first list (rewards history's `history`, beside its unpaged `totals`).
    const listKey = Object.entries(endpoint.reply ?? {}).find(([, value]) => Array.isArray(value))?.[0];
    const body = result.body as Record<string, unknown>;
    expect(longestList(listKey === undefined ? body : body[listKey])).toBeLessThanOrEqual(1);
  });
});
