/** School addresses (billing, delivery...): one default per type, soft-deleted, never one in use for billing. */
import { LIVE_SUBSCRIPTION_STATES } from '../../../core/domain/billing.js';
import type { JsonValue } from '../../../core/endpoints/define.js';
import type { Address } from '../../../core/shapes/types.js';
import { findReachable } from '../../kit/reach.js';
import { all, one, run, sqlList, type Db } from '../../kit/sql.js';
import type { DomainContext } from '../context.js';
import { DomainError } from '../errors.js';
import { logEvent } from './events.js';
import type { AddressRow } from './rows.js';
import { fieldsOf, shapeValue, type RowShape } from '../../db/fast/shape.js';

const { column: c, flag } = fieldsOf<AddressRow>();

/** The column holds the JSON of what the school sent (an object or a line of text), answered as sent. */
function addressOf(row: AddressRow): JsonValue {
  try {
    // JSON.parse answers a JSON value.
    return JSON.parse(row.address) as JsonValue;
  } catch {
    return row.address;
  }
}

const ADDRESS_SHAPE: RowShape<AddressRow, Address> = {
  id: c('id'),
  school_id: c('school_id'),
  addressType: c('address_type'),
  address: { value: addressOf },
  default: flag('is_default'),
  created_at: c('created_at'),
  updated_at: c('updated_at'),
};

/**
 * An address as the API answers it (the `address` column parsed back to what the school sent).
 *
 * @example
 * serializeAddress(row); // { id: 1, school_id: 1, addressType: 'billing', address: { line1: '...' }, default: true, ... }
 */
export function serializeAddress(row: AddressRow): Address {
  return shapeValue(ADDRESS_SHAPE, row);
}

/**
 * An address of a school the caller reaches (and of `inSchool` when given), or 404.
 *
 * @example
 * const address = findAddress(ctx, 4);
 */
export function findAddress(ctx: DomainContext, id: number, inSchool?: number): AddressRow {
  return findReachable<AddressRow>(
    ctx.db,
    ctx.user,
    'Address',
    'SELECT * FROM addresses WHERE id = ? AND deleted_at IS NULL',
    id,
    { inSchool },
  );
}

/** Makes `row` the school's default address of its type. */
function makeDefault(db: Db, row: AddressRow): void {
  run(
    db,
    'UPDATE addresses SET is_default = (id = ?) WHERE school_id = ? AND address_type = ? AND deleted_at IS NULL',
    row.id,
    row.school_id,
    row.address_type,
  );
}

/**
 * School `schoolId`'s addresses, by type.
 *
 * @example
 * listAddresses(db, 1).map(serializeAddress);
 */
export function listAddresses(db: Db, schoolId: number): AddressRow[] {
  return all<AddressRow>(
    db,
    'SELECT * FROM addresses WHERE school_id = ? AND deleted_at IS NULL ORDER BY address_type, id',
    schoolId,
  );
}

/**
 * A new address of school `schoolId` (the default of its type when the school has none), logged.
 *
 * @example
 * createAddress(ctx, 1, 'billing', { line1: '1 High St' });
 */
export function createAddress(ctx: DomainContext, schoolId: number, addressType: string, address: unknown): AddressRow {
  const now = ctx.now().toISOString();
  const hasDefault = one(
    ctx.db,
    'SELECT id FROM addresses WHERE school_id = ? AND address_type = ? AND is_default = 1 AND deleted_at IS NULL',
    schoolId,
    addressType,
  );
  const { lastInsertRowid } = run(
    ctx.db,
    'INSERT INTO addresses (school_id, address_type, address, is_default, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
    schoolId,
    addressType,
    JSON.stringify(address),
    hasDefault ? 0 : 1,
    now,
    now,
  );
  logEvent(ctx, schoolId, 'address.created', { id: Number(lastInsertRowid) });
  return findAddress(ctx, Number(lastInsertRowid));
}

/**
 * Changes an address's text or type (each when given).
 *
 * @example
 * updateAddress(ctx, row, undefined, 'delivery');
 */
export function updateAddress(
  ctx: DomainContext,
  row: AddressRow,
  address: unknown,
  addressType: string | undefined,
): AddressRow {
  run(
    ctx.db,
    'UPDATE addresses SET address = ?, address_type = ?, updated_at = ? WHERE id = ?',
    address === undefined ? row.address : JSON.stringify(address),
    addressType ?? row.address_type,
    ctx.now().toISOString(),
    row.id,
  );
  return findAddress(ctx, row.id);
}

/**
 * Makes an address its school's default (of `addressType`, when given, else of its own type).
 *
 * @example
 * makeDefaultAddress(ctx, row, 'billing');
 */
export function makeDefaultAddress(ctx: DomainContext, row: AddressRow, addressType: string | undefined): AddressRow {
  if (addressType && addressType !== row.address_type) {
    run(
      ctx.db,
      'UPDATE addresses SET address_type = ?, updated_at = ? WHERE id = ?',
      addressType,
      ctx.now().toISOString(),
      row.id,
    );
  }
  makeDefault(ctx.db, findAddress(ctx, row.id));
  return findAddress(ctx, row.id);
}

/**
 * Deletes an address no live subscription is billed to (the next of its type becomes the default), logged.
 *
 * @example
 * deleteAddress(ctx, row);
 */
export function deleteAddress(ctx: DomainContext, row: AddressRow): void {
  const inUse = one<{ id: number; state: string }>(
    ctx.db,
    `SELECT id, state FROM subscriptions WHERE billing_address_id = ? AND deleted_at IS NULL AND state IN ${sqlList(LIVE_SUBSCRIPTION_STATES)}`,
    row.id,
  );
  if (inUse) {
    throw new DomainError(
      'conflict',
      `Address ${row.id} is the billing address of subscription ${inUse.id} (${inUse.state}); choose another billing address first`,
    );
  }
  run(ctx.db, 'UPDATE addresses SET deleted_at = ?, is_default = 0 WHERE id = ?', ctx.now().toISOString(), row.id);
  if (row.is_default === 1) {
    const next = one<AddressRow>(
      ctx.db,
      'SELECT * FROM addresses WHERE school_id = ? AND address_type = ? AND deleted_at IS NULL ORDER BY id LIMIT 1',
      row.school_id,
      row.address_type,
    );
    if (next) makeDefault(ctx.db, next);
  }
  logEvent(ctx, row.school_id, 'address.deleted', { id: row.id });
}
