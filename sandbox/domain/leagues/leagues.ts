import type { Db } from '../../kit/sql.js';
import { DomainError } from '../errors.js';
import type { SessionUser } from '../../kit/handler.js';
import { parseIds } from '../../kit/input.js';
import { findReachable } from '../../kit/reach.js';
import { jsonObject } from '../../kit/json-columns.js';
import type { LeagueRow, UserRow } from '../schools/rows.js';
import { all, placeholders } from '../../kit/sql.js';
import type { League } from '../../../core/shapes/types.js';
import type { Row } from '../../db/rows.js';
import { fieldsOf, shapeValue, type RowShape } from '../../db/fast/shape.js';

/** What a league or challenge scores: the session games of its product. */
export const PRODUCT_GAMES: Readonly<Record<string, readonly string[]>> = {
  spelling: ['spelling', 'beekeeper', 'buzzwords', 'squirrelscurry'],
  number: ['number', 'maths', 'mtc', 'mastery_zone'],
  quiz: ['quiz'],
};

/**
 * A league payload's `groups` or `users` (a list, possibly empty, comma-joined, or one id), or
 * undefined when the key was not sent; 422 naming the key otherwise.
 *
 * @example
 * memberIds({ groups: [4, '9'] }, 'groups') // [4, 9]
 * memberIds({}, 'users') // undefined
 */
export function memberIds(input: Readonly<Record<string, unknown>>, key: 'groups' | 'users'): number[] | undefined {
  if (input[key] === undefined) return undefined;
  const ids = parseIds(input[key], key);
  return ids === '*' ? [] : ids;
}

/**
 * A league of the given kind of a school `user` reaches, or 404. A league with no school (`school_id`
 * NULL) is reached by nobody, superusers included: leagues are a teacher's tool for their school (spec
 * "roles and permissions": teachers run leagues; superusers have the superuser paths, which hold no
 * league call), every league the sandbox makes has a school, and the one access policy treats
 * school-less pupils, groups and homework the same way.
 *
 * @example
 * const league = findLeague(db, ctx.user, 3, 'custom');
 */
export function findLeague(db: Db, user: SessionUser | null, id: number, kind: LeagueRow['kind']): LeagueRow {
  const sql =
    kind === 'custom'
      ? "SELECT * FROM leagues WHERE id = ? AND kind = 'custom'"
      : "SELECT * FROM leagues WHERE id = ? AND kind = 'challenge'";
  return findReachable<LeagueRow>(db, user, kind === 'custom' ? 'Custom league' : 'Challenge', sql, id);
}

/**
 * 409 once a league has ended: its results are final.
 *
 * @example
 * assertNotEnded(league, ctx.now());
 */
export function assertNotEnded(row: LeagueRow, now: Date): void {
  if (Date.parse(row.ends_at) <= now.getTime()) {
    throw new DomainError('conflict', `League ${row.id} ended on ${row.ends_at}; an ended league cannot be changed`);
  }
}

/**
 * Pupils taking part: listed users and pupils of listed groups.
 *
 * @example
 * participants(db, league.id).length
 */
export function participants(db: Db, leagueId: number): UserRow[] {
  return all<UserRow>(
    db,
    `SELECT DISTINCT u.* FROM users u WHERE u.deleted_at IS NULL AND (
       u.id IN (SELECT user_id FROM league_users WHERE league_id = ?) OR
       u.id IN (SELECT gp.user_id FROM league_groups lg JOIN group_pupils gp ON gp.group_id = lg.group_id WHERE lg.league_id = ?))`,
    leagueId,
    leagueId,
  );
}

/**
 * Score per user within the league's dates and games.
 *
 * @example
 * scores(db, league, [4, 9]).get(4) // { score: 340, plays: 5 }
 */
export function scores(
  db: Db,
  row: LeagueRow,
  userIds: readonly number[],
): Map<number, { score: number; plays: number }> {
  const games = PRODUCT_GAMES[row.product] ?? [];
  const map = new Map<number, { score: number; plays: number }>();
  if (userIds.length === 0 || games.length === 0) return map;
  const rows = all<{ user_id: number; score: number; plays: number }>(
    db,
    `SELECT user_id, SUM(score) AS score, COUNT(*) AS plays FROM game_sessions
     WHERE user_id IN (${placeholders(userIds.length)}) AND game IN (${placeholders(games.length)}) AND created_at >= ? AND created_at <= ?
     GROUP BY user_id`,
    ...userIds,
    ...games,
    row.starts_at,
    row.ends_at,
  );
  for (const r of rows) map.set(r.user_id, { score: r.score, plays: r.plays });
  return map;
}

/**
 * Pupils ranked by score (ties share a rank).
 *
 * @example
 * standings(db, league)[0] // { rank: 1, user_id: 4, score: 340, ... }
 */
export function standings(db: Db, row: LeagueRow): Record<string, unknown>[] {
  const people = participants(db, row.id);
  const byUser = scores(
    db,
    row,
    people.map((p) => p.id),
  );
  const ranked = people
    .map((p) => ({
      user_id: p.id,
      display_name: p.display_name,
      school_id: p.school_id,
      score: byUser.get(p.id)?.score ?? 0,
      plays: byUser.get(p.id)?.plays ?? 0,
    }))
    .sort((a, b) => b.score - a.score || a.user_id - b.user_id);
  let rank = 0;
  return ranked.map((entry, i) => {
    if (i === 0 || entry.score !== ranked[i - 1]?.score) rank = i + 1;
    return { rank, ...entry };
  });
}

/**
 * Groups ranked by their pupils' total score.
 *
 * @example
 * groupStandings(db, challenge)[0] // { rank: 1, group_id: 4, score: 1200, ... }
 */
export function groupStandings(db: Db, row: LeagueRow): Record<string, unknown>[] {
  const groups = all<Pick<Row<'school_groups'>, 'id' | 'name' | 'school_id'>>(
    db,
    'SELECT g.id, g.name, g.school_id FROM league_groups lg JOIN school_groups g ON g.id = lg.group_id WHERE lg.league_id = ?',
    row.id,
  );
  const results = groups.map((g) => {
    const members = all<Pick<Row<'group_pupils'>, 'user_id'>>(
      db,
      'SELECT gp.user_id FROM group_pupils gp JOIN users u ON u.id = gp.user_id WHERE gp.group_id = ? AND u.deleted_at IS NULL',
      g.id,
    ).map((r) => r.user_id);
    const byUser = scores(db, row, members);
    const score = [...byUser.values()].reduce((sum, s) => sum + s.score, 0);
    return { group_id: g.id, name: g.name, school_id: g.school_id, pupils: members.length, score };
  });
  return results.sort((a, b) => b.score - a.score || a.group_id - b.group_id).map((r, i) => ({ rank: i + 1, ...r }));
}

/** A league's row with its state as of now and who takes part. */
type LeagueFields = LeagueRow & {
  readonly state: League['state'];
  readonly group_ids: number[];
  readonly user_ids: number[];
};

const league = fieldsOf<LeagueFields>();

/** The keys of the row (after what its data holds), its state, then who takes part. */
const LEAGUE_SHAPE: RowShape<LeagueFields, League> = {
  id: league.column('id'),
  kind: league.column('kind'),
  school_id: league.column('school_id'),
  owner_id: league.column('owner_id'),
  name: league.column('name'),
  product: league.column('product'),
  starts_at: league.column('starts_at'),
  ends_at: league.column('ends_at'),
  state: league.column('state'),
  group_ids: league.column('group_ids'),
  user_ids: league.column('user_ids'),
  created_at: league.column('created_at'),
  updated_at: league.column('updated_at'),
};

/**
 * A league or challenge as the API returns it.
 *
 * @example
 * return reply(ctx, 'league', serializeLeague(db, row, ctx.now()));
 */
export function serializeLeague(db: Db, row: LeagueRow, now: Date): League {
  const group_ids = all<Pick<Row<'league_groups'>, 'group_id'>>(
    db,
    'SELECT group_id FROM league_groups WHERE league_id = ? ORDER BY group_id',
    row.id,
  ).map((r) => r.group_id);
  const user_ids = all<Pick<Row<'league_users'>, 'user_id'>>(
    db,
    'SELECT user_id FROM league_users WHERE league_id = ? ORDER BY user_id',
    row.id,
  ).map((r) => r.user_id);
  const t = now.getTime();
  const state = t < Date.parse(row.starts_at) ? 'upcoming' : t < Date.parse(row.ends_at) ? 'running' : 'ended';
  return { ...jsonObject(row.data), ...shapeValue(LEAGUE_SHAPE, { ...row, state, group_ids, user_ids }) };
}
