import { defineArea } from './define.js';
import { SUBSCRIPTION } from '../shapes/subscription.js';
import { DISTRICT } from '../shapes/sales.js';

// Replies: the spec names a response key only where an entry has `response`; every other `reply` below is
// our choice, what the sandbox answers (see `reply` in define.ts).
export const districtsArea = defineArea('districts', {
  'districts list': {
    route: 'GET districts',
    reply: { districts: [DISTRICT], total: 'int' },
    role: 'district',
    summary: 'List the districts you administer',
  },
  'districts add-school': {
    route: 'POST users/me/district/schools',
    reply: { district: DISTRICT },
    role: 'district',
    summary: 'Link a school to your district',
    payload: { code: 'string?', schoolId: 'serial?', districtId: 'serial?' },
    open: true,
  },
  'districts buy-subscription': {
    route: 'POST users/me/district/schools/{id}/subscriptions',
    reply: { subscription: SUBSCRIPTION, parent: SUBSCRIPTION },
    role: 'district',
    summary: 'Buy a subscription for a school in your district',
    payload: {
      parentSubscriptionId: 'serial',
      subscriptionId: 'serial?',
      quantity: { kind: 'int', min: 1, max: 100_000 },
    },
    open: true,
  },
  'districts unlink-school': {
    route: 'DELETE districts/{id}/linkschool',
    reply: { district: DISTRICT },
    role: 'district',
    summary: 'Unlink a school from a district',
    // school_id is read too, but stays open: it and schoolId would be the same CLI flag.
    payload: { schoolId: 'serial?' },
    open: true,
    destructive: true,
  },
});
