/** A user's cached scores (recomputed from their game sessions on a superuser's asking) and their session summary. */
import { jsonObject } from '../../kit/json-columns.js';
import { findRow } from '../../kit/reach.js';
import { all, one, run, type Db } from '../../kit/sql.js';
import type { Row } from '../../db/rows.js';

/** Which cached score a recache recomputes: all-time total, per game (shed), or per year (archive). */
export type ScoreKind = 'archive' | 'total' | 'shed';

const SCORE_SQL: Readonly<Record<ScoreKind, string>> = {
  total: 'SELECT COALESCE(SUM(score), 0) AS total, COUNT(*) AS plays FROM game_sessions WHERE user_id = ?',
  shed: 'SELECT game, SUM(score) AS score, COUNT(*) AS plays FROM game_sessions WHERE user_id = ? GROUP BY game ORDER BY game',
  archive:
    "SELECT strftime('%Y', created_at) AS year, SUM(score) AS score, COUNT(*) AS plays FROM game_sessions WHERE user_id = ? GROUP BY year ORDER BY year",
};

/**
 * Recomputes score `kind` of user `userId` from their game sessions, stores it in the user's data with the
 * time, and returns the user's scores; 404 for a missing or deleted user.
 *
 * @example
 * recacheScores(db, 12, 'total', now); // { total: { total: 340, plays: 9 }, total_recached_at: '...' }
 */
export function recacheScores(db: Db, userId: number, kind: ScoreKind, now: Date): Record<string, unknown> {
  const user = findRow<Pick<Row<'users'>, 'id' | 'data'>>(
    db,
    'User',
    'SELECT id, data FROM users WHERE id = ? AND deleted_at IS NULL',
    userId,
  );
  const value = kind === 'total' ? one(db, SCORE_SQL[kind], userId) : all(db, SCORE_SQL[kind], userId);
  const data = jsonObject(user.data);
  const scores = {
    ...jsonObject(JSON.stringify(data.scores ?? {})),
    [kind]: value,
    [`${kind}_recached_at`]: now.toISOString(),
  };
  run(db, 'UPDATE users SET data = ? WHERE id = ?', JSON.stringify({ ...data, scores }), userId);
  return scores;
}

/**
 * User `userId`'s sign-in sessions as of `now`: how many are live, the last sign-in, the latest expiry and
 * who imitated them; 404 for a missing user.
 *
 * @example
 * userSession(db, 12, now); // { user_id: 12, username: 'ann', active: 1, last_sign_in: '...', ... }
 */
export function userSession(db: Db, userId: number, now: Date): Record<string, unknown> {
  const user = findRow<Pick<Row<'users'>, 'id' | 'username'>>(
    db,
    'User',
    'SELECT id, username FROM users WHERE id = ?',
    userId,
  );
  const session = one<Record<string, unknown>>(
    db,
    'SELECT COUNT(*) AS active, MAX(created_at) AS last_sign_in, MAX(expires_at) AS expires_at, MAX(imitator_id) AS imitated_by FROM tokens WHERE user_id = ? AND expires_at > ?',
    userId,
    now.toISOString(),
  );
  return { user_id: user.id, username: user.username, ...session };
}
