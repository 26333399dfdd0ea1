import type { Db } from '../../kit/sql.js';
import { jsonObject } from '../../kit/json-columns.js';
import type { SessionRow, UserRow } from '../schools/rows.js';
import { summarise, summariseBy } from './sessions.js';
import { all, placeholders } from '../../kit/sql.js';

const DAY = 86_400_000;

/**
 * Per pupil: plays in the last 7 and 30 days and the last play, from the sessions given.
 *
 * @example
 * activityRows(pupils, sessions, ctx.now())[0] // { user_id, plays_7d, plays_30d, last_played, ... }
 */
export function activityRows(
  pupils: readonly UserRow[],
  rows: readonly SessionRow[],
  now: Date,
): Record<string, unknown>[] {
  const week = new Date(now.getTime() - 7 * DAY).toISOString();
  const month = new Date(now.getTime() - 30 * DAY).toISOString();
  return pupils.map((p) => {
    const own = rows.filter((r) => r.user_id === p.id);
    return {
      user_id: p.id,
      display_name: p.display_name,
      school_username: p.school_username,
      plays_7d: own.filter((r) => r.created_at >= week).length,
      plays_30d: own.filter((r) => r.created_at >= month).length,
      score_30d: own.filter((r) => r.created_at >= month).reduce((sum, r) => sum + r.score, 0),
      last_played: own[0]?.created_at ?? null,
    };
  });
}

/**
 * Per pupil summaries (plays, accuracy...) of the sessions given, every pupil listed.
 *
 * @example
 * perPupil(pupils, sessions)[0] // { user_id, plays, accuracy, ... }
 */
export function perPupil(pupils: readonly UserRow[], rows: readonly SessionRow[]): Record<string, unknown>[] {
  const byPupil = new Map(summariseBy(rows, (r) => String(r.user_id)).map((s) => [s.key, s]));
  return pupils.map((p) => {
    const { key: _key, ...summary } = byPupil.get(String(p.id)) ?? { key: '', ...summarise([]) };
    return { user_id: p.id, display_name: p.display_name, ...summary };
  });
}

/**
 * School term of a date: autumn (Sep-Dec), spring (Jan-Mar), summer (Apr-Aug), with the school year.
 *
 * @example
 * termOf('2026-10-05T09:00:00Z') // '2026-2027 autumn'
 */
export function termOf(iso: string): string {
  const date = new Date(iso);
  const month = date.getUTCMonth();
  const year = date.getUTCFullYear();
  if (month >= 8) return `${year}-${year + 1} autumn`;
  return month <= 2 ? `${year - 1}-${year} spring` : `${year - 1}-${year} summer`;
}

/**
 * Average of each skill's score over assessment sessions (details.skills), per pupil.
 *
 * @example
 * skillAverages(assessments) // { 'SP-DOUBLE': 62.5 }
 */
export function skillAverages(rows: readonly SessionRow[]): Record<string, number> {
  const totals = new Map<string, { sum: number; n: number }>();
  for (const row of rows) {
    const skills = jsonObject(JSON.stringify(jsonObject(row.details)['skills'] ?? {}));
    for (const [skill, value] of Object.entries(skills)) {
      if (typeof value !== 'number') continue;
      const t = totals.get(skill) ?? { sum: 0, n: 0 };
      totals.set(skill, { sum: t.sum + value, n: t.n + 1 });
    }
  }
  return Object.fromEntries([...totals].map(([skill, t]) => [skill, Math.round((t.sum / t.n) * 10) / 10]));
}

/**
 * Curriculum node ids a quiz session covered (details.curriculum_nodes).
 *
 * @example
 * nodesOf(session) // ['3', '11']
 */
export function nodesOf(row: SessionRow): string[] {
  const nodes = jsonObject(row.details)['curriculum_nodes'];
  return Array.isArray(nodes) ? nodes.map(String) : [];
}

/**
 * External curriculum nodes stored by the generic store, by key: name and parent.
 *
 * @example
 * externalNodes(db, ['1', '9']).get('9') // { name: '...', parent: '1' }
 */
export function externalNodes(db: Db, keys: readonly string[]): Map<string, { name: string; parent: string | null }> {
  const map = new Map<string, { name: string; parent: string | null }>();
  if (keys.length === 0) return map;
  const rows = all<{ key: string; data: string }>(
    db,
    `SELECT key, data FROM records WHERE collection = 'quiz/external_curriculum_nodes' AND deleted_at IS NULL AND key IN (${placeholders(keys.length)})`,
    ...keys,
  );
  for (const row of rows) {
    const data = jsonObject(row.data);
    const parent = data['parent_id'];
    map.set(row.key, {
      name: typeof data['name'] === 'string' ? data['name'] : `Node ${row.key}`,
      parent: parent === null || parent === undefined ? null : String(parent),
    });
  }
  return map;
}
