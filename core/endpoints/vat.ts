import { defineArea } from './define.js';

export const vatArea = defineArea('vat', {
  'vat-numbers validate': {
    route: 'POST vat/validate',
    role: 'admin',
    summary: "Check a school's VAT number",
    payload: { vatNumber: 'string', schoolId: 'id' },
    response: 'valid',
    idempotent: true,
  },
  'schools set-vat-countries': {
    route: 'POST schools/{id}/vat-countries',
    role: 'superuser',
    summary: 'Set the countries a school is charged VAT for',
    open: true,
    idempotent: true,
  },
});
