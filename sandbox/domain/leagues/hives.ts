/** Hives (live class games) of a school, and the school's activity by group. */
import type { SessionUser } from '../../kit/handler.js';
import { DomainError } from '../errors.js';
import { findReachable } from '../../kit/reach.js';
import { itemsOf, jsonObject } from '../../kit/json-columns.js';
import { all, run, type Db } from '../../kit/sql.js';
import type { Row } from '../../db/rows.js';
import { HIVE_PLAYER } from '../../../core/shapes/league.js';
import type { Hive } from '../../../core/shapes/types.js';
import { fieldsOf, shapeValue, type RowShape } from '../../db/fast/shape.js';

export type HiveRow = Row<'hives'>;

const DAY = 86_400_000;

const hive = fieldsOf<HiveRow>();

/** The hive's list and players are in its data; `list` comes only where the data names one. */
const HIVE_SHAPE: RowShape<HiveRow, Hive> = {
  id: hive.column('id'),
  school_id: hive.column('school_id'),
  owner_id: hive.column('owner_id'),
  name: hive.column('name'),
  game: hive.column('game'),
  status: hive.column('status'),
  list: {
    value: (row) => {
      const { list } = jsonObject(row.data);
      return typeof list === 'string' ? list : undefined;
    },
  },
  players: {
    value: (row) => {
      const { players } = jsonObject(row.data);
      return itemsOf(HIVE_PLAYER, Array.isArray(players) ? players : []);
    },
  },
  created_at: hive.column('created_at'),
  finished_at: hive.column('finished_at'),
};

/**
 * A hive as the API answers it: its row, and the list and players its data column holds.
 *
 * @example
 * serializeHive(row).players.length
 */
export function serializeHive(row: HiveRow): Hive {
  return shapeValue(HIVE_SHAPE, row);
}

/**
 * A hive of a school `user` reaches, or 404.
 *
 * @example
 * findHive(ctx.db, ctx.user, 3).status // 'waiting'
 */
export function findHive(db: Db, user: SessionUser | null, id: number): HiveRow {
  return findReachable<HiveRow>(db, user, 'Hive', 'SELECT * FROM hives WHERE id = ?', id);
}

/**
 * The school's hives, newest first.
 *
 * @example
 * schoolHives(db, 1).length
 */
export function schoolHives(db: Db, schoolId: number): HiveRow[] {
  return all<HiveRow>(db, 'SELECT * FROM hives WHERE school_id = ? ORDER BY created_at DESC, id DESC', schoolId);
}

/**
 * Deletes a hive that is not running (409 while it runs).
 *
 * @example
 * deleteHive(db, hive);
 */
export function deleteHive(db: Db, hive: HiveRow): void {
  if (hive.status === 'running')
    throw new DomainError('conflict', `Hive ${hive.id} is running; only a waiting or finished hive can be deleted`);
  run(db, 'DELETE FROM hives WHERE id = ?', hive.id);
}

/** One top-level group's plays of some games over the last week and month. */
export interface GroupActivity {
  readonly group_id: number;
  readonly name: string;
  readonly pupils: number;
  readonly plays_7d: number;
  readonly plays_30d: number;
  readonly active_30d: number;
}

/**
 * How much each top-level group of the school played `games` in the 7 and 30 days before `now`.
 *
 * @example
 * schoolActivity(db, 1, ['quiz'], now)[0]?.plays_7d
 */
export function schoolActivity(db: Db, schoolId: number, games: readonly string[], now: Date): GroupActivity[] {
  const week = new Date(now.getTime() - 7 * DAY).toISOString();
  const month = new Date(now.getTime() - 30 * DAY).toISOString();
  const rows = all<{
    id: number;
    name: string;
    pupils: number;
    plays_7d: number;
    plays_30d: number;
    active_30d: number;
  }>(
    db,
    `SELECT g.id, g.name,
       (SELECT COUNT(*) FROM group_pupils gp WHERE gp.group_id = g.id) AS pupils,
       (SELECT COUNT(*) FROM game_sessions s JOIN group_pupils gp ON gp.user_id = s.user_id WHERE gp.group_id = g.id AND s.created_at >= ? AND s.game IN (SELECT value FROM json_each(?))) AS plays_7d,
       (SELECT COUNT(*) FROM game_sessions s JOIN group_pupils gp ON gp.user_id = s.user_id WHERE gp.group_id = g.id AND s.created_at >= ? AND s.game IN (SELECT value FROM json_each(?))) AS plays_30d,
       (SELECT COUNT(DISTINCT s.user_id) FROM game_sessions s JOIN group_pupils gp ON gp.user_id = s.user_id WHERE gp.group_id = g.id AND s.created_at >= ? AND s.game IN (SELECT value FROM json_each(?))) AS active_30d
     FROM school_groups g WHERE g.school_id = ? AND g.parent_id IS NULL ORDER BY g.name, g.id`,
    week,
    JSON.stringify(games),
    month,
    JSON.stringify(games),
    month,
    JSON.stringify(games),
    schoolId,
  );
  return rows.map(({ id, ...rest }) => ({ group_id: id, ...rest }));
}
