/** The keys the spec names for homework and challenges are flags, checked before anything is sent. */
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../core/api/client.js';
import type { FetchLike } from '../../core/api/types.js';
import { run } from '../../cli/main.js';
import { createSandbox, type Sandbox } from '../../sandbox/server/server.js';
import { fakeFactory } from '../helpers/fake-factory.js';
import { allValues } from '../../sandbox/kit/sql.js';

const BASE = 'http://sandbox.test/';
let sandbox: Sandbox | undefined;
afterEach(async () => sandbox?.close());

async function asTeacher() {
  const box = createSandbox({ db: ':memory:', rateLimit: 100_000, now: () => new Date('2026-11-23T12:00:00Z') });
  sandbox = box;
  const sent: string[] = [];
  const fetch: FetchLike = async (input, init) => {
    sent.push(`${init?.method ?? 'GET'} ${String(input).slice(BASE.length)}`);
    return box.fetch(input, init);
  };
  const client = createClient({ baseUrl: BASE, fetch, retry: { retries: 0 } });
  const login = await client.request<{ token: string }>({
    method: 'POST',
    path: 'auth',
    body: { username: 'teacher', password: 'sandbox' },
  });
  client.setToken(login.data.token);
  sent.length = 0;
  const groups = allValues<number>(
    box.db,
    'SELECT id FROM school_groups WHERE school_id = 1 AND parent_id IS NULL ORDER BY name',
  ).slice(0, 2);
  return { f: fakeFactory({ client }), sent, groups };
}

describe('homework and challenge flags', () => {
  it('sets homework for a group with --homework, --group-id and an empty --pupil-ids', async () => {
    const { f, groups } = await asTeacher();
    const code = await run(
      [
        'homework',
        'create',
        '--homework',
        '{"title":"Week 5","game":"number"}',
        '--group-id',
        String(groups[0]),
        '--pupil-ids',
        '[]',
        '--is-new-ed-shed-portal',
        '1',
        '--json',
      ],
      f,
    );
    expect(f.err()).toBe('');
    expect(code).toBe(0);
    expect(JSON.parse(f.out())).toMatchObject({
      homework: { title: 'Week 5', game: 'number', group_ids: [groups[0]], pupil_ids: [], isNewEdShedPortal: true },
    });
  });

  it('starts a challenge between comma-joined --groups', async () => {
    const { f, groups } = await asTeacher();
    const code = await run(['challenges', 'create', '--groups', groups.join(','), '--product', 'quiz', '--json'], f);
    expect(code).toBe(0);
    expect(JSON.parse(f.out())).toMatchObject({
      challenge: { product: 'quiz', group_ids: [...groups].sort((a, b) => a - b) },
    });
  });

  it('refuses a product or group id the table does not allow, with exit 2 and nothing sent', async () => {
    const { f, sent } = await asTeacher();
    expect(await run(['challenges', 'create', '--groups', '1,2', '--product', 'chess'], f)).toBe(2);
    expect(f.err()).toMatch(
      /nothing was sent:\n {2}--product: expected one of spelling, number, quiz(, [a-z_]+)* \(got "chess"\)/,
    );
    expect(await run(['homework', 'create', '--homework', '{"title":"x"}', '--group-id', 'abc'], f)).toBe(2);
    expect(f.err()).toMatch(/nothing was sent:\n {2}--group-id: expected an id/);
    expect(sent).toEqual([]);
  });
});
