import { defineArea } from './define.js';

export const districtsArea = defineArea('districts', {
  'districts list': {
    route: 'GET districts',
    role: 'district',
    summary: 'List the districts you administer',
  },
  'districts add-school': {
    route: 'POST users/me/district/schools',
    role: 'district',
    summary: 'Link a school to your district',
    open: true,
  },
  'districts buy-subscription': {
    route: 'POST users/me/district/schools/{id}/subscriptions',
    role: 'district',
    summary: 'Buy a subscription for a school in your district',
    open: true,
  },
  'districts unlink-school': {
    route: 'DELETE districts/{id}/linkschool',
    role: 'district',
    summary: 'Unlink a school from a district',
    open: true,
    destructive: true,
  },
});
