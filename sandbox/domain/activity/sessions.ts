import type { Db } from '../../kit/sql.js';
import { jsonObject } from '../../kit/json-columns.js';
import type { SessionRow } from '../schools/rows.js';
import { all, placeholders } from '../../kit/sql.js';
import type { GameSession } from '../../../core/shapes/types.js';
import { fieldsOf, shapeValue, type RowShape } from '../../db/fast/shape.js';

/** Most sessions one history or report call returns (newest first). */
export const SESSION_LIMIT = 500;

const { column: c, json } = fieldsOf<SessionRow>();

/** The session without its school, with its accuracy (percent correct, one decimal; null before any answer). */
const SESSION_SHAPE: RowShape<SessionRow, GameSession> = {
  id: c('id'),
  user_id: c('user_id'),
  game: c('game'),
  mode: c('mode'),
  list_ident: c('list_ident'),
  homework_id: c('homework_id'),
  stage: c('stage'),
  score: c('score'),
  correct: c('correct'),
  incorrect: c('incorrect'),
  accuracy: {
    value: (row) => {
      const answered = row.correct + row.incorrect;
      return answered === 0 ? null : Math.round((row.correct / answered) * 1000) / 10;
    },
  },
  details: json('details'),
  created_at: c('created_at'),
};

/**
 * A game session as the history and report calls return it.
 *
 * @example
 * serializeGameSession(row) // { id, game: 'spelling', accuracy: 80, details: {...}, ... }
 */
export function serializeGameSession(row: SessionRow): GameSession {
  return shapeValue(SESSION_SHAPE, row);
}

/** Which sessions to read: the players, the games, and optional narrowing. */
export interface SessionFilter {
  readonly userIds: readonly number[];
  readonly games: readonly string[];
  readonly mode?: string;
  readonly listIdent?: string;
  readonly homeworkId?: number;
  readonly since?: string;
}

/**
 * Sessions of some users in some games, newest first, at most SESSION_LIMIT.
 *
 * @example
 * findSessions(db, { userIds: [4], games: ['spelling'] })
 */
export function findSessions(db: Db, filter: SessionFilter, limit = SESSION_LIMIT): SessionRow[] {
  if (filter.userIds.length === 0 || filter.games.length === 0) return [];
  const where = [
    `user_id IN (${placeholders(filter.userIds.length)})`,
    `game IN (${placeholders(filter.games.length)})`,
  ];
  const params: unknown[] = [...filter.userIds, ...filter.games];
  if (filter.mode !== undefined) {
    where.push('mode = ?');
    params.push(filter.mode);
  }
  if (filter.listIdent !== undefined) {
    where.push('list_ident = ?');
    params.push(filter.listIdent);
  }
  if (filter.homeworkId !== undefined) {
    where.push('homework_id = ?');
    params.push(filter.homeworkId);
  }
  if (filter.since !== undefined) {
    where.push('created_at >= ?');
    params.push(filter.since);
  }
  return all<SessionRow>(
    db,
    `SELECT * FROM game_sessions WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
    ...params,
  );
}

/**
 * Totals over some sessions: plays, score, answers and accuracy (percent, one decimal).
 *
 * @example
 * summarise(rows) // { plays: 3, score: 240, correct: 24, incorrect: 6, accuracy: 80 }
 */
export function summarise(rows: readonly SessionRow[]): {
  plays: number;
  score: number;
  correct: number;
  incorrect: number;
  accuracy: number | null;
} {
  let score = 0;
  let correct = 0;
  let incorrect = 0;
  for (const row of rows) {
    score += row.score;
    correct += row.correct;
    incorrect += row.incorrect;
  }
  const answered = correct + incorrect;
  return {
    plays: rows.length,
    score,
    correct,
    incorrect,
    accuracy: answered === 0 ? null : Math.round((correct / answered) * 1000) / 10,
  };
}

/**
 * Groups rows by a key and summarises each group, keys in first-seen order.
 *
 * @example
 * summariseBy(rows, (r) => r.created_at.slice(0, 7)) // [{ key: '2026-08', plays: 3, ... }]
 */
export function summariseBy(
  rows: readonly SessionRow[],
  keyOf: (row: SessionRow) => string | null,
): ({ key: string } & ReturnType<typeof summarise>)[] {
  const groups = new Map<string, SessionRow[]>();
  for (const row of rows) {
    const key = keyOf(row);
    if (key === null) continue;
    const list = groups.get(key) ?? [];
    list.push(row);
    groups.set(key, list);
  }
  return [...groups].map(([key, list]) => ({ key, ...summarise(list) }));
}

/**
 * The times table a maths session practised (details.table), if any.
 *
 * @example
 * tableOf(mtcSession) // '7'
 */
export function tableOf(row: SessionRow): string | null {
  const table = jsonObject(row.details)['table'];
  return typeof table === 'number' ? String(table) : null;
}
