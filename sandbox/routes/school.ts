/**
 * School: the caller's own school, schools by id, search, join codes, membership and addresses.
 * Addresses are in routes/school/addresses.ts and merged here.
 */
import type { HandlerContext, HandlerResult, PartialHandlerMap } from '../kit/handler.js';
import { callerSchoolId, requireUser } from '../kit/reach.js';
import { pageIfAsked, pathId, toId } from '../kit/input.js';
import { findReachableSchool, findSchool } from '../domain/schools/find.js';
import { schoolsOf } from '../domain/schools/memberships.js';
import {
  assertOwnSchool,
  codeExists,
  createOwnSchool,
  joinWithCode,
  manageSchool,
  schoolWithCounts,
  setJoinCode,
  updateSchool,
} from '../domain/schools/school-changes.js';
import { schoolSearch } from '../domain/schools/school-search.js';
import { serializeSchool } from '../domain/schools/serialize.js';
import { addressHandlers } from './school/addresses.js';
import { defineRoutes } from './areas.js';
import { reply } from '../kit/reply.js';

function setCode(ctx: HandlerContext, schoolId: number, generate: boolean): HandlerResult {
  const { code, school } = setJoinCode(ctx, schoolId, generate);
  ctx.countWrite();
  return reply(ctx, 'code', code, { school: serializeSchool(school) });
}

function existenceByCode(ctx: HandlerContext, code: string, schoolId?: number): HandlerResult {
  const { exists, school } = codeExists(ctx.db, code, schoolId);
  return reply(ctx, 'exists', exists, { school });
}

/** The school after an edit, as answered. */
function updated(ctx: HandlerContext, school: ReturnType<typeof findSchool>): HandlerResult {
  const row = updateSchool(ctx, school, ctx.input);
  ctx.countWrite();
  return reply(ctx, 'school', serializeSchool(row));
}

const ownSchoolHandlers = {
  'POST users/me/school': (ctx) => {
    const schoolId = createOwnSchool(ctx, ctx.input);
    ctx.countWrite();
    return reply(ctx, 'school', serializeSchool(findSchool(ctx.db, schoolId)), {}, 201);
  },
  'PUT users/me/school': (ctx) => updated(ctx, findSchool(ctx.db, callerSchoolId(ctx))),
  'POST users/me/joinschool': (ctx) => {
    const school = joinWithCode(ctx, String(ctx.input['code']));
    ctx.countWrite();
    return reply(ctx, 'school', serializeSchool(school));
  },
  'GET schools/{id}': (ctx) => {
    const school = findReachableSchool(ctx.db, ctx.user, pathId(ctx, 'School'));
    return reply(ctx, 'school', schoolWithCounts(ctx.db, school));
  },
  'PATCH schools/{id}': (ctx) => {
    const school = findSchool(ctx.db, pathId(ctx, 'School'));
    assertOwnSchool(ctx, school);
    return updated(ctx, school);
  },
  'GET users/me/schools': (ctx) => {
    const user = requireUser(ctx);
    const schools = schoolsOf(ctx.db, user.id).map(({ school, admin }) => ({
      ...serializeSchool(school),
      admin,
      current: school.id === user.schoolId,
    }));
    return reply(ctx, 'schools', schools, { total: schools.length });
  },
  'POST users/me/manageschool': (ctx) => {
    const school = manageSchool(ctx, toId(ctx.input['schoolId'], 'School'));
    ctx.countWrite();
    return reply(ctx, 'school', serializeSchool(school));
  },
  'GET schools': (ctx) => {
    const { schools, total } = schoolSearch(ctx, {
      q: ctx.input.q,
      subscribed: ctx.input.subscribed,
      dfeSchools: ctx.input.dfe_schools,
      page: pageIfAsked(ctx),
    });
    return reply(ctx, 'schools', schools, { total });
  },
  'POST schools/existence': (ctx) =>
    existenceByCode(ctx, String(ctx.input['code']), toId(ctx.input['schoolId'], 'School')),
  'GET schools/existence': (ctx) => existenceByCode(ctx, String(ctx.input['code'])),
  'POST users/me/school/code': (ctx) => setCode(ctx, callerSchoolId(ctx), true),
  'DELETE users/me/school/code': (ctx) => setCode(ctx, callerSchoolId(ctx), false),
  'POST superuser/schools/{id}/generatecode': (ctx) => setCode(ctx, pathId(ctx, 'School'), true),
} satisfies PartialHandlerMap;

export const schoolHandlers = defineRoutes('school', { ...ownSchoolHandlers, ...addressHandlers });
