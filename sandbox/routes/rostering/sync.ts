/**
 * What the rostering routes share: the provider and the school a path names, and the sync handler
 * (several providers' routes).
 */
import type { HandlerContext, HandlerResult } from '../../kit/handler.js';
import { pathId } from '../../kit/input.js';
import { serializeRosterLink } from '../../domain/rostering/rostering.js';
import { ROSTER_PROVIDERS, type RosterPlaceholder } from '../../domain/rostering/roster-providers.js';
import { reachableSchool, syncRoster } from '../../domain/rostering/rostering-sync.js';
import type { SchoolRow } from '../../domain/schools/rows.js';
import { reply } from '../../kit/reply.js';

/** What `providerOf` reads of a request (a handler's context has it): the row answering and its path parameters. */
export interface RouteOfRequest {
  readonly endpoint: { readonly route: string };
  readonly params: Readonly<Record<string, string>>;
}

/**
 * The provider a route names: the provider of its rostering placeholder (`{roster_b}` is clever, see
 * domain/rostering/roster-providers.ts), else the `{school_system}` given, else one-roster's `{x}`.
 *
 * @example
 * providerOf(ctx) // 'wonde' for POST schools/1/wondesync (the {roster_a}sync row)
 */
export function providerOf(ctx: RouteOfRequest): string {
  const p = ctx.params;
  const roster = (Object.keys(ROSTER_PROVIDERS) as RosterPlaceholder[]).find(
    (placeholder) => p[placeholder] !== undefined,
  );
  if (roster) return ROSTER_PROVIDERS[roster];
  if (p['school_system'] !== undefined) return p['school_system'].toLowerCase();
  if (p['x'] !== undefined) return `one-roster/${p['x'].toLowerCase()}`;
  throw new Error(`route ${ctx.endpoint.route} names no provider`);
}

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
  return reply(ctx, 'link', serializeRosterLink(link), { sync: summary });
}
