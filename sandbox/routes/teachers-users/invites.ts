/**
 * Teacher invites: an admin invites an email address; whoever holds the code joins the school, with a new
 * account or, for an existing teacher, their own password. The sandbox sends no email: the code is in
 * the invite response (and in GET events).
 */
import type { PartialHandlerMap, RouteHandler } from '../../kit/handler.js';
import { callerSchoolId } from '../../kit/reach.js';
import { fields, parseField } from '../../kit/input.js';
import { acceptInvite, inviteTeacher, serializeInvite } from '../../domain/schools/invites.js';
import { serializeSchool, serializeTeacher } from '../../domain/schools/serialize.js';
import { reply } from '../../kit/reply.js';

const invite: RouteHandler<'POST users/me/school/teachers/invite'> = (ctx) => {
  const schoolId = callerSchoolId(ctx);
  const { invite: row, resent } = inviteTeacher(ctx, schoolId, parseField('email', fields.email, ctx.input.email));
  ctx.countWrite();
  return reply(ctx, 'invite', serializeInvite(row), { resent }, resent ? 200 : 201);
};

const accept: RouteHandler<'POST users/teacherinvite'> = (ctx) => {
  const { user, token, school } = acceptInvite(ctx, ctx.input.code, ctx.input.password);
  ctx.countWrite();
  return reply(ctx, 'user', serializeTeacher(user), { token, school: serializeSchool(school) });
};

export const teacherInviteHandlers = {
  'POST users/me/school/teachers/invite': invite,
  'POST users/teacherinvite': accept,
} satisfies PartialHandlerMap;
