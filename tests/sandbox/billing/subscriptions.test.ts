import { describe, expect, it } from 'vitest';
import { createHarness, obj, rows } from './harness.js';
import { subscriptionIn } from './fixtures.js';
import { all, allValues, one, run } from '../../../sandbox/kit/sql.js';

const pupilsOf = (h: ReturnType<typeof createHarness>, school: number, n: number): number[] =>
  allValues<number>(h.db, "SELECT id FROM users WHERE school_id = ? AND kind = 'pupil' ORDER BY id LIMIT ?", school, n);

describe('grants', () => {
  const h = createHarness();

  it('grants a full subscription with an open invoice taxed at the school country rate', async () => {
    const body = await h.ok(
      'POST schools/{id}/subscription/full',
      { params: { id: 1 }, input: { product_id: 4, seats: 320 } },
      201,
    );
    const sub = obj(body, 'subscription');
    expect(sub).toMatchObject({
      kind: 'full',
      state: 'active',
      start_date: '2026-09-01',
      expiry: '2027-08-31',
      seats: 320,
      currency: 'gbp',
    });
    const invoice = obj(body, 'invoice');
    expect(invoice).toMatchObject({
      state: 'open',
      currency: 'gbp',
      amount: 30_000 + 20 * 150,
      subscription_id: sub.id,
    });
    expect(invoice.tax).toBe(Math.round(33_000 * 0.2));
  });

  it('refuses a second live subscription to the same product over the same days', async () => {
    const clash = await h.call('POST schools/{id}/subscription/full', { params: { id: 1 }, input: { product_id: 4 } });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toMatch(/School 1 already has subscription \d+ \(active\)/);
  });

  it('allows a renewal that starts after the current one ends, as a future subscription', async () => {
    const body = await h.ok(
      'POST schools/{id}/subscription/future',
      { params: { id: 1 }, input: { product_id: 4, start: '2027-09-01' } },
      201,
    );
    expect(obj(body, 'subscription')).toMatchObject({
      kind: 'future',
      state: 'future',
      start_date: '2027-09-01',
      expiry: '2028-08-31',
    });
    expect(obj(body, 'invoice').issued_at).toBe('2026-09-01');
  });

  it('checks the dates of backdated and future grants', async () => {
    expect(
      (
        await h.call('POST schools/{id}/subscription/backdated', {
          params: { id: 2 },
          input: { product_id: 2, start: '2026-10-01' },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await h.call('POST schools/{id}/subscription/future', {
          params: { id: 2 },
          input: { product_id: 2, start: '2026-08-01' },
        })
      ).status,
    ).toBe(422);
    const back = await h.ok(
      'POST schools/{id}/subscription/backdated',
      { params: { id: 2 }, input: { product_id: 2, start: '2025-06-01' } },
      201,
    );
    expect(obj(back, 'subscription')).toMatchObject({ state: 'expired', expiry: '2026-05-31' });
    expect(obj(back, 'invoice')).toMatchObject({ issued_at: '2025-06-01', currency: 'usd', tax: 0 });
  });

  it('gives a 30-day trial once per product, without an invoice', async () => {
    const body = await h.ok(
      'POST schools/{id}/subscription/trial',
      { params: { id: 3 }, input: { product_id: 2 } },
      201,
    );
    expect(obj(body, 'subscription')).toMatchObject({ state: 'trial', billing: 'none', expiry: '2026-09-30' });
    expect(body.invoice).toBeNull();
    run(h.db, "UPDATE subscriptions SET state = 'expired' WHERE id = ?", obj(body, 'subscription').id);
    const again = await h.call('POST schools/{id}/subscription/trial', { params: { id: 3 }, input: { product_id: 2 } });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('already had a trial');
  });

  it('applies a coupon to what a school buys and counts its use', async () => {
    const before = h.value<number>("SELECT redemptions FROM coupons WHERE code = 'WELCOME10'");
    const body = await h.ok(
      'POST users/me/school/subscriptions',
      { as: 'admin', input: { product_id: 5, coupon: 'WELCOME10' } },
      201,
    );
    expect(obj(body, 'invoice').amount).toBe(108_000);
    expect(h.value<number>("SELECT redemptions FROM coupons WHERE code = 'WELCOME10'")).toBe(before + 1);
    const expired = await h.call('GET users/me/school/subscriptions/cost', {
      as: 'admin',
      input: { product_id: 2, coupon: 'CONF2025' },
    });
    expect(expired.status).toBe(409);
    expect(expired.body.message).toContain('expired');
  });

  it('prices multi-year subscriptions with the discount and hands back an action secret', async () => {
    const cost = obj(
      await h.ok('GET subscriptions/schedule/multi-year/cost', { as: 'admin', input: { product_id: 4, years: 3 } }),
      'cost',
    );
    expect(cost.amount).toBe(Math.round(30_000 * 3 * 0.9));
    const body = await h.ok(
      'POST subscriptions/schedule/multi-year',
      { input: { school_id: 2, product_id: 4, years: 2 } },
      201,
    );
    expect(obj(body, 'subscription')).toMatchObject({ kind: 'multi_year', expiry: '2028-08-31' });
    expect(body.action_secret).toMatch(/^[0-9a-f]{32}$/);
    expect(obj(body, 'subscription')).not.toHaveProperty('action_secret');
  });
});

describe('seats and assignment', () => {
  const h = createHarness();

  it('assigns pupils up to the seat limit, skipping the rest unless told to fail', async () => {
    const id = subscriptionIn(h.db, 'active');
    run(h.db, 'UPDATE subscriptions SET seats = 3 WHERE id = ?', id);
    const pupils = pupilsOf(h, 1, 5);
    const strict = await h.call('POST users/me/school/subscriptions/{id}/users', {
      as: 'admin',
      params: { id },
      input: { user_ids: pupils, error_on_user_limit: true },
    });
    expect(strict.status).toBe(409);
    expect(strict.body.message).toContain('has 3 seats with 0 assigned');
    expect(h.value('SELECT COUNT(*) FROM subscription_members WHERE subscription_id = ?', id)).toBe(0);
    const lenient = await h.ok('POST users/me/school/subscriptions/{id}/users', {
      as: 'admin',
      params: { id },
      input: { user_ids: pupils.join(',') },
    });
    expect(lenient.assigned).toEqual(pupils.slice(0, 3));
    expect(lenient.skipped).toEqual(pupils.slice(3));
    expect(obj(lenient, 'subscription')).toMatchObject({
      assigned: { users: 3, teachers: 0, groups: 0 },
      seats_available: 0,
    });
  });

  it('refuses pupils of another school and lowering seats below what is assigned', async () => {
    const id = subscriptionIn(h.db, 'active');
    const other = await h.call('POST users/me/school/subscriptions/{id}/users', {
      as: 'admin',
      params: { id },
      input: { user_ids: pupilsOf(h, 2, 1) },
    });
    expect(other.status).toBe(422);
    await h.ok('POST users/me/school/subscriptions/{id}/users', {
      as: 'admin',
      params: { id },
      input: { user_ids: pupilsOf(h, 1, 4) },
    });
    const lower = await h.call('PATCH users/me/school/subscriptions/{id}/users/seats', {
      as: 'admin',
      params: { id },
      input: { seats: 3 },
    });
    expect(lower.status).toBe(409);
    expect(lower.body.message).toContain('has 4 pupils assigned');
  });

  it('assigns a group and, with assign_to_users, its pupils; unassigning takes them back', async () => {
    const id = subscriptionIn(h.db, 'active');
    const group = h.value<number>(
      'SELECT g.id FROM school_groups g WHERE g.school_id = 1 AND EXISTS (SELECT 1 FROM group_pupils p WHERE p.group_id = g.id) ORDER BY g.id LIMIT 1',
    );
    const members = h.value<number>('SELECT COUNT(*) FROM group_pupils WHERE group_id = ?', group);
    const body = await h.ok('POST users/me/school/subscriptions/{id}/groups', {
      as: 'admin',
      params: { id },
      input: { group_ids: [group], assign_to_users: true },
    });
    expect(obj(body, 'subscription').assigned).toEqual({ users: members, teachers: 0, groups: 1 });
    const after = await h.ok('DELETE users/me/school/subscriptions/{id}/groups', {
      as: 'admin',
      params: { id },
      input: { group_ids: String(group), assign_to_users: 'true' },
    });
    expect(obj(after, 'subscription').assigned).toEqual({ users: 0, teachers: 0, groups: 0 });
  });

  it('invoices extra seats on a paid subscription for the rest of the term', async () => {
    const id = subscriptionIn(h.db, 'active');
    const body = await h.ok('PATCH users/me/school/subscriptions/{id}/users/seats', {
      as: 'admin',
      params: { id },
      input: { seats: 310 },
    });
    expect(obj(body, 'invoice')).toMatchObject({ kind: 'upgrade', amount: Math.round((10 * 150 * 181) / 365) });
    expect(obj(body, 'subscription').seats).toBe(310);
  });
});

describe('cancellations and money', () => {
  const h = createHarness();

  it('cancel with refund refunds the unused part of the paid invoice and records a credit', async () => {
    const id = subscriptionIn(h.db, 'active');
    const preview = obj(await h.ok('GET subscriptions/{id}/refund', { params: { id } }), 'refund');
    expect(preview).toMatchObject({ amount: Math.round((12_000 * 181) / 365), days_left: 181, days_in_term: 365 });
    const body = await h.ok('POST superuser/subscriptions/{id}/cancelandrefund', { params: { id } });
    expect(body.refunded).toBe(preview.amount);
    const credit = one(
      h.db,
      "SELECT c.amount, i.state FROM invoice_credits c JOIN invoices i ON i.id = c.invoice_id WHERE i.subscription_id = ? AND c.kind = 'refund'",
      id,
    );
    expect(credit).toEqual({ amount: preview.amount, state: 'refunded' });
    expect(h.value('SELECT kind FROM cancellations WHERE subscription_id = ?', id)).toBe('refund');
  });

  it('cancel void voids what is unpaid and leaves what was paid', async () => {
    const id = subscriptionIn(h.db, 'cancelling');
    await h.ok('POST superuser/subscriptions/{id}/cancelvoid', { params: { id } });
    expect(allValues(h.db, 'SELECT state FROM invoices WHERE subscription_id = ? ORDER BY id', id)).toEqual([
      'paid',
      'void',
    ]);
  });

  it('cancel uncollectable needs an unpaid invoice and writes it off', async () => {
    const id = subscriptionIn(h.db, 'active');
    run(h.db, "UPDATE invoices SET state = 'paid' WHERE subscription_id = ?", id);
    const none = await h.call('POST superuser/subscriptions/{id}/canceluncollectable', { params: { id } });
    expect(none.status).toBe(409);
    expect(none.body.message).toContain('no unpaid invoice');
    const other = subscriptionIn(h.db, 'active');
    await h.ok('POST superuser/subscriptions/{id}/canceluncollectable', { params: { id: other } });
    expect(allValues(h.db, 'SELECT state FROM invoices WHERE subscription_id = ? ORDER BY id', other)).toEqual([
      'paid',
      'uncollectable',
    ]);
  });

  it('moving takes unpaid invoices to the new school and leaves seat assignments behind', async () => {
    const id = subscriptionIn(h.db, 'active');
    await h.ok('POST users/me/school/subscriptions/{id}/users', {
      as: 'admin',
      params: { id },
      input: { user_ids: pupilsOf(h, 1, 2) },
    });
    const body = await h.ok('POST subscriptions/{id}/move', { params: { id }, input: { school: 3 } });
    expect(obj(body, 'subscription')).toMatchObject({
      school_id: 3,
      moved_from_school_id: 1,
      assigned: { users: 0, teachers: 0, groups: 0 },
    });
    expect(all(h.db, 'SELECT state, school_id FROM invoices WHERE subscription_id = ? ORDER BY id', id)).toEqual([
      { state: 'paid', school_id: 1 },
      { state: 'open', school_id: 3 },
    ]);
    expect((await h.ok('POST subscriptions/{id}/move', { params: { id }, input: { school: 3 } })).changed).toBe(false);
  });

  it('cancellations are listed, aggregated and their reason edited; undo marks them undone', async () => {
    const id = subscriptionIn(h.db, 'active');
    await h.ok('POST superuser/subscriptions/{id}/cancelatexpiry', { params: { id } });
    const list = rows(await h.ok('GET superuser/cancellations'), 'cancellations');
    const mine = list.find((c) => c.subscription_id === id);
    expect(mine).toMatchObject({ kind: 'at_expiry', school_name: 'Oakfield Primary School' });
    await h.ok('PATCH superuser/cancellations/{id}', {
      params: { id: Number(mine?.id) },
      input: { reason: 'Too expensive' },
    });
    const aggregate = obj(await h.ok('GET superuser/cancellations/aggregate'), 'aggregate');
    expect(aggregate.by_reason).toContainEqual({ reason: 'Too expensive', count: 1 });
    await h.ok('DELETE superuser/subscriptions/{id}/cancelatexpiry', { params: { id } });
    expect(h.value('SELECT undone_at FROM cancellations WHERE id = ?', mine?.id)).not.toBeNull();
  });
});

describe('prepayments', () => {
  const h = createHarness();

  it('a prepaid subscription waits for activation with its secret, which pays the invoice by card', async () => {
    const body = await h.ok(
      'POST users/me/school/subscriptions/prepayment',
      { as: 'admin', input: { product_id: 4 } },
      201,
    );
    const id = Number(obj(body, 'subscription').id);
    expect(obj(body, 'subscription').state).toBe('pending');
    expect(obj(body, 'invoice')).toMatchObject({ kind: 'prepayment', billing: 'card', state: 'open' });
    const wrong = await h.call('POST users/me/school/subscriptions/prepayment/activation', {
      as: 'admin',
      input: { action_secret: 'nope' },
    });
    expect(wrong.status).toBe(404);
    const active = await h.ok('POST users/me/school/subscriptions/prepayment/activation', {
      as: 'admin',
      input: { action_secret: body.action_secret },
    });
    expect(obj(active, 'subscription').state).toBe('active');
    expect(obj(active, 'invoice')).toMatchObject({ state: 'paid', paid_method: 'card' });
    expect(h.value('SELECT state FROM subscriptions WHERE id = ?', id)).toBe('active');
  });

  it('the payer cancels a prepayment through its secret without signing in; repeating it changes nothing', async () => {
    const body = await h.ok(
      'POST users/me/school/subscriptions/prepayment',
      { as: 'admin', input: { product_id: 5 } },
      201,
    );
    const cancel = await h.ok('DELETE subscriptions/prepayment/invoices', {
      as: null,
      input: { action_secret: body.action_secret },
    });
    expect(obj(cancel, 'subscription').state).toBe('cancelled');
    expect(h.value('SELECT state FROM invoices WHERE id = ?', obj(body, 'invoice').id)).toBe('void');
    expect(
      (
        await h.ok('DELETE subscriptions/prepayment/invoices', {
          as: null,
          input: { action_secret: body.action_secret },
        })
      ).changed,
    ).toBe(false);
  });

  it('a prepaid upgrade applies on activation and can be dropped instead', async () => {
    const id = subscriptionIn(h.db, 'active');
    const pending = await h.ok('POST users/me/school/subscriptions/{id}/upgrade/prepayment', {
      as: 'admin',
      params: { id },
      input: { seats: 350 },
    });
    expect(obj(pending, 'subscription')).toMatchObject({ seats: 300, pending_upgrade: { seats: 350 } });
    expect(
      (
        await h.call('POST users/me/school/subscriptions/{id}/upgrade', {
          as: 'admin',
          params: { id },
          input: { seats: 400 },
        })
      ).status,
    ).toBe(409);
    const done = await h.ok('POST users/me/school/subscriptions/{id}/upgrade/prepayment/activation', {
      as: 'admin',
      params: { id },
      input: { action_secret: pending.action_secret },
    });
    expect(obj(done, 'subscription')).toMatchObject({ seats: 350, pending_upgrade: null });
    const again = await h.ok('POST users/me/school/subscriptions/{id}/upgrade/prepayment', {
      as: 'admin',
      params: { id },
      input: { seats: 360 },
    });
    await h.ok('DELETE subscriptions/{id}/upgrade/prepayment', { as: 'admin', params: { id } });
    expect(h.value('SELECT state FROM invoices WHERE id = ?', obj(again, 'invoice').id)).toBe('void');
    expect(h.value('SELECT seats FROM subscriptions WHERE id = ?', id)).toBe(350);
  });
});
