/**
 * Teachers of the caller's school (add, list, update, remove, admin on/off), user search and the school's
 * event log. Invites are in routes/teachers-users/invites.ts, experimental toggles in routes/teachers-users/experimental.ts.
 */
import type { HandlerContext, HandlerResult, PartialHandlerMap, RouteHandler } from '../kit/handler.js';
import { callerSchoolId } from '../kit/reach.js';
import { logEvent } from '../domain/schools/events.js';
import { findTeacher } from '../domain/schools/find.js';
import { fields as valueOf, pageIfAsked, parseField, pathId, toId } from '../kit/input.js';
import { setAdmin } from '../domain/schools/memberships.js';
import { serializeUser } from '../domain/schools/serialize.js';
import { serializeSchoolTeacher, schoolTeachers } from '../domain/schools/teachers.js';
import {
  assertNotLastAdmin,
  createTeacher,
  removeTeacher,
  schoolEvents,
  schoolsMatching,
  updateTeacher,
} from '../domain/schools/teacher-changes.js';
import { experimentalHandlers } from './teachers-users/experimental.js';
import { teacherInviteHandlers } from './teachers-users/invites.js';
import { searchUsers } from '../domain/schools/user-search.js';
import { defineRoutes } from './areas.js';
import { reply } from '../kit/reply.js';

const create: RouteHandler<'POST users/me/school/teachers'> = (ctx) => {
  const schoolId = callerSchoolId(ctx);
  const { first_name = '', last_name = '', username, password: chosen, admin } = ctx.input;
  const fields = {
    first_name,
    last_name,
    username,
    password: chosen,
    admin,
    email: parseField('email', valueOf.email, ctx.input.email),
  };
  const { id, password } = createTeacher(ctx, schoolId, fields);
  ctx.countWrite();
  return reply(
    ctx,
    'teacher',
    serializeSchoolTeacher(ctx.db, schoolId, id),
    { ...(fields.password ? {} : { password }) },
    201,
  );
};

function remove(ctx: HandlerContext): HandlerResult {
  const schoolId = callerSchoolId(ctx);
  const teacher = findTeacher(ctx.db, ctx.user, pathId(ctx, 'Teacher'), schoolId);
  const { accountDeleted } = removeTeacher(ctx, schoolId, teacher);
  ctx.countWrite();
  return reply(ctx, 'deleted', true, { id: teacher.id, account_deleted: accountDeleted });
}

function setTeacherAdmin(admin: boolean) {
  return (ctx: HandlerContext): HandlerResult => {
    const schoolId = callerSchoolId(ctx);
    const teacher = findTeacher(ctx.db, ctx.user, pathId(ctx, 'Teacher'), schoolId);
    if (!admin) assertNotLastAdmin(ctx.db, schoolId, teacher.id, 'remove their admin rights');
    setAdmin(ctx.db, teacher.id, schoolId, admin, ctx.now().toISOString());
    ctx.countWrite();
    logEvent(ctx, schoolId, admin ? 'teachers.admin_granted' : 'teachers.admin_removed', { id: teacher.id });
    return reply(ctx, 'teacher', serializeSchoolTeacher(ctx.db, schoolId, teacher.id));
  };
}

const teacherHandlers = {
  'POST users/me/school/teachers': create,
  'GET users/me/school/teachers': (ctx) => {
    const teachers = schoolTeachers(ctx.db, callerSchoolId(ctx)).map((t) => ({
      ...serializeUser(t.row),
      admin: t.admin,
    }));
    return reply(ctx, 'teachers', teachers, { total: teachers.length });
  },
  'PATCH users/me/school/teachers/{id}': (ctx) => {
    const schoolId = callerSchoolId(ctx);
    const teacher = findTeacher(ctx.db, ctx.user, pathId(ctx, 'Teacher'), schoolId);
    const fields = {
      ...ctx.input,
      email: ctx.input.email === undefined ? undefined : parseField('email', valueOf.email, ctx.input.email),
    };
    updateTeacher(ctx.db, teacher, fields);
    ctx.countWrite();
    return reply(ctx, 'teacher', serializeSchoolTeacher(ctx.db, schoolId, teacher.id));
  },
  'DELETE users/me/school/teachers/{id}': remove,
  'GET events': (ctx) => {
    const events = schoolEvents(ctx);
    return reply(ctx, 'events', events, { total: events.length });
  },
  'GET users': (ctx) => {
    const q = typeof ctx.input['q'] === 'string' ? ctx.input['q'] : '';
    const schoolId = ctx.input['schoolid'] === undefined ? null : toId(ctx.input['schoolid'], 'School');
    const { users, total } = searchUsers(ctx, { text: q, schoolId, page: pageIfAsked(ctx) });
    return reply(ctx, 'users', users, { total });
  },
  'GET users/me/school/users': (ctx) => {
    const q = typeof ctx.input['q'] === 'string' ? ctx.input['q'] : '';
    const { users, total } = searchUsers(ctx, { text: q, schoolId: callerSchoolId(ctx) });
    return reply(ctx, 'users', users, { total });
  },
  'GET search': (ctx) => {
    const text = (ctx.input.q ?? ctx.input.search ?? '').trim();
    return reply(ctx, 'schools', schoolsMatching(ctx.db, text), { users: searchUsers(ctx, { text }).users });
  },
  'PUT teachers/{id}/admin': setTeacherAdmin(true),
  'DELETE teachers/{id}/admin': setTeacherAdmin(false),
} satisfies PartialHandlerMap;

export const teachersUsersHandlers = defineRoutes('teachers-users', {
  ...teacherHandlers,
  ...teacherInviteHandlers,
  ...experimentalHandlers,
});
