/** School addresses (the rules are domain/schools/addresses.ts): list, create, edit, make default, delete. */
import type { PartialHandlerMap, RouteHandler } from '../../kit/handler.js';
import { callerSchoolId, chosenSchoolId } from '../../kit/reach.js';
import { findReachableSchool } from '../../domain/schools/find.js';
import { parseField, pathId } from '../../kit/input.js';
import {
  createAddress,
  deleteAddress,
  findAddress,
  listAddresses,
  makeDefaultAddress,
  serializeAddress,
  updateAddress,
} from '../../domain/schools/addresses.js';
import { addressValue } from '../../domain/schools/school-fields.js';
import { reply } from '../../kit/reply.js';

const create: RouteHandler<'POST addresses'> = (ctx) => {
  const input = {
    address: parseField('address', addressValue, ctx.input.address),
    addressType: ctx.input.addressType?.toLowerCase() ?? 'billing',
    schoolId: ctx.input.schoolId,
  };
  const schoolId = input.schoolId ?? callerSchoolId(ctx);
  findReachableSchool(ctx.db, ctx.user, schoolId);
  const row = createAddress(ctx, schoolId, input.addressType, input.address);
  ctx.countWrite();
  return reply(ctx, 'address', serializeAddress(row), {}, 201);
};

const update: RouteHandler<'PUT addresses/{id}'> = (ctx) => {
  const row = findAddress(ctx, pathId(ctx, 'Address'));
  const address = parseField('address', addressValue.optional(), ctx.input.address);
  const updated = updateAddress(ctx, row, address, ctx.input.addressType?.toLowerCase());
  ctx.countWrite();
  return reply(ctx, 'address', serializeAddress(updated));
};

const attach: RouteHandler<'PUT schools/{id}/addresses/{addressId}'> = (ctx) => {
  const schoolId = pathId(ctx, 'School');
  findReachableSchool(ctx.db, ctx.user, schoolId);
  const row = findAddress(ctx, pathId(ctx, 'Address', 'addressId'), schoolId);
  const updated = makeDefaultAddress(ctx, row, ctx.input.addressType?.toLowerCase());
  ctx.countWrite();
  return reply(ctx, 'address', serializeAddress(updated));
};

const remove: RouteHandler<'DELETE addresses/delete/{id}'> = (ctx) => {
  const row = findAddress(ctx, pathId(ctx, 'Address'));
  deleteAddress(ctx, row);
  ctx.countWrite();
  return reply(ctx, 'deleted', true, { id: row.id });
};

export const addressHandlers = {
  'GET users/me/school/addresses': (ctx) => {
    const rows = listAddresses(ctx.db, chosenSchoolId(ctx, ctx.input['schoolId']));
    return reply(ctx, 'addresses', rows.map(serializeAddress), { total: rows.length });
  },
  'POST addresses': create,
  'PUT addresses/{id}': update,
  'PUT schools/{id}/addresses/{addressId}': attach,
  'DELETE addresses/delete/{id}': remove,
} satisfies PartialHandlerMap;
