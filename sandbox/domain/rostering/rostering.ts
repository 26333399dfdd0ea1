import type { Db } from '../../kit/sql.js';
import { DomainError } from '../errors.js';
import { jsonObject } from '../../kit/json-columns.js';
import { all, one, run } from '../../kit/sql.js';

/**
 * Link state of a school with one rostering or school-system provider:
 *
 * | state     | reached by                                   | may then                         |
 * |-----------|----------------------------------------------|----------------------------------|
 * | requested | the school asks (`.../request`)              | be linked                        |
 * | linked    | an external id, a link call or provider auth | be activated, sync, be unlinked  |
 * | active    | activation                                   | sync, be deactivated, be unlinked|
 * | inactive  | deactivation                                 | be activated again, be unlinked  |
 *
 * Unlinking deletes the row. A refused step answers 409 naming the current state.
 */
import type { RosterLinkState as LinkState } from '../../../core/domain/accounts.js';
import type { RosterLink } from '../../../core/shapes/types.js';
import type { Row } from '../../db/rows.js';
import { findRow } from '../../kit/reach.js';
import { fieldsOf, shapeValue, type RowShape } from '../../db/fast/shape.js';

const LINK_SQL = 'SELECT * FROM rostering_links WHERE school_id = ? AND provider = ?';
export type { LinkState };

export type LinkRow = Row<'rostering_links'>;

/**
 * @example
 * findLink(db, 1, 'wonde')?.state // 'requested'
 */
export function findLink(db: Db, schoolId: number, provider: string): LinkRow | undefined {
  return one<LinkRow>(db, LINK_SQL, schoolId, provider);
}

/**
 * The link, or 404 when the school has none with this provider.
 *
 * @example
 * const link = requireLink(db, 1, 'wonde');
 */
export function requireLink(db: Db, schoolId: number, provider: string): LinkRow {
  return findRow<LinkRow>(db, `Link with ${provider} for school`, LINK_SQL, schoolId, provider);
}

/**
 * 409 unless the link is in one of `allowed`.
 *
 * @example
 * assertState(link, ['linked', 'active'], 'sync');
 */
export function assertState(link: LinkRow, allowed: readonly LinkState[], action: string): void {
  if (!allowed.includes(link.state)) {
    throw new DomainError(
      'conflict',
      `School ${link.school_id} is ${link.state} with ${link.provider}; only a ${allowed.join(' or ')} school can ${action}`,
    );
  }
}

const { column: c, json } = fieldsOf<LinkRow>();

/** The row, `data` parsed (the routes that list schools add the school's `name`). */
const ROSTER_LINK_SHAPE: RowShape<LinkRow, Omit<RosterLink, 'name'>> = {
  school_id: c('school_id'),
  provider: c('provider'),
  external_id: c('external_id'),
  tenant_id: c('tenant_id'),
  state: c('state'),
  data: json('data'),
  requested_at: c('requested_at'),
  linked_at: c('linked_at'),
  activated_at: c('activated_at'),
  synced_at: c('synced_at'),
  sync_count: c('sync_count'),
};

/**
 * @example
 * return reply(ctx, 'link', serializeRosterLink(link));
 */
export function serializeRosterLink(link: LinkRow): RosterLink {
  return shapeValue(ROSTER_LINK_SHAPE, link);
}

/**
 * Creates or moves a link to `linked` (keeping `active` links active), recording ids and data.
 *
 * @example
 * upsertLinked(db, 1, 'wonde', { externalId: 'W123', now });
 */
export function upsertLinked(
  db: Db,
  schoolId: number,
  provider: string,
  values: { externalId?: string | null; tenantId?: string | null; data?: Record<string, unknown>; now: string },
): LinkRow {
  const existing = findLink(db, schoolId, provider);
  const data = JSON.stringify({ ...jsonObject(existing?.data), ...values.data });
  if (existing) {
    run(
      db,
      `UPDATE rostering_links SET external_id = COALESCE(?, external_id), tenant_id = COALESCE(?, tenant_id), data = ?,
         state = CASE WHEN state = 'active' THEN 'active' ELSE 'linked' END, linked_at = COALESCE(linked_at, ?) WHERE school_id = ? AND provider = ?`,
      values.externalId ?? null,
      values.tenantId ?? null,
      data,
      values.now,
      schoolId,
      provider,
    );
  } else {
    run(
      db,
      "INSERT INTO rostering_links (school_id, provider, external_id, tenant_id, state, data, linked_at) VALUES (?, ?, ?, ?, 'linked', ?, ?)",
      schoolId,
      provider,
      values.externalId ?? null,
      values.tenantId ?? null,
      data,
      values.now,
    );
  }
  return requireLink(db, schoolId, provider);
}

/**
 * What a sync would bring over: the school's pupils, teachers and groups, less the exclusions.
 *
 * @example
 * syncSummary(db, 1, 'wonde') // { pupils: 30, teachers: 4, groups: 4, excluded: 0 }
 */
export function syncSummary(db: Db, schoolId: number, provider: string): Record<string, number> {
  const count = (sql: string): number => one<{ n: number }>(db, sql, schoolId)?.n ?? 0;
  const excluded = all<Pick<Row<'rostering_exclusions'>, 'external_id'>>(
    db,
    'SELECT external_id FROM rostering_exclusions WHERE school_id = ? AND provider = ?',
    schoolId,
    provider,
  ).length;
  return {
    pupils: count("SELECT COUNT(*) AS n FROM users WHERE school_id = ? AND kind = 'pupil' AND deleted_at IS NULL"),
    teachers: count("SELECT COUNT(*) AS n FROM users WHERE school_id = ? AND kind = 'teacher' AND deleted_at IS NULL"),
    groups: count('SELECT COUNT(*) AS n FROM school_groups WHERE school_id = ?'),
    excluded,
  };
}
