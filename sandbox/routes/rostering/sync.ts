/** What the rostering routes share: the school of the path, and the sync handler (several providers' routes). */
import type { HandlerContext, HandlerResult } from '../../kit/handler.js';
import { pathId } from '../../kit/input.js';
import { serializeRosterLink, providerOf } from '../../domain/rostering/rostering.js';
import { reachableSchool, syncRoster } from '../../domain/rostering/rostering-sync.js';
import type { SchoolRow } from '../../domain/schools/rows.js';

/**
 * The school of a `{id}` path parameter, reachable by the caller.
 *
 * @example
 * const school = schoolParam(ctx); // 404 for another school
 */
export function schoolParam(ctx: HandlerContext): SchoolRow {
  return reachableSchool(ctx, pathId(ctx, 'School'));
}

/**
 * Runs a sync for the school of the path with the route's provider.
 *
 * @example
 * 'POST schools/{id}/{roster_a}sync': sync,
 */
export function sync(ctx: HandlerContext): HandlerResult {
  const { link, sync: summary } = syncRoster(ctx, schoolParam(ctx).id, providerOf(ctx));
  ctx.countWrite();
  return { body: { link: serializeRosterLink(link), sync: summary } };
}
