/** The site area: the public resource search the web site pages through. */
import { page } from '../kit/input.js';
import { resourceItem, searchResources } from '../domain/resources/resources.js';
import type { PartialHandlerMap } from '../kit/handler.js';
import { defineRoutes } from './areas.js';
import { reply } from '../kit/reply.js';

const calls = {
  'GET resources/search': (ctx) => {
    // The table declares search, curriculum_id, skip and take; the server has checked them.
    const search = typeof ctx.input['search'] === 'string' ? ctx.input['search'] : undefined;
    const curriculumId = ctx.input['curriculum_id'] === undefined ? undefined : Number(ctx.input['curriculum_id']);
    const { skip, take } = page(ctx);
    const found = searchResources(ctx.db, { search, curriculumId, skip, take });
    return reply(ctx, 'items', found.items.map(resourceItem), { total: found.total });
  },
} satisfies PartialHandlerMap;

export const siteHandlers = defineRoutes('site', calls);
