/** The avatar area: the generic store keeps avatar records; the image of a user is drawn here. */
import { avatarImage } from '../domain/avatars/image.js';
import type { PartialHandlerMap } from '../kit/handler.js';
import { notFound } from '../kit/input.js';
import { findReachableUser } from '../kit/reach.js';
import { reply } from '../kit/reply.js';
import { one } from '../kit/sql.js';
import { defineRoutes } from './areas.js';
import type { Row } from '../db/rows.js';

const calls = {
  'GET users/{id}/avatar': (ctx) => {
    const { id } = findReachableUser(ctx, ctx.params.id, ctx.endpoint.reach);
    const user = one<Pick<Row<'users'>, 'id' | 'display_name'>>(ctx.db, 'SELECT id, display_name FROM users WHERE id = ?', id);
    if (!user) throw notFound('User', ctx.params.id);
    return reply(ctx, 'avatar', avatarImage(user, ctx.input.size));
  },
} satisfies PartialHandlerMap;

export const avatarHandlers = defineRoutes('avatar', calls);
