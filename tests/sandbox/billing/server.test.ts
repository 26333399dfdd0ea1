import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSandbox, writeCount, type TestSandbox } from '../helpers/sandbox.js';

describe('billing through the sandbox server', () => {
  let t: TestSandbox;
  let su: string;
  let admin: string;
  beforeAll(async () => {
    t = testSandbox({ now: () => new Date('2026-09-01T09:00:00Z') });
    su = await t.login('superuser');
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  it('lists invoices, marks an open one paid and reads it back paid', async () => {
    const list = await t.call('GET', 'subscriptions/invoices', { token: su, query: { state: 'open' } });
    expect(list.status).toBe(200);
    const invoices = list.body.invoices as { id: number; state: string }[];
    const open = invoices.find((i) => i.state === 'open');
    expect(open).toBeDefined();
    const paid = await t.call('POST', `superuser/invoices/${open?.id}/paid`, {
      token: su,
      body: { method: 'bacs', date: '2026-08-31' },
    });
    expect(paid.status).toBe(200);
    const again = await t.call('GET', 'subscriptions/invoices', { token: su, query: { state: 'paid' } });
    expect((again.body.invoices as { id: number }[]).map((i) => i.id)).toContain(open?.id);
  });

  it('routes literal segments before parameters: paid, forex and an accounting system', async () => {
    const id = 1;
    const sent = await t.call('POST', `superuser/invoices/${id}/xero`, { token: su });
    expect(sent.status).toBe(200);
    expect((sent.body.invoice as { accounting_id: string }).accounting_id).toMatch(/^xero:/);
    const zones = await t.call('GET', 'countries/zones');
    expect(zones.status).toBe(200);
    expect((zones.body.zones as unknown[]).length).toBeGreaterThan(50);
    const gb = await t.call('GET', 'countries/GB/zones');
    expect((gb.body.zones as { code: string }[]).map((z) => z.code)).toEqual(['ENG', 'NIR', 'SCT', 'WLS']);
  });

  it('a refused transition answers 409 naming the state, and writes nothing', async () => {
    const list = await t.call('GET', 'subscriptions/invoices', { token: su, query: { state: 'void' } });
    const voided = (list.body.invoices as { id: number }[])[0];
    const reply = await t.call('POST', `superuser/invoices/${voided?.id}/paid`, {
      token: su,
      body: { method: 'bacs', date: '2026-08-31' },
    });
    expect(reply.status).toBe(409);
    expect(reply.body).toMatchObject({
      error: 'Conflict',
      message: `Invoice ${voided?.id} is void; only an open or promised invoice can be marked paid`,
    });
  });

  it.each(['2026-02-30', '2026-02-30T10:00:00Z', '2026-13-01', '2026-08-31T24:00:00Z'])(
    'refuses to mark an invoice paid on %s with a 422, and writes nothing',
    async (date) => {
      const list = await t.call('GET', 'subscriptions/invoices', { token: su, query: { state: 'open' } });
      const open = (list.body.invoices as { id: number }[])[0];
      const route = 'POST superuser/invoices/{id}/paid';
      const before = await writeCount(t, route);
      const reply = await t.call('POST', `superuser/invoices/${open?.id}/paid`, {
        token: su,
        body: { method: 'bacs', date },
      });
      expect(reply.status).toBe(422);
      expect(reply.body).toMatchObject({
        error: 'Invalid data',
        errors: [{ path: 'date', message: expect.stringMatching(/^expected an ISO 8601 date .*: .* is not a/) }],
      });
      expect(await writeCount(t, route)).toBe(before);
      const again = await t.call('GET', 'subscriptions/invoices', { token: su, query: { state: 'open' } });
      expect((again.body.invoices as { id: number }[]).map((i) => i.id)).toContain(open?.id);
    },
  );

  it('a school admin is refused superuser billing and sees only their school', async () => {
    expect(
      (
        await t.call('POST', 'superuser/invoices/1/paid', {
          token: admin,
          body: { method: 'bacs', date: '2026-08-31' },
        })
      ).status,
    ).toBe(403);
    const subs = await t.call('GET', 'users/me/school/subscriptions', { token: admin });
    expect(subs.status).toBe(200);
    expect(new Set((subs.body.subscriptions as { school_id: number }[]).map((s) => s.school_id))).toEqual(new Set([1]));
    expect((await t.call('GET', 'users/me/school/subscriptions/7', { token: admin })).status).toBe(404);
  });

  it('an engagement snapshot created over HTTP is computed by the server job runner', async () => {
    const created = await t.call('POST', 'superuser/sales/reports/engagement/snapshots', {
      token: su,
      body: { start: '2026-06-01', end: '2026-08-31' },
    });
    expect(created.status).toBe(202);
    const id = (created.body.snapshot as { id: number }).id;
    let state = '';
    for (let i = 0; i < 200 && state !== 'done'; i += 1) {
      const got = await t.call('GET', `superuser/sales/reports/engagement/snapshots/${id}`, { token: su });
      state = (got.body.snapshot as { state: string }).state;
      if (state !== 'done') await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(state).toBe('done');
    const data = await t.call('GET', `superuser/sales/reports/engagement/snapshots/${id}/data`, { token: su });
    expect(data.body.total).toBe(3);
  });
});
