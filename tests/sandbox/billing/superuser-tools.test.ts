import { describe, expect, it } from 'vitest';
import { createHarness, obj, rows } from './harness.js';
import { invoiceIn, subscriptionIn } from './fixtures.js';
import { allValues, run } from '../../../sandbox/kit/sql.js';

describe('card provider', () => {
  const h = createHarness();

  it('a paid event from the provider marks the invoice paid; one that cannot apply is stored failed and rerun later', async () => {
    const id = invoiceIn(h.db, 'open');
    const body = await h.ok('POST {card_provider}', {
      as: 'admin',
      params: { card_provider: 'stripe' },
      input: { type: 'invoice.paid', data: { invoice_id: id } },
    });
    expect(obj(body, 'event')).toMatchObject({ state: 'processed', attempts: 1 });
    expect(obj(body, 'invoice')).toMatchObject({ state: 'paid', paid_method: 'card' });

    const voided = invoiceIn(h.db, 'void');
    const failed = obj(
      await h.ok('POST {card_provider}', {
        params: { card_provider: 'stripe' },
        input: { type: 'invoice.paid', invoice_id: voided },
      }),
      'event',
    );
    expect(failed).toMatchObject({ state: 'failed', attempts: 1 });
    expect(String(failed.error)).toContain(`Invoice ${voided} is void`);
    await h.ok('POST {card_provider}/{id}/invoices/{iid}', { params: { card_provider: 'stripe', id: 1, iid: voided } });
    const rerun = obj(
      await h.ok('POST {card_provider}/{id}/events/{eid}', {
        params: { card_provider: 'stripe', id: 1, eid: Number(failed.id) },
      }),
      'event',
    );
    expect(rerun).toMatchObject({ state: 'processed', attempts: 2, error: null });
    expect(h.value('SELECT state FROM invoices WHERE id = ?', voided)).toBe('paid');
    const events = rows(
      await h.ok('GET schools/{id}/{card_provider}/events', { params: { id: 1, card_provider: 'stripe' } }),
      'events',
    );
    expect(events.map((e) => e.id)).toContain(failed.id);
  });

  it('scheduled updates are viewed, rescheduled, cancelled, and applied by sync when due', async () => {
    const route = '{card_provider}/{id}/schedules/{sid}';
    const params = { card_provider: 'stripe', id: 7, sid: 1 };
    expect(obj(await h.ok(`GET ${route}`, { params }), 'schedule')).toMatchObject({
      state: 'scheduled',
      effective_at: '2027-01-10',
      changes: { seats: 250 },
    });
    expect((await h.call(`POST ${route}`, { params, input: { effective_at: '2026-01-01' } })).status).toBe(422);
    const moved = obj(
      await h.ok(`POST ${route}`, { params, input: { effective_at: '2026-10-01', seats: 260 } }),
      'schedule',
    );
    expect(moved).toMatchObject({ effective_at: '2026-10-01', changes: { seats: 260, teacher_seats: 15 } });
    h.now = new Date('2026-10-02T09:00:00Z');
    const synced = await h.ok('POST superuser/subscriptions/{id}/syncsubscription', { params: { id: 7 } });
    h.now = new Date('2026-09-01T09:00:00Z');
    expect(synced.schedules_applied).toBe(1);
    expect(obj(synced, 'subscription')).toMatchObject({ seats: 260, teacher_seats: 15 });
    const applied = await h.call(`DELETE ${route}`, { params });
    expect(applied.status).toBe(409);
    expect(applied.body.message).toBe('Schedule 1 is applied; only a scheduled schedule can be cancelled');
    const cancelled = await h.ok(`DELETE ${route}`, { params: { ...params, sid: 2 } });
    expect(cancelled.changed).toBe(false);
  });

  it('card invoices need card billing', async () => {
    const invoiced = await h.call('POST subscriptions/{id}/{card_provider}/invoices', {
      params: { id: 1, card_provider: 'stripe' },
      input: { amount: 1000 },
    });
    expect(invoiced.status).toBe(409);
    const charged = obj(
      await h.ok(
        'POST subscriptions/{id}/{card_provider}/invoices',
        { params: { id: 7, card_provider: 'stripe' }, input: { amount: 1000 } },
        201,
      ),
      'invoice',
    );
    expect(charged).toMatchObject({ billing: 'card', kind: 'card', currency: 'usd', total: 1000 });
    expect(String(charged.card_reference)).toMatch(/^in_/);
    const edited = obj(
      await h.ok('PATCH {card_provider}_invoices/{id}', {
        params: { card_provider: 'stripe', id: Number(charged.id) },
        input: { description: 'Extra seats' },
      }),
      'invoice',
    );
    expect(edited.description).toBe('Extra seats');
  });
});

describe('superuser tools', () => {
  const h = createHarness();

  it('a school with live subscriptions or unpaid invoices is not deleted', async () => {
    const refused = await h.call('POST schools/{id}/deleteschool', { params: { id: 3 } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('School 3 has live subscriptions');
    run(h.db, "UPDATE subscriptions SET state = 'cancelled' WHERE school_id = 3");
    expect((await h.call('POST schools/{id}/deleteschool', { params: { id: 3 } })).body.message).toContain(
      'unpaid invoices',
    );
    run(h.db, "UPDATE invoices SET state = 'void' WHERE school_id = 3 AND state IN ('open', 'promised')");
    await h.ok('POST schools/{id}/deleteschool', { params: { id: 3 } });
    expect((await h.call('GET schools/{id}/balance', { params: { id: 3 } })).status).toBe(404);
  });

  it('recaches scores from the game sessions', async () => {
    const total = h.value<number>('SELECT COALESCE(SUM(score), 0) FROM game_sessions WHERE user_id = 4');
    const body = await h.ok('PUT superuser/users/{id}/scores/total', { params: { id: 4 } });
    expect(obj(obj(body, 'scores'), 'total').total).toBe(total);
    const shed = await h.ok('PUT superuser/users/{id}/scores/shed', { params: { id: 4 } });
    expect(obj(shed, 'scores')).toHaveProperty('total');
    expect(h.value<string>('SELECT data FROM users WHERE id = 4')).toContain('shed_recached_at');
  });

  it('sets a teacher role in a school, and refuses a pupil', async () => {
    const body = await h.ok('PATCH schools/{id}/users/{uid}/role', {
      params: { id: 1, uid: 3 },
      input: { role: 'admin' },
    });
    expect(obj(body, 'user').role).toBe('admin');
    expect(h.value('SELECT admin FROM users WHERE id = 3')).toBe(1);
    expect(
      (await h.call('PATCH schools/{id}/users/{uid}/role', { params: { id: 1, uid: 4 }, input: { role: 'admin' } }))
        .status,
    ).toBe(422);
  });

  it('lists inferred teacher access after a refresh', async () => {
    const id = subscriptionIn(h.db, 'active');
    await h.ok('PUT superuser/subscriptions/{id}/inferred_teacher_access', {
      params: { id },
      input: { inferred_teacher_access: true },
    });
    const teachers = allValues<number>(h.db, "SELECT id FROM users WHERE school_id = 1 AND kind = 'teacher'");
    await h.ok('POST users/me/school/subscriptions/{id}/teachers', {
      as: 'admin',
      params: { id },
      input: { user_ids: [teachers[0]] },
    });
    await h.ok('POST superuser/inferred_teacher_access/refresh');
    const list = rows(await h.ok('GET superuser/inferred_teacher_access'), 'teachers').filter(
      (r) => r.subscription_id === id,
    );
    expect(list.map((r) => r.user_id).sort()).toEqual(teachers.slice(1).sort());
  });

  it('renders the renewal email from the plan, seats and tax', async () => {
    const email = obj(await h.ok('GET superuser/subscriptions/{id}/renewal_email', { params: { id: 10 } }), 'email');
    expect(email).toMatchObject({ renews_on: '2027-01-31', currency: 'aud', amount: Math.round(85_500 * 1.1) });
    expect(String(email.subject)).toContain('Wattle Public School');
    const ending = obj(await h.ok('GET superuser/subscriptions/{id}/renewal_email', { params: { id: 2 } }), 'email');
    expect(ending.renews_on).toBeNull();
  });

  it('geocodes addresses from the gazetteer', async () => {
    const results = rows(await h.ok('GET geocode-address', { input: { q: '1 Main Street, New York' } }), 'results');
    expect(results[0]).toMatchObject({ name: 'New York', country: 'US' });
    expect(rows(await h.ok('GET geocode-address', { input: { q: 'Nowhere at all' } }), 'results')).toEqual([]);
  });
});

describe('catalogue', () => {
  const h = createHarness();

  it('creates a product with a scope and a plan, and refuses to delete one with live subscriptions', async () => {
    const product = obj(
      await h.ok('POST subscriptions/products', { input: { code: 'grammar', name: 'Grammar Shed' } }, 201),
      'product',
    );
    const scope = obj(
      await h.ok(
        'POST subscriptions/products/{id}/scopes',
        { params: { id: Number(product.id) }, input: { name: 'Whole school', seat_type: 'school' } },
        201,
      ),
      'scope',
    );
    const plan = obj(
      await h.ok(
        'POST subscriptions/scopes/{id}/plans',
        {
          params: { id: Number(scope.id) },
          input: { name: 'Grammar (GBP)', currency: 'gbp', price: 20_000, seats: 200 },
        },
        201,
      ),
      'plan',
    );
    expect(plan).toMatchObject({ product_id: product.id, price: 20_000, version: 1, active: true });
    const repriced = obj(
      await h.ok('PATCH subscriptions/plans/{id}', { params: { id: Number(plan.id) }, input: { price: 22_000 } }),
      'plan',
    );
    expect(repriced.version).toBe(2);
    await h.ok(
      'POST schools/{id}/subscription/full',
      { params: { id: 1 }, input: { product_id: Number(product.id) } },
      201,
    );
    const refused = await h.call('DELETE subscriptions/products/{id}', { params: { id: Number(product.id) } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('1 live subscriptions');
    expect(
      rows(
        await h.ok('GET subscriptions/plans/{id}/subscriptions', { params: { id: Number(plan.id) } }),
        'subscriptions',
      ),
    ).toHaveLength(1);
    expect((await h.call('POST subscriptions/products', { input: { code: 'grammar', name: 'Again' } })).status).toBe(
      409,
    );
  });

  it('lists the children of a plan', async () => {
    const children = rows(await h.ok('GET subscriptions/plans/{id}/children', { params: { id: 1 } }), 'plans');
    expect(children).toHaveLength(1);
    expect(children[0]).toMatchObject({ parent_id: 1, term_months: 36 });
  });
});
