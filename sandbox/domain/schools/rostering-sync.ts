import type { HandlerContext, HandlerResult } from '../../kit/handler.js';
import { assertReachable } from '../../kit/reach.js';
import { logEvent } from './events.js';
import { findSchool } from './find.js';
import { pathId } from '../../kit/input.js';
import { jsonObject } from '../../kit/json-columns.js';
import { assertState, serializeRosterLink, providerOf, requireLink, syncSummary } from './rostering.js';
import type { SchoolRow } from './rows.js';
import { run } from '../../kit/sql.js';
import { reply } from '../../kit/reply.js';

/**
 * The school of a `{id}` path parameter, reachable by the caller.
 *
 * @example
 * const school = schoolParam(ctx); // 404 for another school
 */
export function schoolParam(ctx: HandlerContext): SchoolRow {
  const school = findSchool(ctx.db, pathId(ctx, 'School'));
  assertReachable(ctx, school.id, 'School', school.id);
  return school;
}

/**
 * Runs a sync for the school of the path: linked or active only; records when and what it brought over.
 *
 * @example
 * 'POST schools/{id}/{roster_a}sync': sync,
 */
export function sync(ctx: HandlerContext): HandlerResult {
  const school = schoolParam(ctx);
  const link = requireLink(ctx.db, school.id, providerOf(ctx));
  assertState(link, ['linked', 'active'], 'sync');
  const summary = syncSummary(ctx.db, school.id, link.provider);
  const now = ctx.now().toISOString();
  run(ctx.db, 'UPDATE rostering_links SET synced_at = ?, sync_count = sync_count + 1, data = ? WHERE school_id = ? AND provider = ?', now, JSON.stringify({ ...jsonObject(link.data), last_sync: { ...summary, at: now } }), school.id, link.provider);
  ctx.countWrite();
  logEvent(ctx, school.id, 'rostering.synced', { provider: link.provider, ...summary });
  return reply(ctx, 'link', serializeRosterLink(requireLink(ctx.db, school.id, link.provider)), { sync: summary });
}

