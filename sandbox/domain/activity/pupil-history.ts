/** A pupil's own game sessions: one session of a game, deleting one, and the subscriptions that reach them. */
import type { SessionRow, UserRow } from '../schools/rows.js';
import { findRow } from '../../kit/reach.js';
import { all, run, type Db } from '../../kit/sql.js';
import { notFound } from '../errors.js';

/**
 * The pupil's session `sessionId` of one of `games`, or 404.
 *
 * @example
 * pupilSession(db, pupil, 31, ['squirrelscurry']).game // 'squirrelscurry'
 */
export function pupilSession(db: Db, pupil: UserRow, sessionId: number, games: readonly string[]): SessionRow {
  const session = findRow<SessionRow>(
    db,
    'Session',
    'SELECT * FROM game_sessions WHERE id = ? AND user_id = ?',
    sessionId,
    pupil.id,
  );
  if (!games.includes(session.game)) throw notFound('Session', sessionId);
  return session;
}

/**
 * Deletes one session of the pupil's.
 *
 * @example
 * deleteSession(db, session);
 */
export function deleteSession(db: Db, session: SessionRow): void {
  run(db, 'DELETE FROM game_sessions WHERE id = ?', session.id);
}

/** A subscription that reaches a pupil, and how: `user` for them, `group` for one of their groups. */
export interface PupilSubscription {
  readonly id: number;
  readonly product_id: number;
  readonly kind: string;
  readonly state: string;
  readonly start_date: string;
  readonly expiry: string | null;
  readonly via: string;
}

/**
 * The subscriptions of the pupil's school that name the pupil or one of their groups, each once.
 *
 * @example
 * pupilSubscriptions(db, pupil).map((s) => s.via) // ['group']
 */
export function pupilSubscriptions(db: Db, pupil: UserRow): PupilSubscription[] {
  const rows = all<PupilSubscription>(
    db,
    `SELECT s.id, s.product_id, s.kind, s.state, s.start_date, s.expiry, m.target AS via
     FROM subscriptions s JOIN subscription_members m ON m.subscription_id = s.id
     WHERE s.deleted_at IS NULL AND s.school_id = ? AND (
       (m.target = 'user' AND m.member_id = ?) OR
       (m.target = 'group' AND m.member_id IN (SELECT group_id FROM group_pupils WHERE user_id = ?)))
     ORDER BY s.id`,
    pupil.school_id,
    pupil.id,
    pupil.id,
  );
  const seen = new Set<number>();
  return rows.filter((r) => !seen.has(r.id) && seen.add(r.id));
}
