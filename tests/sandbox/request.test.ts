/** The tests' one way to call the sandbox: `request` goes through the server's whole path, in process. */
import { describe, expect, it } from 'vitest';
import { HEADERS } from '../../core/api/headers.js';
import { SEED_NOW } from '../../sandbox/db/seed/context.js';
import { one } from '../../sandbox/kit/sql.js';
import { seededDb } from './billing/seeded.js';
import { sandboxOver, writeCount } from './helpers/sandbox.js';

describe('request over a database the test seeded', () => {
  let now = SEED_NOW;
  const db = seededDb();
  const sb = sandboxOver(db, () => now);
  const open = (): number =>
    (one<{ id: number }>(db, "SELECT id FROM invoices WHERE state = 'open' ORDER BY id LIMIT 1") as { id: number }).id;
  const paid = { method: 'bacs', date: '2026-08-30' };

  it('sends a concrete path as the table route with its params does, and the write log counts only the change', async () => {
    const id = open();
    const res = await sb.request(`POST superuser/invoices/${id}/paid`, { as: 'superuser', body: paid });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ changed: true, invoice: { id, state: 'paid' } });
    expect(res.headers.get(HEADERS.apiTarget)).toBe('sandbox');
    const same = await sb.request('POST superuser/invoices/{id}/paid', { as: 'superuser', params: { id }, body: paid });
    expect(same.body).toMatchObject({ changed: false, invoice: { id, state: 'paid' } });
    const other = await sb.request('POST superuser/invoices/{id}/paid', {
      as: 'superuser',
      params: { id },
      body: { ...paid, method: 'cheque' },
    });
    expect(other.status).toBe(409);
    expect(await writeCount(sb, 'POST superuser/invoices/{id}/paid', `superuser/invoices/${id}/paid`)).toBe(1);
  });

  it('replays a write sent again with its Idempotency-Key instead of applying it twice', async () => {
    const id = open();
    const headers = { [HEADERS.idempotencyKey]: `request-test-${id}` };
    const first = await sb.request('POST superuser/invoices/{id}/paid', {
      as: 'superuser',
      params: { id },
      body: paid,
      headers,
    });
    const second = await sb.request('POST superuser/invoices/{id}/paid', {
      as: 'superuser',
      params: { id },
      body: paid,
      headers,
    });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.headers.get(HEADERS.idempotentReplayed)).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await writeCount(sb, 'POST superuser/invoices/{id}/paid', `superuser/invoices/${id}/paid`)).toBe(1);
  });

  it('puts a GET payload in the query string, and stays signed in as the test moves the clock past a session', async () => {
    const page = await sb.request('GET subscriptions/invoices', { as: 'superuser', body: { skip: 1, take: 2 } });
    expect(page.status).toBe(200);
    expect(page.body.invoices).toHaveLength(2);
    now = new Date(SEED_NOW.getTime() + 200 * 86_400_000);
    expect((await sb.request('GET subscriptions/invoices', { as: 'superuser' })).status).toBe(200);
  });

  it('answers the real refusals: no session is a 401 with its reason, a route without its params is not sent', async () => {
    const anonymous = await sb.request('GET subscriptions/invoices');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toMatch(/needs a session token/);
    await expect(sb.request('POST superuser/invoices/{id}/paid', { as: 'superuser', body: paid })).rejects.toThrow(
      'no value given for id',
    );
  });
});
