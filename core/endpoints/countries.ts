import { CURRENCIES } from '../domain/billing.js';
import { defineArea } from './define.js';
import { COUNTRY, ZONE } from '../shapes/country.js';

// Replies: the spec names a response key only where an entry has `response`; every other `reply` below is
// our choice, what the sandbox answers (see `reply` in define.ts).
export const countriesArea = defineArea('countries', {
  'countries list': {
    route: 'GET countries',
    reply: { countries: [COUNTRY], total: 'int' },
    role: 'public',
    summary: 'List countries with their codes and settings',
  },
  'countries show': {
    route: 'GET countries/{code}',
    reply: { country: COUNTRY },
    role: 'public',
    summary: 'Show one country by its code',
  },
  'zones list': {
    route: 'GET countries/zones',
    reply: { zones: [ZONE] },
    role: 'public',
    summary: 'List the zones of every country',
  },
  'countries zones': {
    route: 'GET countries/{code}/zones',
    reply: { zones: [ZONE] },
    role: 'public',
    summary: 'List the zones of one country',
  },
  'countries update': {
    route: 'PATCH countries/{code}',
    reply: { country: COUNTRY },
    role: 'superuser',
    summary: "Update a country's settings",
    // zones: a list of { code (1..10), name (1..120) }, which replaces the country's zones; its shape is checked by the handler.
    payload: {
      name: { kind: 'text', min: 1, max: 120, optional: true },
      currency: { oneOf: CURRENCIES, optional: true },
      vat_rate: { kind: 'number', min: 0, max: 50, optional: true },
      eu: 'flag?',
      zones: 'json?',
    },
    open: true,
  },
});
