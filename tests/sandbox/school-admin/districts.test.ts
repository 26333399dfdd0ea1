import { beforeEach, describe, expect, it } from 'vitest';
import { at, createHarness, list, pluck, str, type Harness } from './harness.js';
import { one, run } from '../../../sandbox/kit/sql.js';
import { rowOf } from '../helpers/sql.js';

let h: Harness;
beforeEach(() => {
  h = createHarness();
});

describe('districts', () => {
  it('shows the district admin their district schools; superusers see every district', async () => {
    const mine = await h.call('GET districts', { as: 'district' });
    expect(pluck(mine.body, 'districts.0.schools')).toEqual([2, 3]);
    expect(list((await h.call('GET districts', { as: 'superuser' })).body, 'districts')).toHaveLength(1);
    expect((await h.call('GET districts', { as: 'admin' })).status).toBe(403);
  });

  it('links a school by join code once; a school of another district must be unlinked first', async () => {
    const linked = await h.call('POST users/me/district/schools', { as: 'district', input: { code: 'oakfield' } });
    expect(linked.status).toBe(201);
    expect(pluck(linked.body, 'district.schools').sort()).toEqual([1, 2, 3]);
    const again = await h.call('POST users/me/district/schools', { as: 'district', input: { code: 'OAKFIELD' } });
    expect(again.status).toBe(409);
    expect(str(again.body, 'message')).toContain('already in district');
    expect((await h.call('POST users/me/district/schools', { as: 'district', input: { schoolId: 1 } })).status).toBe(
      422,
    );
    expect((await h.call('POST users/me/district/schools', { as: 'district', input: { code: 'NOPE' } })).status).toBe(
      404,
    );
    run(h.db, "INSERT INTO districts (id, name, created_at) VALUES (2, 'Southside', '2026-01-01')");
    const elsewhere = await h.call('POST users/me/district/schools', {
      as: 'superuser',
      input: { districtId: 2, schoolId: 2 },
    });
    expect(elsewhere.status).toBe(409);
    expect(str(elsewhere.body, 'message')).toContain('belongs to district 1');
  });

  it('unlinks only a linked school, only in the caller district', async () => {
    const res = await h.call('DELETE districts/{id}/linkschool', {
      as: 'district',
      params: { id: 1 },
      input: { schoolId: 3 },
    });
    expect(pluck(res.body, 'district.schools')).toEqual([2]);
    expect(
      (await h.call('DELETE districts/{id}/linkschool', { as: 'district', params: { id: 1 }, input: { schoolId: 3 } }))
        .status,
    ).toBe(409);
    expect(
      (await h.call('DELETE districts/{id}/linkschool', { as: 'district', params: { id: 9 }, input: { schoolId: 2 } }))
        .status,
    ).toBe(404);
    expect(at(one(h.db, 'SELECT district_id FROM schools WHERE id = 3'), 'district_id')).toBeNull();
  });
});

describe('district seat allocation', () => {
  const sub = (schoolId: number, code: string, state: string): { id: number; seats: number } =>
    rowOf<{ id: number; seats: number }>(
      h.db,
      'SELECT s.id, s.seats FROM subscriptions s JOIN products p ON p.id = s.product_id WHERE s.school_id = ? AND p.code = ? AND s.state = ?',
      schoolId,
      code,
      state,
    );

  it('moves seats from a district subscription into a new free subscription, then tops it up', async () => {
    const parent = sub(2, 'complete', 'active');
    const res = await h.call('POST users/me/district/schools/{id}/subscriptions', {
      as: 'district',
      params: { id: 3 },
      input: { parentSubscriptionId: parent.id, quantity: 5 },
    });
    expect(res.status).toBe(201);
    expect(at(res.body, 'subscription')).toMatchObject({ school_id: 3, kind: 'free', seats: 5, state: 'active' });
    expect(at(res.body, 'parent.seats')).toBe(parent.seats - 5);
    const child = at(res.body, 'subscription.id') as number;
    const topUp = await h.call('POST users/me/district/schools/{id}/subscriptions', {
      as: 'district',
      params: { id: 3 },
      input: { parentSubscriptionId: parent.id, subscriptionId: child, quantity: 2 },
    });
    expect(at(topUp.body, 'subscription.seats')).toBe(7);
    const again = await h.call('POST users/me/district/schools/{id}/subscriptions', {
      as: 'district',
      params: { id: 3 },
      input: { parentSubscriptionId: parent.id, quantity: 1 },
    });
    expect(again.status).toBe(409);
    expect(rowOf<{ n: number }>(h.db, 'SELECT SUM(quantity) AS n FROM district_allocations').n).toBe(7);
  });

  it('refuses too many seats, a dead parent, and schools or subscriptions outside the district', async () => {
    const parent = sub(2, 'complete', 'active');
    const tooMany = await h.call('POST users/me/district/schools/{id}/subscriptions', {
      as: 'district',
      params: { id: 3 },
      input: { parentSubscriptionId: parent.id, quantity: parent.seats + 1 },
    });
    expect(tooMany.status).toBe(409);
    const dead = sub(2, 'number', 'deactivated');
    const refused = await h.call('POST users/me/district/schools/{id}/subscriptions', {
      as: 'district',
      params: { id: 3 },
      input: { parentSubscriptionId: dead.id, quantity: 1 },
    });
    expect(refused.status).toBe(409);
    expect(str(refused.body, 'message')).toContain('is deactivated');
    expect(
      (
        await h.call('POST users/me/district/schools/{id}/subscriptions', {
          as: 'district',
          params: { id: 1 },
          input: { parentSubscriptionId: parent.id, quantity: 1 },
        })
      ).status,
    ).toBe(404);
    const outside = sub(1, 'spelling', 'active');
    expect(
      (
        await h.call('POST users/me/district/schools/{id}/subscriptions', {
          as: 'district',
          params: { id: 3 },
          input: { parentSubscriptionId: outside.id, quantity: 1 },
        })
      ).status,
    ).toBe(404);
  });
});
