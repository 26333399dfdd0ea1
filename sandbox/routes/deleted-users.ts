/**
 * Deleted users of the caller's school: list, recover one, recover all, merge a deleted account into an
 * active one (its history moves over, then it is purged), and purge. Deleting pupils or removing a teacher
 * is a soft delete, so they show up here until recovered, merged or purged.
 */
import type { HandlerContext, HandlerResult, PartialHandlerMap, RouteHandler } from '../kit/handler.js';
import { callerSchoolId } from '../kit/reach.js';
import { deletedUsers, purgeUser, recoverUser, userInState } from '../domain/pupils/deleted-users.js';
import { logEvent } from '../domain/schools/events.js';
import { parseIds, pathId } from '../kit/input.js';
import { mergeUsers, userRow } from '../domain/pupils/merge-users.js';
import { serializeUser } from '../domain/schools/serialize.js';
import { defineRoutes } from './areas.js';
import { reply } from '../kit/reply.js';

function reload(ctx: HandlerContext, id: number): Record<string, unknown> {
  return serializeUser(userRow(ctx.db, id));
}

function recover(ctx: HandlerContext, ids: readonly number[]): HandlerResult {
  const schoolId = callerSchoolId(ctx);
  const rows = ids.map((id) => userInState(ctx.db, ctx.user, id, 'deleted', 'recovered', schoolId));
  const now = ctx.now().toISOString();
  for (const row of rows) recoverUser(ctx.db, row, now);
  ctx.countWrite();
  logEvent(ctx, schoolId, 'users.recovered', { ids });
  return reply(ctx, 'recovered', rows.length, { users: rows.map((r) => reload(ctx, r.id)) });
}

const merge: RouteHandler<'PATCH users/me/school/users/deleted/merge'> = (ctx) => {
  const schoolId = callerSchoolId(ctx);
  const { from, into } = mergeUsers(
    ctx,
    schoolId,
    ctx.input.from ?? ctx.input.deletedUserId,
    ctx.input.into ?? ctx.input.userId,
  );
  ctx.countWrite();
  return reply(ctx, 'merged', true, { from: from.id, user: reload(ctx, into.id) });
};

const calls = {
  'GET users/me/school/users/deleted': (ctx) => {
    const users = deletedUsers(ctx.db, callerSchoolId(ctx)).map(serializeUser);
    return reply(ctx, 'users', users, { total: users.length });
  },
  'POST users/me/school/users/deleted/recover': (ctx) => {
    // ids, userIds or id, each a list or comma-joined (the entry leaves them open: one call, three spellings).
    const key = ctx.input['ids'] !== undefined ? 'ids' : ctx.input['userIds'] !== undefined ? 'userIds' : 'id';
    const ids = parseIds(ctx.input[key], key);
    return recover(ctx, ids === '*' ? [] : ids);
  },
  'POST users/me/school/users/deleted/recover/all': (ctx) =>
    recover(
      ctx,
      deletedUsers(ctx.db, callerSchoolId(ctx)).map((u) => u.id),
    ),
  'PATCH users/me/school/users/deleted/merge': merge,
  'PATCH users/me/school/users/deleted/{id}': (ctx) => {
    const result = recover(ctx, [pathId(ctx, 'User')]);
    const body = result.body as { users: unknown[] };
    return reply(ctx, 'user', body.users[0]);
  },
  'DELETE users/deleted/{id}': (ctx) => {
    const row = userInState(ctx.db, ctx.user, pathId(ctx, 'User'), 'deleted', 'purged');
    purgeUser(ctx.db, row, ctx.now().toISOString(), null);
    ctx.countWrite();
    logEvent(ctx, row.school_id as number, 'users.purged', { id: row.id });
    return reply(ctx, 'purged', true, { id: row.id });
  },
} satisfies PartialHandlerMap;

export const deletedUsersHandlers = defineRoutes('deleted-users', calls);
