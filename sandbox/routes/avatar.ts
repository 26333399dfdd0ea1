/** The avatar area: the generic store keeps avatar records; the image of a user is drawn here. */
import { userAvatar } from '../domain/avatars/image.js';
import type { PartialHandlerMap } from '../kit/handler.js';
import { findReachableUser } from '../kit/reach.js';
import { reply } from '../kit/reply.js';
import { defineRoutes } from './areas.js';

const calls = {
  'GET users/{id}/avatar': (ctx) => {
    findReachableUser(ctx, ctx.params.id, ctx.endpoint.reach);
    return reply(ctx, 'avatar', userAvatar(ctx.db, ctx.params.id, ctx.input.size));
  },
} satisfies PartialHandlerMap;

export const avatarHandlers = defineRoutes('avatar', calls);
