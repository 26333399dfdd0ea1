/** A school's links with rostering providers (Wonde, Clever, ClassLink, OneRoster), and ClassLink tenants. */
import { ROSTER_LINK_STATES } from '../domain/accounts.js';
import { defineShape, inline, nullable } from './define.js';

/**
 * A school's link with a rostering provider: the provider's ids for it, the link's state and its dates,
 * what the last sync brought (`data`), and how many syncs ran; the list of a provider's schools adds the
 * school's name.
 */
export const ROSTER_LINK = defineShape(
  'roster_link',
  {
    school_id: 'serial',
    name: 'string?',
    provider: 'string',
    external_id: nullable('string'),
    tenant_id: nullable('string'),
    state: { oneOf: ROSTER_LINK_STATES },
    data: 'object',
    requested_at: nullable('date'),
    linked_at: nullable('date'),
    activated_at: nullable('date'),
    synced_at: nullable('date'),
    sync_count: 'int',
  },
  {
    summary: "A school's link with a rostering provider",
    columns: ['school_id', 'provider', 'state', 'external_id', 'synced_at'],
  },
);

/**
 * An organisation (a school) of a ClassLink tenant. ClassLink's own orgs have a name; the sandbox keeps the
 * orgs a superuser registers as sent (`POST class-link/tenants` asks only for objects), so `name` may be missing.
 */
export const TENANT_ORG = inline({ id: 'string', name: 'string?' });

/** A ClassLink tenant (a district's ClassLink account) and its organisations. */
export const TENANT = defineShape(
  'tenant',
  { id: 'serial', name: 'string', tenant_id: 'string', orgs: [TENANT_ORG], created_at: 'date' },
  { summary: 'A ClassLink tenant and its organisations', columns: ['id', 'name', 'tenant_id'] },
);
