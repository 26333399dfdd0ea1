import { defineArea } from './define.js';
import { byFlag, nullable } from '../shapes/define.js';
import { ADDRESS, REGISTER_SCHOOL, SCHOOL, SCHOOL_NAME } from '../shapes/school.js';

// An address type (billing, delivery...): the handler lower-cases it. An address is free text or an
// object of lines, which the handler checks (the table can only call it json).
const ADDRESS_TYPE = { kind: 'text', min: 1, max: 30, optional: true } as const;

// Replies: the spec names a response key only where an entry has `response`; every other `reply` below is
// our choice, what the sandbox answers (see `reply` in define.ts).
export const schoolArea = defineArea('school', {
  'schools create': {
    route: 'POST users/me/school',
    reply: { school: SCHOOL },
    role: 'user',
    summary: 'Create a school with the signed-in teacher as its first admin',
    open: true,
  },
  'schools update-own': {
    route: 'PUT users/me/school',
    reply: { school: SCHOOL },
    role: 'admin',
    summary: "Update the signed-in admin's own school details",
    open: true,
  },
  'me join-school': {
    route: 'POST users/me/joinschool',
    reply: { school: SCHOOL },
    role: 'user',
    summary: 'Join a school with its join code',
    payload: { code: 'string' },
  },
  'schools show': {
    route: 'GET schools/{id}',
    reply: { school: SCHOOL },
    role: 'teacher',
    summary: 'Show a school by id',
  },
  'schools update': {
    route: 'PATCH schools/{id}',
    reply: { school: SCHOOL },
    role: 'admin',
    summary: 'Update fields of a school by id',
    open: true,
  },
  'me schools': {
    route: 'GET users/me/schools',
    reply: { schools: [SCHOOL], total: 'int' },
    role: 'user',
    summary: 'List the schools the signed-in user belongs to',
  },
  'me switch-school': {
    route: 'POST users/me/manageschool',
    reply: { school: SCHOOL },
    role: 'user',
    summary: 'Switch the school the signed-in user is managing',
    payload: { schoolId: 'id' },
  },
  'schools list': {
    route: 'GET schools',
    // The spec names the flag only (A §7 School); what it answers is our choice, as the sandbox does.
    // The flag picks each item's form (OpenAPI's oneOf of the two lists would match an empty list twice).
    reply: { schools: [byFlag('dfe_schools', { without: SCHOOL, with: REGISTER_SCHOOL })], total: 'int' },
    role: 'user',
    summary: 'Search schools by name, optionally subscribed only or from the DfE register',
    payload: { q: 'string?', subscribed: 'boolean?', dfe_schools: 'boolean?', skip: 'skip?', take: 'take?' },
  },
  'schools check-code': {
    route: 'POST schools/existence',
    reply: { exists: 'boolean', school: nullable(SCHOOL_NAME) },
    role: 'public',
    summary: 'Check that a join code belongs to the given school',
    payload: { schoolId: 'id', code: 'string' },
    idempotent: true,
  },
  'schools exists': {
    route: 'GET schools/existence',
    reply: { exists: 'boolean', school: nullable(SCHOOL_NAME) },
    role: 'public',
    summary: 'Check whether a school with this join code exists',
    payload: { code: 'string' },
  },
  'schools generate-code': {
    route: 'POST users/me/school/code',
    reply: { code: 'string', school: SCHOOL },
    role: 'admin',
    summary: "Generate or reset your school's join code",
  },
  'schools remove-code': {
    route: 'DELETE users/me/school/code',
    reply: { code: nullable('string'), school: SCHOOL },
    role: 'admin',
    summary: "Remove your school's join code so nobody can join with it",
  },
  'schools regenerate-code': {
    route: 'POST superuser/schools/{id}/generatecode',
    reply: { code: 'string', school: SCHOOL },
    role: 'superuser',
    summary: 'Generate a new join code for any school by id',
  },
  'addresses list': {
    route: 'GET users/me/school/addresses',
    reply: { addresses: [ADDRESS], total: 'int' },
    role: 'admin',
    summary: "List your school's billing and delivery addresses",
    // schoolId: a superuser reads another school's addresses (sandbox import) without switching theirs.
    payload: { schoolId: 'serial?' },
  },
  'addresses create': {
    route: 'POST addresses',
    reply: { address: ADDRESS },
    role: 'admin',
    summary: 'Add an address to a school',
    payload: { address: 'json', addressType: ADDRESS_TYPE, schoolId: 'serial?' },
    open: true,
  },
  'addresses update': {
    route: 'PUT addresses/{id}',
    reply: { address: ADDRESS },
    role: 'admin',
    summary: 'Replace an address',
    payload: { address: 'json?', addressType: ADDRESS_TYPE },
    open: true,
  },
  'schools set-address': {
    route: 'PUT schools/{id}/addresses/{addressId}',
    reply: { address: ADDRESS },
    role: 'admin',
    summary: 'Attach an address to a school or change its address type',
    payload: { addressType: ADDRESS_TYPE },
    open: true,
  },
  'addresses delete': {
    route: 'DELETE addresses/delete/{id}',
    reply: { deleted: 'boolean', id: 'serial' },
    role: 'admin',
    summary: 'Delete an address',
    destructive: true,
  },
});
