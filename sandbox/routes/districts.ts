/**
 * Districts: a district administrator sees their district's schools, links a school by its join code
 * and unlinks one (the rules are domain/schools/districts.ts). Seat moves to a school are in
 * routes/districts/subscriptions.ts.
 */
import type { PartialHandlerMap, RouteHandler } from '../kit/handler.js';
import { requireUser } from '../kit/reach.js';
import { idValue, invalid, parseField, pathId } from '../kit/input.js';
import {
  callerDistrict,
  linkSchool,
  serializeDistrict,
  unlinkSchool,
  visibleDistricts,
} from '../domain/schools/districts.js';
import { districtSubscriptionHandlers } from './districts/subscriptions.js';
import { defineRoutes } from './areas.js';
import { reply } from '../kit/reply.js';

const link: RouteHandler<'POST users/me/district/schools'> = (ctx) => {
  const user = requireUser(ctx);
  const district = callerDistrict(ctx.db, user, ctx.input.districtId);
  linkSchool(ctx.db, user, district, ctx.input);
  ctx.countWrite();
  return reply(ctx, 'district', serializeDistrict(ctx.db, district), {}, 201);
};

const unlink: RouteHandler<'DELETE districts/{id}/linkschool'> = (ctx) => {
  const id = pathId(ctx, 'District');
  const district = callerDistrict(ctx.db, requireUser(ctx), id);
  const schoolId = ctx.input.schoolId ?? parseField('school_id', idValue.optional(), ctx.input['school_id']);
  if (schoolId === undefined) throw invalid('schoolId', 'name the school to unlink');
  unlinkSchool(ctx.db, district, schoolId);
  ctx.countWrite();
  return reply(ctx, 'district', serializeDistrict(ctx.db, district));
};

const calls = {
  'GET districts': (ctx) => {
    const districts = visibleDistricts(ctx.db, requireUser(ctx)).map((r) => serializeDistrict(ctx.db, r));
    return reply(ctx, 'districts', districts, { total: districts.length });
  },
  'POST users/me/district/schools': link,
  'DELETE districts/{id}/linkschool': unlink,
  ...districtSubscriptionHandlers,
} satisfies PartialHandlerMap;

export const districtsHandlers = defineRoutes('districts', calls);
