/**
 * Changes to a school's link with a provider (see rostering.ts for the states): asking, linking,
 * activating, unlinking, the link's own data, and the external ids excluded from syncs.
 */
import type { DomainContext } from '../context.js';
import { assertState, findLink, requireLink, upsertLinked, type LinkRow } from './rostering.js';
import { jsonObject } from '../../kit/json-columns.js';
import { all, placeholders, run, type Db } from '../../kit/sql.js';
import type { Row } from '../../db/rows.js';

/**
 * Activates (from linked, active or inactive) or deactivates (from active) the link; returns it.
 *
 * @example
 * setLinkActive(ctx, 1, 'wonde', true).state // 'active'
 */
export function setLinkActive(ctx: DomainContext, schoolId: number, provider: string, active: boolean): LinkRow {
  const link = requireLink(ctx.db, schoolId, provider);
  if (active) assertState(link, ['linked', 'active', 'inactive'], 'be activated');
  else assertState(link, ['active'], 'be deactivated');
  run(
    ctx.db,
    'UPDATE rostering_links SET state = ?, activated_at = CASE WHEN ? THEN COALESCE(activated_at, ?) ELSE activated_at END WHERE school_id = ? AND provider = ?',
    active ? 'active' : 'inactive',
    active ? 1 : 0,
    ctx.now().toISOString(),
    schoolId,
    link.provider,
  );
  return requireLink(ctx.db, schoolId, link.provider);
}

/**
 * Deletes the link and its exclusions (404 when there is none).
 *
 * @example
 * unlinkSchool(db, 1, 'wonde');
 */
export function unlinkSchool(db: Db, schoolId: number, provider: string): void {
  const link = requireLink(db, schoolId, provider);
  run(db, 'DELETE FROM rostering_links WHERE school_id = ? AND provider = ?', schoolId, link.provider);
  run(db, 'DELETE FROM rostering_exclusions WHERE school_id = ? AND provider = ?', schoolId, link.provider);
}

/**
 * 409 unless the school has no link with the provider or only asked for one.
 *
 * @example
 * assertLinkable(db, 1, 'wonde');
 */
export function assertLinkable(db: Db, schoolId: number, provider: string): void {
  const existing = findLink(db, schoolId, provider);
  if (existing && existing.state !== 'requested') assertState(existing, ['requested'], 'be linked again');
}

/**
 * Links the school (409 unless it has no link or only asked for one).
 *
 * @example
 * linkSchool(ctx, 1, 'wonde', { externalId: 'A1', data: {} }).state // 'linked'
 */
export function linkSchool(
  ctx: DomainContext,
  schoolId: number,
  provider: string,
  values: { externalId: string | null; tenantId?: string; data?: Record<string, unknown> },
): LinkRow {
  assertLinkable(ctx.db, schoolId, provider);
  return upsertLinked(ctx.db, schoolId, provider, { ...values, now: ctx.now().toISOString() });
}

/**
 * Asks for a link (409 when the school is past asking); returns the link and whether it is new.
 *
 * @example
 * requestLink(ctx, 1, 'wonde').created // true
 */
export function requestLink(
  ctx: DomainContext,
  schoolId: number,
  provider: string,
): { link: LinkRow; created: boolean } {
  const existing = findLink(ctx.db, schoolId, provider);
  if (existing) assertState(existing, ['requested'], 'ask again');
  else
    run(
      ctx.db,
      "INSERT INTO rostering_links (school_id, provider, state, requested_at) VALUES (?, ?, 'requested', ?)",
      schoolId,
      provider,
      ctx.now().toISOString(),
    );
  return { link: requireLink(ctx.db, schoolId, provider), created: !existing };
}

/**
 * Every school's link with a provider, with the school's name.
 *
 * @example
 * providerLinks(db, 'wonde')[0]?.name
 */
export function providerLinks(db: Db, provider: string): (LinkRow & { name: string })[] {
  return all<LinkRow & { name: string }>(
    db,
    'SELECT l.*, s.name FROM rostering_links l JOIN schools s ON s.id = l.school_id WHERE l.provider = ? ORDER BY l.school_id',
    provider,
  );
}

/**
 * Merges `data` into the link's own data; returns the link.
 *
 * @example
 * updateLinkData(db, 1, 'oneroster', { note: 'x' })
 */
export function updateLinkData(
  db: Db,
  schoolId: number,
  provider: string,
  data: Readonly<Record<string, unknown>>,
): LinkRow {
  const link = requireLink(db, schoolId, provider);
  run(
    db,
    'UPDATE rostering_links SET data = ? WHERE school_id = ? AND provider = ?',
    JSON.stringify({ ...jsonObject(link.data), ...data }),
    schoolId,
    link.provider,
  );
  return requireLink(db, schoolId, link.provider);
}

/**
 * The school's groups as a OneRoster link's children (classes, and sections for sub-groups).
 *
 * @example
 * rosterChildren(db, 1, link)[0]?.type // 'class'
 */
export function rosterChildren(db: Db, schoolId: number, link: LinkRow): Record<string, unknown>[] {
  const groups = all<Pick<Row<'school_groups'>, 'id' | 'name' | 'parent_id'>>(
    db,
    'SELECT id, name, parent_id FROM school_groups WHERE school_id = ? ORDER BY id',
    schoolId,
  );
  return groups.map((g) => ({
    id: `${link.external_id ?? `school-${schoolId}`}-class-${g.id}`,
    name: g.name,
    type: g.parent_id === null ? 'class' : 'section',
    group_id: g.id,
  }));
}

export type Exclusion = Pick<Row<'rostering_exclusions'>, 'external_id' | 'created_at'>;

/**
 * The school's exclusions with a provider, only those of `only` when it names any.
 *
 * @example
 * exclusionsOf(db, 1, 'clever').map((e) => e.external_id)
 */
export function exclusionsOf(db: Db, schoolId: number, provider: string, only: readonly string[] = []): Exclusion[] {
  const among = only.length === 0 ? '' : ` AND external_id IN (${placeholders(only.length)})`;
  return all<Exclusion>(
    db,
    `SELECT external_id, created_at FROM rostering_exclusions WHERE school_id = ? AND provider = ?${among} ORDER BY external_id`,
    schoolId,
    provider,
    ...only,
  );
}

/**
 * Excludes external ids from the school's syncs with a linked provider (404 with no link), or takes them off.
 *
 * @example
 * setExcluded(ctx, 1, 'clever', ['p-4'], true);
 */
export function setExcluded(
  ctx: DomainContext,
  schoolId: number,
  provider: string,
  ids: readonly string[],
  excluded: boolean,
): void {
  if (excluded) {
    requireLink(ctx.db, schoolId, provider);
    const now = ctx.now().toISOString();
    for (const id of ids)
      run(
        ctx.db,
        'INSERT OR IGNORE INTO rostering_exclusions (school_id, provider, external_id, created_at) VALUES (?, ?, ?, ?)',
        schoolId,
        provider,
        id,
        now,
      );
  } else {
    for (const id of ids)
      run(
        ctx.db,
        'DELETE FROM rostering_exclusions WHERE school_id = ? AND provider = ? AND external_id = ?',
        schoolId,
        provider,
        id,
      );
  }
}
