/** The site area: the public resource search the web site pages through, with its filters. */
import { page } from '../kit/input.js';
import { resourceItem, searchResources } from '../domain/resources/resources.js';
import type { PartialHandlerMap } from '../kit/handler.js';
import { defineRoutes } from './areas.js';
import { reply } from '../kit/reply.js';

const calls = {
  'GET resources/search': (ctx) => {
    const q = ctx.input;
    const { skip, take } = page(ctx);
    const found = searchResources(ctx.db, {
      search: q.search,
      curriculumId: q.curriculum_id === undefined ? undefined : Number(q.curriculum_id),
      category: q.category,
      ageBand: q.age_band,
      typeId: q.type_id,
      availability: q.availability,
      sort: q.sort,
      skip,
      take,
    });
    return reply(ctx, 'items', found.items.map(resourceItem), { total: found.total });
  },
} satisfies PartialHandlerMap;

export const siteHandlers = defineRoutes('site', calls);
