import { defineArea } from './define.js';
import { ROSTER_LINK_STATES } from '../domain/accounts.js';
import { inline } from '../shapes/define.js';
import { SIGN_IN } from '../shapes/user.js';
import { ROSTER_LINK, TENANT, TENANT_ORG } from '../shapes/rostering.js';

// Section 3 of the spec names the rostering exclusion fields: `exclusions` and `ids`, each external ids
// (a list, or `ids` comma-joined).
const EXCLUSIONS = { exclusions: 'ids?', ids: 'ids?' } as const;

// A provider's sign-in answers as every sign-in does (`POST auth`): the signed-in user, any kind (a
// provider signs pupils in as well as staff), with their school inside, and the session token. The spec
// shows no reply for any sign-in (A §7 Rostering, L §7 auth); O §3 and O §7 say the shell reads "the user
// with token", the school inside the user.
const LINK_NOTE =
  'Path inferred: the spec says "users/me/school/link for three further rostering providers" without naming them.';

// Replies: the spec names a response key only where an entry has `response`; every other `reply` below is
// our choice, what the sandbox answers (see `reply` in define.ts).
export const rosteringArea = defineArea('rostering', {
  'school-systems list-schools': {
    route: 'GET {school_system}/schools',
    reply: { schools: [ROSTER_LINK], total: 'int' },
    role: 'superuser',
    summary: 'List the schools known to a school-system integration',
  },
  'school-systems show-school': {
    route: 'GET {school_system}/schools/{id}',
    reply: { school: ROSTER_LINK },
    role: 'superuser',
    summary: 'Show one school as the school-system integration sees it',
  },
  'school-systems activate': {
    route: 'POST {school_system}/schools/{id}/activation',
    reply: { link: ROSTER_LINK },
    role: 'superuser',
    summary: 'Activate the school-system integration for a school',
    idempotent: true,
  },
  'school-systems deactivate': {
    route: 'DELETE {school_system}/schools/{id}/activation',
    reply: { link: ROSTER_LINK },
    role: 'superuser',
    summary: 'Deactivate the school-system integration for a school',
    destructive: true,
  },
  'school-systems request': {
    route: 'POST users/me/school/{school_system}/request',
    reply: { link: ROSTER_LINK },
    role: 'admin',
    summary: 'Ask for your school to be connected to a school-system integration',
  },
  'school-systems link': {
    route: 'POST schools/{id}/set{school_system}id',
    reply: { link: ROSTER_LINK },
    role: 'superuser',
    summary: "Set a school's id in the school-system integration",
    payload: { d6_id: 'id' },
    idempotent: true,
  },
  'school-systems unlink': {
    route: 'DELETE schools/{id}/set{school_system}id',
    reply: { deleted: 'boolean', provider: 'string', school_id: 'serial' },
    role: 'superuser',
    summary: "Clear a school's school-system integration id",
    destructive: true,
  },
  'school-systems sync': {
    route: 'POST {school_system}/schools/{id}/sync',
    reply: { link: ROSTER_LINK, sync: inline({ pupils: 'int', teachers: 'int', groups: 'int', excluded: 'int' }) },
    role: 'admin',
    summary: 'Sync pupils, teachers and groups from the school-system integration',
  },
  'roster-a sync': {
    route: 'POST schools/{id}/{roster_a}sync',
    reply: { link: ROSTER_LINK, sync: inline({ pupils: 'int', teachers: 'int', groups: 'int', excluded: 'int' }) },
    role: 'admin',
    summary: 'Sync a school from rostering provider A',
  },
  'roster-b sync': {
    route: 'POST schools/{id}/{roster_b}sync',
    reply: { link: ROSTER_LINK, sync: inline({ pupils: 'int', teachers: 'int', groups: 'int', excluded: 'int' }) },
    role: 'admin',
    summary: 'Sync a school from rostering provider B',
  },
  'roster-b auth': {
    route: 'POST {roster_b}/auth',
    reply: SIGN_IN,
    role: 'public',
    summary: 'Sign in through rostering provider B with its code and subdomain',
    payload: { code: 'string', subdomain: 'string' },
  },
  'roster-c auth': {
    route: 'POST {roster_c}/auth',
    reply: SIGN_IN,
    role: 'public',
    summary: 'Sign in through rostering provider C with its code and subdomain',
    payload: { code: 'string', subdomain: 'string' },
  },
  'roster-d auth': {
    route: 'POST {roster_d}/auth',
    reply: SIGN_IN,
    role: 'public',
    summary: 'Sign in through rostering provider D with its code and domain',
    payload: { code: 'string', domain: 'string' },
  },
  'roster-b presync': {
    route: 'GET schools/{id}/{roster_b}presync',
    reply: {
      presync: inline({ pupils: 'int', teachers: 'int', groups: 'int', excluded: 'int', last_synced_at: 'date' }),
    },
    role: 'admin',
    summary: 'Preview what a rostering provider B sync would change',
  },
  'roster-b sync-status': {
    route: 'GET {roster_b}/schools/{id}/sync',
    reply: {
      sync: inline({
        state: { oneOf: ROSTER_LINK_STATES },
        synced_at: 'date',
        sync_count: 'int',
        last_sync: inline({ pupils: 'int', teachers: 'int', groups: 'int' }),
      }),
    },
    role: 'admin',
    summary: "Show the state of a school's rostering provider B sync",
  },
  'roster-b link': {
    route: 'POST users/me/school/link{roster_b}',
    reply: { link: ROSTER_LINK },
    role: 'admin',
    summary: 'Link your school to rostering provider B',
    open: true,
  },
  'roster-b unlink': {
    route: 'DELETE schools/{id}/set{roster_b}id',
    reply: { deleted: 'boolean', provider: 'string', school_id: 'serial' },
    role: 'superuser',
    summary: "Clear a school's rostering provider B id",
    destructive: true,
  },
  'roster-b exclusions': {
    route: 'GET {roster_b}/school/{id}/exclusions',
    reply: { exclusions: [inline({ external_id: 'string', created_at: 'date' })], ids: 'strings', total: 'int' },
    role: 'admin',
    summary: 'List the records excluded from rostering provider B syncs (only those named, when given)',
    payload: EXCLUSIONS,
  },
  'roster-b add-exclusions': {
    route: 'POST {roster_b}/school/{id}/exclusions',
    reply: { exclusions: [inline({ external_id: 'string', created_at: 'date' })], ids: 'strings', total: 'int' },
    role: 'admin',
    summary: 'Exclude records from rostering provider B syncs',
    payload: EXCLUSIONS,
    open: true,
  },
  'roster-b remove-exclusions': {
    route: 'DELETE {roster_b}/school/{id}/exclusions',
    reply: { exclusions: [inline({ external_id: 'string', created_at: 'date' })], ids: 'strings', total: 'int' },
    role: 'admin',
    summary: 'Stop excluding records from rostering provider B syncs',
    payload: EXCLUSIONS,
    open: true,
  },
  'roster-a link': {
    route: 'POST users/me/school/link{roster_a}',
    reply: { link: ROSTER_LINK },
    role: 'admin',
    summary: 'Link your school to rostering provider A',
    open: true,
    note: LINK_NOTE,
  },
  'roster-c link': {
    route: 'POST users/me/school/link{roster_c}',
    reply: { link: ROSTER_LINK },
    role: 'admin',
    summary: 'Link your school to rostering provider C',
    open: true,
    note: LINK_NOTE,
  },
  'roster-d link': {
    route: 'POST users/me/school/link{roster_d}',
    reply: { link: ROSTER_LINK },
    role: 'admin',
    summary: 'Link your school to rostering provider D',
    open: true,
    note: LINK_NOTE,
  },
  'one-roster sync': {
    route: 'POST one-roster/{x}/school/{id}/sync',
    reply: { link: ROSTER_LINK, sync: inline({ pupils: 'int', teachers: 'int', groups: 'int', excluded: 'int' }) },
    role: 'admin',
    summary: 'Sync a school from its OneRoster provider',
  },
  'one-roster children': {
    route: 'GET one-roster/{x}/school/{id}/children',
    reply: { children: [inline({ id: 'string', name: 'string', type: 'string', group_id: 'serial' })], total: 'int' },
    role: 'admin',
    summary: 'List the child organisations of a OneRoster school',
  },
  'one-roster update': {
    route: 'PATCH schools/{id}/one-roster/{x}',
    reply: { link: ROSTER_LINK },
    role: 'admin',
    summary: "Update a school's OneRoster link settings",
    open: true,
  },
  'one-roster link': {
    route: 'POST one-roster/{x}/school',
    reply: { link: ROSTER_LINK },
    role: 'admin',
    summary: 'Link a school to a OneRoster organisation by tenant and id',
    payload: { tenant_id: 'id', id: 'id' },
    open: true,
  },
  'class-link-tenants list': {
    route: 'GET class-link/tenants',
    reply: { tenants: [TENANT], total: 'int' },
    role: 'superuser',
    summary: 'List ClassLink tenants',
  },
  'class-link-tenants create': {
    route: 'POST class-link/tenants',
    reply: { tenant: TENANT },
    role: 'superuser',
    summary: 'Register a ClassLink tenant',
    open: true,
  },
  'class-link-tenants orgs': {
    route: 'GET class-link/tenants/{id}/orgs',
    reply: { orgs: [TENANT_ORG] },
    role: 'superuser',
    summary: 'List the organisations of a ClassLink tenant',
  },
});
