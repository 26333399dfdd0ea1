import type { DomainContext } from '../context.js';
import { logEvent } from '../schools/events.js';
import { findReachableSchool } from '../schools/find.js';
import { jsonObject } from '../../kit/json-columns.js';
import { assertState, requireLink, syncSummary, type LinkRow } from './rostering.js';
import type { SchoolRow } from '../schools/rows.js';
import { run } from '../../kit/sql.js';

/**
 * A school the caller reaches (404 when missing or another school's).
 *
 * @example
 * const school = reachableSchool(ctx, 1);
 */
export function reachableSchool(ctx: DomainContext, id: number): SchoolRow {
  return findReachableSchool(ctx.db, ctx.user, id);
}

/**
 * Runs a sync of a school with a provider: linked or active only; records when and what it brought over,
 * and answers the link as it now is with what the sync counted.
 *
 * @example
 * const { link, sync } = syncRoster(ctx, school.id, 'wonde');
 */
export function syncRoster(
  ctx: DomainContext,
  schoolId: number,
  provider: string,
): { link: LinkRow; sync: Record<string, number> } {
  const link = requireLink(ctx.db, schoolId, provider);
  assertState(link, ['linked', 'active'], 'sync');
  const summary = syncSummary(ctx.db, schoolId, link.provider);
  const now = ctx.now().toISOString();
  run(
    ctx.db,
    'UPDATE rostering_links SET synced_at = ?, sync_count = sync_count + 1, data = ? WHERE school_id = ? AND provider = ?',
    now,
    JSON.stringify({ ...jsonObject(link.data), last_sync: { ...summary, at: now } }),
    schoolId,
    link.provider,
  );
  logEvent(ctx, schoolId, 'rostering.synced', { provider: link.provider, ...summary });
  return { link: requireLink(ctx.db, schoolId, link.provider), sync: summary };
}
