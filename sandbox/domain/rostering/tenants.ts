/** ClassLink tenants: registered once by tenant id, with the orgs the provider reported. */
import { DomainError } from '../errors.js';
import { findRow } from '../../kit/reach.js';
import { itemsOf, jsonObject } from '../../kit/json-columns.js';
import { all, one, run, type Db } from '../../kit/sql.js';
import type { Row } from '../../db/rows.js';
import { TENANT_ORG } from '../../../core/shapes/rostering.js';
import type { Tenant } from '../../../core/shapes/types.js';
import { fieldsOf, shapeValue, type RowShape } from '../../db/fast/shape.js';

export type TenantRow = Row<'classlink_tenants'>;

const TENANT_SQL = 'SELECT * FROM classlink_tenants WHERE id = ?';

const { column: c } = fieldsOf<TenantRow>();

/** The tenant's orgs are the `orgs` of its data that are orgs. */
const TENANT_SHAPE: RowShape<TenantRow, Tenant> = {
  id: c('id'),
  name: c('name'),
  tenant_id: c('tenant_id'),
  orgs: {
    value: (row) => {
      const { orgs } = jsonObject(row.data);
      return itemsOf(TENANT_ORG, Array.isArray(orgs) ? orgs : []);
    },
  },
  created_at: c('created_at'),
};

/**
 * A ClassLink tenant as the API answers it, with the orgs its data column holds.
 *
 * @example
 * serializeTenant(row).orgs.length
 */
export function serializeTenant(row: TenantRow): Tenant {
  return shapeValue(TENANT_SHAPE, row);
}

/**
 * Every tenant, by id.
 *
 * @example
 * allTenants(db).length
 */
export function allTenants(db: Db): TenantRow[] {
  return all<TenantRow>(db, 'SELECT * FROM classlink_tenants ORDER BY id');
}

/**
 * Registers a tenant (409 when its tenant id already is).
 *
 * @example
 * registerTenant(db, { name: 'Leeds', tenantId: '77', orgs: [] }, now).id
 */
export function registerTenant(
  db: Db,
  tenant: { name: string; tenantId: string; orgs: readonly Readonly<Record<string, unknown>>[] },
  now: Date,
): TenantRow {
  if (one(db, 'SELECT id FROM classlink_tenants WHERE tenant_id = ?', tenant.tenantId))
    throw new DomainError('conflict', `ClassLink tenant ${tenant.tenantId} is already registered`);
  const id = Number(
    run(
      db,
      'INSERT INTO classlink_tenants (name, tenant_id, data, created_at) VALUES (?, ?, ?, ?)',
      tenant.name,
      tenant.tenantId,
      JSON.stringify({ orgs: tenant.orgs }),
      now.toISOString(),
    ).lastInsertRowid,
  );
  return findRow<TenantRow>(db, 'Tenant', TENANT_SQL, id);
}

/**
 * The orgs tenant `id` holds (404 for no such tenant).
 *
 * @example
 * tenantOrgs(db, 1)
 */
export function tenantOrgs(db: Db, id: number): unknown[] {
  const orgs = jsonObject(findRow<TenantRow>(db, 'Tenant', TENANT_SQL, id).data)['orgs'];
  return Array.isArray(orgs) ? orgs : [];
}
