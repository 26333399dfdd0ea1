import { describe, expect, it } from 'vitest';
import type { SubscriptionState } from '../../../sandbox/domain/subscriptions/subscriptions.js';
import { createHarness, obj } from './harness.js';
import { stateOf, subscriptionIn } from './fixtures.js';
import { run } from '../../../sandbox/kit/sql.js';

const STATES: readonly SubscriptionState[] = [
  'pending',
  'future',
  'trial',
  'active',
  'cancelling',
  'expired',
  'cancelled',
  'deactivated',
];

interface Case {
  readonly name: string;
  readonly route: string;
  readonly as?: string;
  readonly input?: (h: ReturnType<typeof createHarness>) => Record<string, unknown>;
  readonly params?: (id: number) => Record<string, number>;
  /** State before -> state after (`deleted` for a removal); every other state is refused with 409. */
  readonly allowed: Partial<Record<SubscriptionState, SubscriptionState | 'deleted'>>;
}

const CASES: readonly Case[] = [
  {
    name: 'cancel at expiry',
    route: 'POST superuser/subscriptions/{id}/cancelatexpiry',
    allowed: { trial: 'cancelling', active: 'cancelling', cancelling: 'cancelling' },
  },
  {
    name: 'school cancels at expiry',
    route: 'POST users/me/school/subscriptions/{id}/cancel',
    as: 'admin',
    allowed: { trial: 'cancelling', active: 'cancelling', cancelling: 'cancelling' },
  },
  {
    name: 'undo cancel at expiry',
    route: 'DELETE superuser/subscriptions/{id}/cancelatexpiry',
    allowed: { cancelling: 'active', active: 'active', trial: 'trial' },
  },
  {
    name: 'school undoes cancel',
    route: 'DELETE users/me/school/subscriptions/{id}/cancel',
    as: 'admin',
    allowed: { cancelling: 'active', active: 'active', trial: 'trial' },
  },
  {
    name: 'deactivate',
    route: 'POST superuser/subscriptions/{id}/deactivatesubscription',
    allowed: {
      future: 'deactivated',
      trial: 'deactivated',
      active: 'deactivated',
      cancelling: 'deactivated',
      deactivated: 'deactivated',
    },
  },
  {
    name: 'cancel and refund',
    route: 'POST superuser/subscriptions/{id}/cancelandrefund',
    allowed: { active: 'cancelled', cancelling: 'cancelled' },
  },
  {
    name: 'cancel and void',
    route: 'POST superuser/subscriptions/{id}/cancelvoid',
    allowed: {
      pending: 'cancelled',
      future: 'cancelled',
      trial: 'cancelled',
      active: 'cancelled',
      cancelling: 'cancelled',
    },
  },
  {
    name: 'cancel uncollectable',
    route: 'POST superuser/subscriptions/{id}/canceluncollectable',
    allowed: { active: 'cancelled', cancelling: 'cancelled' },
  },
  {
    name: 'set expiry',
    route: 'POST superuser/subscriptions/{id}/setexpiry',
    input: () => ({ expiry: '2027-06-30' }),
    allowed: { future: 'future', trial: 'trial', active: 'active', cancelling: 'cancelling', expired: 'active' },
  },
  {
    name: 'move',
    route: 'POST subscriptions/{id}/move',
    input: () => ({ school: 2 }),
    allowed: { pending: 'pending', future: 'future', trial: 'trial', active: 'active', cancelling: 'cancelling' },
  },
  {
    name: 'delete',
    route: 'DELETE superuser/subscriptions/{id}',
    allowed: {
      pending: 'deleted',
      future: 'deleted',
      trial: 'deleted',
      expired: 'deleted',
      cancelled: 'deleted',
      deactivated: 'deleted',
    },
  },
  {
    name: 'delete future',
    route: 'DELETE schools/{id}/subscription/future/{subscriptionId}',
    params: (id) => ({ id: 1, subscriptionId: id }),
    allowed: { future: 'deleted' },
  },
  {
    name: 'upgrade',
    route: 'POST users/me/school/subscriptions/{id}/upgrade',
    as: 'admin',
    input: () => ({ seats: 400 }),
    allowed: { trial: 'active', active: 'active' },
  },
  {
    name: 'upgrade by prepayment',
    route: 'POST users/me/school/subscriptions/{id}/upgrade/prepayment',
    as: 'admin',
    input: () => ({ seats: 400 }),
    allowed: { trial: 'trial', active: 'active' },
  },
  {
    name: 'convert to card',
    route: 'POST users/me/school/subscriptions/{id}/convert',
    as: 'admin',
    allowed: { trial: 'trial', active: 'active' },
  },
  {
    name: 'change seats',
    route: 'PATCH users/me/school/subscriptions/{id}/users/seats',
    as: 'admin',
    input: () => ({ seats: 350 }),
    allowed: { future: 'future', trial: 'trial', active: 'active', cancelling: 'cancelling' },
  },
  {
    name: 'change teacher seats',
    route: 'PATCH users/me/school/subscriptions/{id}/teachers/seats',
    as: 'admin',
    input: () => ({ seats: 25 }),
    allowed: { future: 'future', trial: 'trial', active: 'active', cancelling: 'cancelling' },
  },
  {
    name: 'assign a pupil',
    route: 'POST users/me/school/subscriptions/{id}/users',
    as: 'admin',
    input: (h) => ({
      user_ids: [h.value<number>("SELECT id FROM users WHERE school_id = 1 AND kind = 'pupil' ORDER BY id LIMIT 1")],
    }),
    allowed: { future: 'future', trial: 'trial', active: 'active', cancelling: 'cancelling' },
  },
];

describe('subscription lifecycle: every action from every state', () => {
  const h = createHarness();
  for (const c of CASES) {
    for (const from of STATES) {
      const to = c.allowed[from];
      it(`${c.name} from ${from}: ${to === undefined ? 'refused' : `-> ${to}`}`, async () => {
        const id = subscriptionIn(h.db, from);
        const reply = await h.call(c.route, {
          as: c.as,
          params: c.params ? c.params(id) : { id },
          input: c.input?.(h),
        });
        if (to === undefined) {
          expect(reply.status).toBe(409);
          expect(reply.body.message).toContain(`Subscription ${id} is ${from}`);
          expect(stateOf(h.db, 'subscriptions', id)).toBe(from);
          return;
        }
        expect(reply.status, JSON.stringify(reply.body)).toBe(200);
        if (to === 'deleted') {
          expect(h.value('SELECT deleted_at FROM subscriptions WHERE id = ?', id)).not.toBeNull();
          expect((await h.call('GET schoolsubscriptions/{id}', { params: { id } })).status).toBe(404);
        } else {
          expect(obj(reply.body, 'subscription').state).toBe(to);
          expect(stateOf(h.db, 'subscriptions', id)).toBe(to);
        }
      });
    }
  }

  it.each(STATES)('prepayment activation from %s', async (from) => {
    const id = subscriptionIn(h.db, from);
    run(h.db, "UPDATE subscriptions SET kind = 'prepaid', action_secret = ? WHERE id = ?", `secret-${id}`, id);
    const reply = await h.call('POST users/me/school/subscriptions/prepayment/activation', {
      as: 'admin',
      input: { action_secret: `secret-${id}` },
    });
    expect(reply.status).toBe(from === 'pending' ? 200 : 409);
    expect(stateOf(h.db, 'subscriptions', id)).toBe(from === 'pending' ? 'active' : from);
  });

  it.each(STATES)('sync from %s follows the clock', async (from) => {
    const id = subscriptionIn(h.db, from);
    h.now = new Date('2027-03-15T09:00:00Z');
    try {
      const reply = await h.ok('POST superuser/subscriptions/{id}/syncsubscription', { params: { id } });
      const expected: Record<SubscriptionState, SubscriptionState> = {
        pending: 'pending',
        future: 'active',
        trial: 'expired',
        active: 'expired',
        cancelling: 'cancelled',
        expired: 'expired',
        cancelled: 'cancelled',
        deactivated: 'deactivated',
      };
      expect(obj(reply, 'subscription').state).toBe(expected[from]);
    } finally {
      h.now = new Date('2026-09-01T09:00:00Z');
    }
  });
});
