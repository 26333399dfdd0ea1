/** School addresses (billing, delivery...): one default per type, soft-deleted, never one in use for billing. */
import type { HandlerContext, HandlerResult, PartialHandlerMap, RouteHandler } from '../../kit/handler.js';
import { HttpError } from '../../kit/handler.js';
import { assertReachable, callerSchoolId, findReachable } from '../../kit/reach.js';
import { parseField, pathId } from '../../kit/input.js';
import { logEvent } from '../../domain/schools/events.js';
import type { AddressRow } from '../../domain/schools/rows.js';
import { addressValue } from '../../domain/schools/school-fields.js';
import { all, one, run } from '../../kit/sql.js';
import type { JsonValue } from '../../../core/endpoints/define.js';
import type { Address } from '../../../core/shapes/types.js';
import { reply } from '../../kit/reply.js';

/** An address as the API answers it (the `address` column parsed back to what the school sent). */
export function serializeAddress(row: AddressRow): Address {
  let address: JsonValue;
  try {
    // The column holds the JSON of what the school sent (an object or a line of text): JSON.parse answers a JSON value.
    address = JSON.parse(row.address) as JsonValue;
  } catch {
    address = row.address;
  }
  return { id: row.id, school_id: row.school_id, addressType: row.address_type, address, default: row.is_default === 1, created_at: row.created_at, updated_at: row.updated_at };
}

/** An address of a school the caller reaches (and of `inSchool` when given), or 404. */
function findAddress(ctx: HandlerContext, id: number, inSchool?: number): AddressRow {
  return findReachable<AddressRow>(ctx.db, ctx.user, 'Address', 'SELECT * FROM addresses WHERE id = ? AND deleted_at IS NULL', id, { inSchool });
}

/** Makes `id` the school's default address of its type. */
function makeDefault(ctx: HandlerContext, row: AddressRow): void {
  run(ctx.db, 'UPDATE addresses SET is_default = (id = ?) WHERE school_id = ? AND address_type = ? AND deleted_at IS NULL', row.id, row.school_id, row.address_type);
}

const createAddress: RouteHandler<'POST addresses'> = (ctx) => {
  const input = { address: parseField('address', addressValue, ctx.input.address), addressType: ctx.input.addressType?.toLowerCase() ?? 'billing', schoolId: ctx.input.schoolId };
  const schoolId = input.schoolId ?? callerSchoolId(ctx);
  assertReachable(ctx, schoolId, 'School', schoolId);
  const now = ctx.now().toISOString();
  const hasDefault = one(ctx.db, 'SELECT id FROM addresses WHERE school_id = ? AND address_type = ? AND is_default = 1 AND deleted_at IS NULL', schoolId, input.addressType);
  const { lastInsertRowid } = run(
    ctx.db,
    'INSERT INTO addresses (school_id, address_type, address, is_default, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
    schoolId,
    input.addressType,
    JSON.stringify(input.address),
    hasDefault ? 0 : 1,
    now,
    now,
  );
  ctx.countWrite();
  logEvent(ctx, schoolId, 'address.created', { id: Number(lastInsertRowid) });
  return reply(ctx, 'address', serializeAddress(findAddress(ctx, Number(lastInsertRowid))), {}, 201);
};

const updateAddress: RouteHandler<'PUT addresses/{id}'> = (ctx) => {
  const row = findAddress(ctx, pathId(ctx, 'Address'));
  const input = { address: parseField('address', addressValue.optional(), ctx.input.address), addressType: ctx.input.addressType?.toLowerCase() };
  run(
    ctx.db,
    'UPDATE addresses SET address = ?, address_type = ?, updated_at = ? WHERE id = ?',
    input.address === undefined ? row.address : JSON.stringify(input.address),
    input.addressType ?? row.address_type,
    ctx.now().toISOString(),
    row.id,
  );
  ctx.countWrite();
  return reply(ctx, 'address', serializeAddress(findAddress(ctx, row.id)));
};

const attachAddress: RouteHandler<'PUT schools/{id}/addresses/{addressId}'> = (ctx) => {
  const schoolId = pathId(ctx, 'School');
  assertReachable(ctx, schoolId, 'School', schoolId);
  const row = findAddress(ctx, pathId(ctx, 'Address', 'addressId'), schoolId);
  const input = { addressType: ctx.input.addressType?.toLowerCase() };
  if (input.addressType && input.addressType !== row.address_type) {
    run(ctx.db, 'UPDATE addresses SET address_type = ?, updated_at = ? WHERE id = ?', input.addressType, ctx.now().toISOString(), row.id);
  }
  makeDefault(ctx, findAddress(ctx, row.id));
  ctx.countWrite();
  return reply(ctx, 'address', serializeAddress(findAddress(ctx, row.id)));
};

function deleteAddress(ctx: HandlerContext): HandlerResult {
  const row = findAddress(ctx, pathId(ctx, 'Address'));
  const inUse = one<{ id: number; state: string }>(
    ctx.db,
    "SELECT id, state FROM subscriptions WHERE billing_address_id = ? AND deleted_at IS NULL AND state IN ('pending', 'future', 'trial', 'active', 'cancelling')",
    row.id,
  );
  if (inUse) {
    throw new HttpError(409, 'Conflict', `Address ${row.id} is the billing address of subscription ${inUse.id} (${inUse.state}); choose another billing address first`);
  }
  run(ctx.db, 'UPDATE addresses SET deleted_at = ?, is_default = 0 WHERE id = ?', ctx.now().toISOString(), row.id);
  if (row.is_default === 1) {
    const next = one<AddressRow>(ctx.db, 'SELECT * FROM addresses WHERE school_id = ? AND address_type = ? AND deleted_at IS NULL ORDER BY id LIMIT 1', row.school_id, row.address_type);
    if (next) makeDefault(ctx, next);
  }
  ctx.countWrite();
  logEvent(ctx, row.school_id, 'address.deleted', { id: row.id });
  return reply(ctx, 'deleted', true, { id: row.id });
}

export const addressHandlers = {
  'GET users/me/school/addresses': (ctx) => {
    const rows = all<AddressRow>(ctx.db, 'SELECT * FROM addresses WHERE school_id = ? AND deleted_at IS NULL ORDER BY address_type, id', callerSchoolId(ctx));
    return reply(ctx, 'addresses', rows.map(serializeAddress), { total: rows.length });
  },
  'POST addresses': createAddress,
  'PUT addresses/{id}': updateAddress,
  'PUT schools/{id}/addresses/{addressId}': attachAddress,
  'DELETE addresses/delete/{id}': deleteAddress,
} satisfies PartialHandlerMap;

