import { defineArea } from './define.js';

export const countriesArea = defineArea('countries', {
  'countries list': {
    route: 'GET countries',
    role: 'public',
    summary: 'List countries with their codes and settings',
  },
  'countries show': {
    route: 'GET countries/{code}',
    role: 'public',
    summary: 'Show one country by its code',
  },
  'zones list': {
    route: 'GET countries/zones',
    role: 'public',
    summary: 'List the zones of every country',
  },
  'countries zones': {
    route: 'GET countries/{code}/zones',
    role: 'public',
    summary: 'List the zones of one country',
  },
  'countries update': {
    route: 'PATCH countries/{code}',
    role: 'superuser',
    summary: "Update a country's settings",
    open: true,
  },
});
