import type { Db } from '../../kit/sql.js';
import { DomainError } from '../errors.js';
import type { SessionUser } from '../../kit/handler.js';
import { findReachable } from '../../kit/reach.js';
import { jsonObject } from '../../kit/json-columns.js';
import type { UserRow } from '../schools/rows.js';
import { all, run } from '../../kit/sql.js';

/** Deleted users of a school that can still be recovered (purged and merged accounts are gone for good). */
export const RECOVERABLE =
  "deleted_at IS NOT NULL AND json_extract(data, '$.purged_at') IS NULL AND kind IN ('pupil', 'teacher')";

/**
 * Deleted, recoverable users of a school, most recently deleted first.
 *
 * @example
 * deletedUsers(db, 1).map((u) => u.id)
 */
export function deletedUsers(db: Db, schoolId: number): UserRow[] {
  return all<UserRow>(
    db,
    `SELECT * FROM users WHERE school_id = ? AND ${RECOVERABLE} ORDER BY deleted_at DESC, id`,
    schoolId,
  );
}

/**
 * A user of a school `user` reaches (and of `inSchool` when given) in the state a call needs: 404 when
 * not, 409 naming the state when deleted-versus-active is wrong.
 *
 * @example
 * const row = userInState(db, ctx.user, 12, 'deleted', 'recovered', 1);
 */
export function userInState(
  db: Db,
  user: SessionUser | null,
  id: number,
  state: 'deleted' | 'active',
  action: string,
  inSchool?: number,
): UserRow {
  const row = findReachable<UserRow>(
    db,
    user,
    'User',
    "SELECT * FROM users WHERE id = ? AND kind IN ('pupil', 'teacher') AND json_extract(data, '$.purged_at') IS NULL",
    id,
    { inSchool },
  );
  const current = row.deleted_at ? 'deleted' : 'active';
  if (current !== state) {
    throw new DomainError(
      'conflict',
      `User ${id} is ${current}; only ${state === 'deleted' ? 'a deleted' : 'an active'} user can be ${action}`,
    );
  }
  return row;
}

/**
 * Brings a deleted user back, with their school membership for a teacher.
 *
 * @example
 * recoverUser(db, userInState(db, ctx.user, 12, 'deleted', 'recovered', 1), now);
 */
export function recoverUser(db: Db, row: UserRow, now: string): void {
  run(db, 'UPDATE users SET deleted_at = NULL WHERE id = ?', row.id);
  if (row.kind === 'teacher' && row.school_id !== null) {
    run(
      db,
      'INSERT OR IGNORE INTO school_memberships (user_id, school_id, admin, created_at) VALUES (?, ?, 0, ?)',
      row.id,
      row.school_id,
      now,
    );
  }
}

/**
 * Moves everything a user did (sessions, groups, homework, rewards, subscription seats) to another user.
 *
 * @example
 * moveActivity(db, deletedPupilId, activePupilId);
 */
export function moveActivity(db: Db, fromId: number, intoId: number): void {
  run(db, 'UPDATE game_sessions SET user_id = ? WHERE user_id = ?', intoId, fromId);
  run(db, 'UPDATE reward_logs SET user_id = ? WHERE user_id = ?', intoId, fromId);
  for (const table of ['group_pupils', 'group_teachers']) {
    run(
      db,
      `INSERT OR IGNORE INTO ${table} (group_id, user_id, added_at) SELECT group_id, ?, added_at FROM ${table} WHERE user_id = ?`,
      intoId,
      fromId,
    );
    run(db, `DELETE FROM ${table} WHERE user_id = ?`, fromId);
  }
  for (const [table, key] of [
    ['homework_pupils', 'homework_id'],
    ['homework_teachers', 'homework_id'],
    ['league_users', 'league_id'],
    ['reward_group_pupils', 'reward_group_id'],
  ] as const) {
    run(
      db,
      `INSERT OR IGNORE INTO ${table} (${key}, user_id) SELECT ${key}, ? FROM ${table} WHERE user_id = ?`,
      intoId,
      fromId,
    );
    run(db, `DELETE FROM ${table} WHERE user_id = ?`, fromId);
  }
  run(
    db,
    `INSERT OR IGNORE INTO subscription_members (subscription_id, target, member_id, created_at)
     SELECT subscription_id, target, ?, created_at FROM subscription_members WHERE member_id = ? AND target IN ('user', 'teacher')`,
    intoId,
    fromId,
  );
  run(db, "DELETE FROM subscription_members WHERE member_id = ? AND target IN ('user', 'teacher')", fromId);
}

/**
 * Removes a deleted user for good: their own data goes (or has been merged away), the row stays only
 * as an anonymous tombstone so that foreign keys (tokens, records) stay valid and the name is free again.
 *
 * @example
 * purgeUser(db, row, now, null); // or mergedInto: the user who received their activity
 */
export function purgeUser(db: Db, row: UserRow, now: string, mergedInto: number | null): void {
  if (mergedInto === null) {
    run(db, 'DELETE FROM game_sessions WHERE user_id = ?', row.id);
    run(db, 'DELETE FROM reward_logs WHERE user_id = ?', row.id);
    for (const table of [
      'group_pupils',
      'group_teachers',
      'homework_pupils',
      'homework_teachers',
      'league_users',
      'reward_group_pupils',
    ]) {
      run(db, `DELETE FROM ${table} WHERE user_id = ?`, row.id);
    }
    run(db, "DELETE FROM subscription_members WHERE member_id = ? AND target IN ('user', 'teacher')", row.id);
  }
  run(db, 'DELETE FROM school_memberships WHERE user_id = ?', row.id);
  run(db, 'DELETE FROM tokens WHERE user_id = ?', row.id);
  const data = { purged_at: now, ...(mergedInto === null ? {} : { merged_into: mergedInto }) };
  run(
    db,
    `UPDATE users SET username = ?, email = NULL, first_name = '', last_name = '', display_name = '', school_username = NULL,
       data = ?, deleted_at = COALESCE(deleted_at, ?) WHERE id = ?`,
    `purged-${row.id}`,
    JSON.stringify({ ...jsonObject(row.data), ...data }),
    now,
    row.id,
  );
}
