/**
 * Districts: a district administrator sees their district's schools, links a school by its join code
 * and unlinks one. A school belongs to at most one district. Seat moves to a school are in
 * routes/districts/subscriptions.ts.
 */
import type { HandlerContext, PartialHandlerMap, RouteHandler } from '../kit/handler.js';
import { HttpError } from '../kit/handler.js';
import { requireUser, superuserMay } from '../kit/reach.js';
import { idValue, invalid, notFound, parseField, pathId } from '../kit/input.js';
import { normaliseCode } from '../domain/schools/codes.js';
import { findSchool } from '../domain/schools/find.js';
import type { SchoolRow } from '../domain/schools/rows.js';
import { all, one, run } from '../kit/sql.js';
import { districtSubscriptionHandlers } from './districts/subscriptions.js';
import { defineRoutes } from './areas.js';
import type { District } from '../../core/shapes/types.js';
import type { Row } from '../db/rows.js';
import { reply } from '../kit/reply.js';

type DistrictRow = Row<'districts'>;

function serializeDistrict(ctx: HandlerContext, row: DistrictRow): District {
  const schools = all<Pick<Row<'schools'>, 'id' | 'name' | 'country'>>(ctx.db, 'SELECT id, name, country FROM schools WHERE district_id = ? AND deleted_at IS NULL ORDER BY name, id', row.id);
  return { id: row.id, name: row.name, created_at: row.created_at, schools, school_count: schools.length };
}

/** The district the caller administers (superusers name one), or 404. */
function callerDistrict(ctx: HandlerContext, requested?: number): DistrictRow {
  const user = requireUser(ctx);
  const id = superuserMay(user, 'reach every school') ? (requested ?? user.districtId) : user.districtId;
  if (id === null || id === undefined) throw new HttpError(404, 'Not found', `User ${user.username} does not administer a district`);
  if (!superuserMay(user, 'reach every school') && requested !== undefined && requested !== id) throw notFound('District', requested);
  const row = one<DistrictRow>(ctx.db, 'SELECT * FROM districts WHERE id = ?', id);
  if (!row) throw notFound('District', id);
  return row;
}

const link: RouteHandler<'POST users/me/district/schools'> = (ctx) => {
  const user = requireUser(ctx);
  const body = ctx.input;
  const district = callerDistrict(ctx, body.districtId);
  let school: SchoolRow | undefined;
  if (body.code !== undefined) {
    school = one<SchoolRow>(ctx.db, 'SELECT * FROM schools WHERE code = ? AND deleted_at IS NULL', normaliseCode(body.code));
    if (!school || (body.schoolId !== undefined && school.id !== body.schoolId)) throw new HttpError(404, 'Not found', 'No school has this join code');
  } else if (body.schoolId !== undefined && superuserMay(user, 'reach every school')) {
    school = findSchool(ctx.db, body.schoolId);
  } else {
    throw new HttpError(422, 'Invalid data', "code: link a school with its join code (superusers may give schoolId)", { errors: [{ path: 'code', message: 'required' }] });
  }
  if (school.district_id === district.id) throw new HttpError(409, 'Conflict', `School ${school.id} is already in district ${district.id}`);
  if (school.district_id !== null) throw new HttpError(409, 'Conflict', `School ${school.id} belongs to district ${school.district_id}; it must be unlinked there first`);
  run(ctx.db, 'UPDATE schools SET district_id = ? WHERE id = ?', district.id, school.id);
  ctx.countWrite();
  return reply(ctx, 'district', serializeDistrict(ctx, district), {}, 201);
};

const unlink: RouteHandler<'DELETE districts/{id}/linkschool'> = (ctx) => {
  const district = callerDistrict(ctx, pathId(ctx, 'District'));
  const schoolId = ctx.input.schoolId ?? parseField('school_id', idValue.optional(), ctx.input['school_id']);
  if (schoolId === undefined) throw invalid('schoolId', 'name the school to unlink');
  const school = findSchool(ctx.db, schoolId);
  if (school.district_id !== district.id) throw new HttpError(409, 'Conflict', `School ${school.id} is not in district ${district.id}; only a linked school can be unlinked`);
  run(ctx.db, 'UPDATE schools SET district_id = NULL WHERE id = ?', school.id);
  ctx.countWrite();
  return reply(ctx, 'district', serializeDistrict(ctx, district));
};

const calls = {
  'GET districts': (ctx) => {
    const user = requireUser(ctx);
    const rows = superuserMay(user, 'reach every school') && user.districtId === null
      ? all<DistrictRow>(ctx.db, 'SELECT * FROM districts ORDER BY name, id')
      : [callerDistrict(ctx)];
    const districts = rows.map((r) => serializeDistrict(ctx, r));
    return reply(ctx, 'districts', districts, { total: districts.length });
  },
  'POST users/me/district/schools': link,
  'DELETE districts/{id}/linkschool': unlink,
  ...districtSubscriptionHandlers,
} satisfies PartialHandlerMap;

export const districtsHandlers = defineRoutes('districts', calls);
