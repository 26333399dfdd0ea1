import { describe, expect, it } from 'vitest';
import { createHarness, obj, rows } from './harness.js';

describe('school scope: a school admin reaches only their own school billing', () => {
  const h = createHarness();
  const otherSub = (): number =>
    h.value<number>('SELECT id FROM subscriptions WHERE school_id = 2 ORDER BY id LIMIT 1');
  const otherInvoice = (): number => h.value<number>('SELECT id FROM invoices WHERE school_id = 3 ORDER BY id LIMIT 1');

  it('lists only their school subscriptions and invoices', async () => {
    const subs = rows(await h.ok('GET users/me/school/subscriptions', { as: 'admin' }), 'subscriptions');
    expect(subs.length).toBeGreaterThan(0);
    expect(new Set(subs.map((s) => s.school_id))).toEqual(new Set([1]));
    const invoices = rows(
      await h.ok('GET subscriptions/invoices', { as: 'admin', input: { school_id: 3 } }),
      'invoices',
    );
    expect(new Set(invoices.map((i) => i.school_id))).toEqual(new Set([1]));
  });

  it('answers 404 for another school subscription, as for a missing one', async () => {
    for (const route of [
      'GET users/me/school/subscriptions/{id}',
      'GET users/me/school/subscriptions/{id}/invoices',
      'POST users/me/school/subscriptions/{id}/cancel',
    ]) {
      const reply = await h.call(route, { as: 'admin', params: { id: otherSub() } });
      expect(reply.status, route).toBe(404);
      expect(reply.body.message).toBe(`Subscription ${otherSub()} not found`);
    }
    expect(
      (await h.call('GET users/me/school/subscriptions/{id}', { as: 'admin', params: { id: 999_999 } })).body.message,
    ).toBe('Subscription 999999 not found');
  });

  it('cannot pay, or read the balance of, another school', async () => {
    expect(
      (await h.call('POST users/me/school/invoices/{id}/pay', { as: 'admin', params: { id: otherInvoice() } })).status,
    ).toBe(404);
    expect(h.value('SELECT state FROM invoices WHERE id = ?', otherInvoice())).not.toBe('paid');
    expect((await h.call('GET schools/{id}/balance', { as: 'admin', params: { id: 3 } })).status).toBe(404);
    const own = rows(await h.ok('GET schools/{id}/balance', { as: 'admin', params: { id: 1 } }), 'balance');
    expect(own.map((b) => b.currency)).toEqual(['gbp']);
  });

  it('sees only their school store purchases', async () => {
    const purchases = rows(await h.ok('GET store/purchases', { as: 'admin' }), 'purchases');
    expect(new Set(purchases.map((p) => p.school_id))).toEqual(new Set([1]));
    const maple = h.value<number>('SELECT id FROM store_purchases WHERE school_id = 2 LIMIT 1');
    expect((await h.call('GET store/purchases/{id}', { as: 'admin', params: { id: maple } })).status).toBe(404);
  });

  it('a superuser reaches every school', async () => {
    expect(
      obj(await h.ok('GET schoolsubscriptions/{id}', { params: { id: otherSub() } }), 'subscription').school_id,
    ).toBe(2);
    const all = await h.ok('GET subscriptions/invoices', { input: { school_id: 3 } });
    expect(new Set(rows(all, 'invoices').map((i) => i.school_id))).toEqual(new Set([3]));
  });

  it('a shareable invoice link opens without signing in', async () => {
    const shareable = h.value<string>('SELECT shareable_id FROM invoices WHERE school_id = 3 LIMIT 1');
    const invoice = obj(
      await h.ok('GET subscriptions/invoices/{shareableId}', { as: null, params: { shareableId: shareable } }),
      'invoice',
    );
    expect(obj(invoice, 'school').name).toBe('Wattle Public School');
    expect(
      (await h.call('GET subscriptions/invoices/{shareableId}', { as: null, params: { shareableId: 'guess' } })).status,
    ).toBe(404);
  });

  it('roles from the table: a teacher cannot reach admin billing and an admin cannot reach superuser calls', async () => {
    expect((await h.call('GET users/me/school/subscriptions', { as: 'teacher' })).status).toBe(403);
    expect(
      (
        await h.call('POST superuser/invoices/{id}/paid', {
          as: 'admin',
          params: { id: 1 },
          input: { method: 'bacs', date: '2026-08-30' },
        })
      ).status,
    ).toBe(403);
    expect((await h.call('GET salestotals', { as: 'sales' })).status).toBe(200);
    expect((await h.call('GET salestotals', { as: 'admin' })).status).toBe(403);
  });
});
