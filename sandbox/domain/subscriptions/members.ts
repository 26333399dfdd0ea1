/**
 * Seat assignment: pupils (users) against `seats`, teachers against `teacher_seats`, and groups (which
 * take no seat themselves; with assign_to_users their pupils are assigned too). With error_on_user_limit
 * an assignment that does not fit is refused whole (409); without it as many as fit are assigned and the
 * rest are answered as skipped.
 */
import { allValues, run, type Db } from '../../kit/sql.js';
import { DomainError } from '../errors.js';
import { subscriptionLifecycle } from './lifecycle.js';
import { memberCounts, type SubscriptionRow } from './subscriptions.js';

import type { SeatTarget as Target } from '../../../core/domain/billing.js';
export type { Target };

export interface AssignResult {
  readonly assigned: number[];
  readonly skipped: number[];
}

function unknownIds(db: Db, sub: SubscriptionRow, target: Target, ids: readonly number[]): number[] {
  if (ids.length === 0) return [];
  const marks = ids.map(() => '?').join(',');
  const sql =
    target === 'group'
      ? `SELECT id FROM school_groups WHERE school_id = ? AND id IN (${marks})`
      : `SELECT id FROM users WHERE school_id = ? AND kind = '${target === 'user' ? 'pupil' : 'teacher'}' AND deleted_at IS NULL AND id IN (${marks})`;
  const found = new Set(allValues<number>(db, sql, sub.school_id, ...ids));
  return ids.filter((id) => !found.has(id));
}

function groupPupils(db: Db, groupIds: readonly number[]): number[] {
  if (groupIds.length === 0) return [];
  const marks = groupIds.map(() => '?').join(',');
  return allValues<number>(
    db,
    `SELECT DISTINCT user_id FROM group_pupils WHERE group_id IN (${marks}) ORDER BY user_id`,
    ...groupIds,
  );
}

function insertMembers(
  db: Db,
  sub: SubscriptionRow,
  target: Target,
  ids: readonly number[],
  limit: number | null,
  strict: boolean,
  now: Date,
): AssignResult {
  const existing = new Set(
    allValues<number>(
      db,
      'SELECT member_id FROM subscription_members WHERE subscription_id = ? AND target = ?',
      sub.id,
      target,
    ),
  );
  const fresh = [...new Set(ids)].filter((id) => !existing.has(id));
  const room = limit === null ? fresh.length : Math.max(0, limit - existing.size);
  if (strict && fresh.length > room) {
    const what = target === 'user' ? 'seats' : 'teacher seats';
    throw new DomainError(
      'conflict',
      `Subscription ${sub.id} has ${limit ?? 0} ${what} with ${existing.size} assigned; assigning ${fresh.length} more would exceed the limit`,
    );
  }
  const assigned = fresh.slice(0, room);
  for (const id of assigned)
    run(
      db,
      'INSERT INTO subscription_members (subscription_id, target, member_id, created_at) VALUES (?, ?, ?, ?)',
      sub.id,
      target,
      id,
      now.toISOString(),
    );
  return { assigned, skipped: fresh.slice(room) };
}

/**
 * Assigns members to a subscription's seats.
 *
 * @example
 * assign(db, sub, 'user', [12, 13], { strict: true, toUsers: false }, now)
 */
export function assign(
  db: Db,
  sub: SubscriptionRow,
  target: Target,
  ids: readonly number[],
  options: { strict: boolean; toUsers: boolean },
  now: Date,
): AssignResult {
  subscriptionLifecycle.check('assign', sub.id, sub.state);
  const unknown = unknownIds(db, sub, target, ids);
  if (unknown.length > 0) {
    const what = target === 'user' ? 'pupils' : target === 'teacher' ? 'teachers' : 'groups';
    throw new DomainError('invalid', `Not ${what} of school ${sub.school_id}: ${unknown.join(', ')}`, {
      errors: [{ path: target === 'group' ? 'group_ids' : 'user_ids', message: 'unknown ids' }],
    });
  }
  if (target === 'group') {
    const result = insertMembers(db, sub, 'group', ids, null, false, now);
    if (!options.toUsers) return result;
    const users = insertMembers(db, sub, 'user', groupPupils(db, ids), sub.seats, options.strict, now);
    return { assigned: result.assigned, skipped: users.skipped };
  }
  return insertMembers(db, sub, target, ids, target === 'user' ? sub.seats : sub.teacher_seats, options.strict, now);
}

/** Unassigns members (a group's pupils too, with toUsers). Returns the ids that were assigned. */
export function unassign(
  db: Db,
  sub: SubscriptionRow,
  target: Target,
  ids: readonly number[],
  toUsers: boolean,
): number[] {
  const remove = (kind: Target, id: number): number =>
    run(
      db,
      'DELETE FROM subscription_members WHERE subscription_id = ? AND target = ? AND member_id = ?',
      sub.id,
      kind,
      id,
    ).changes;
  const removed = ids.filter((id) => remove(target, id) > 0);
  if (target === 'group' && toUsers) for (const id of groupPupils(db, ids)) remove('user', id);
  return removed;
}

/** Checks a new seat count against the assignments it must still hold. */
export function checkSeats(db: Db, sub: SubscriptionRow, target: 'user' | 'teacher', seats: number): void {
  subscriptionLifecycle.check('changeSeats', sub.id, sub.state);
  const counts = memberCounts(db, sub.id);
  const used = target === 'user' ? counts.users : counts.teachers;
  if (seats < used) {
    const what = target === 'user' ? 'pupils' : 'teachers';
    throw new DomainError(
      'conflict',
      `Subscription ${sub.id} has ${used} ${what} assigned; unassign some before lowering the seats to ${seats}`,
    );
  }
}

/** The member ids of one target. */
export function memberIds(db: Db, subId: number, target: Target): number[] {
  return allValues<number>(
    db,
    'SELECT member_id FROM subscription_members WHERE subscription_id = ? AND target = ? ORDER BY member_id',
    subId,
    target,
  );
}
