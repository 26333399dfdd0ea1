import { defineArea } from './define.js';
import { nullable } from '../shapes/define.js';

// Replies: the spec names a response key only where an entry has `response`; every other `reply` below is
// our choice, what the sandbox answers (see `reply` in define.ts).
export const vatArea = defineArea('vat', {
  'vat-numbers validate': {
    route: 'POST vat/validate',
    reply: { valid: 'boolean', country: nullable('string'), vatNumber: 'string', reason: nullable('string') },
    role: 'admin',
    summary: "Check a school's VAT number",
    payload: { vatNumber: { kind: 'text', min: 1, max: 40 }, schoolId: 'serial' },
    response: 'valid',
    idempotent: true,
  },
  'schools set-vat-countries': {
    route: 'POST schools/{id}/vat-countries',
    reply: { vat_countries: 'strings', school_id: 'serial' },
    role: 'superuser',
    summary: 'Set the countries a school is charged VAT for',
    payload: { countries: 'strings' },
    open: true,
    idempotent: true,
  },
});
