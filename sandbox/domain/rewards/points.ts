/**
 * Reward points: given by a teacher (to pupils, a reward team, or the whole class), earned from game
 * scores, read back as history, removed, and converted to coins (after which they cannot be removed).
 */
import type { DomainContext } from '../context.js';
import { DomainError, invalidFields, notFound } from '../errors.js';
import { findGroup } from '../schools/find.js';
import { groupPupils } from '../groups/groups.js';
import { findReachable, findRow } from '../../kit/reach.js';
import { jsonObject } from '../../kit/json-columns.js';
import type { GroupRow } from '../schools/rows.js';
import { all, one, placeholders, run } from '../../kit/sql.js';
import type { Row } from '../../db/rows.js';

/** Game score that earns one reward point. */
const SCORE_PER_POINT = 100;
/** Reward points per coin when converting. */
const POINTS_PER_COIN = 1;

export type LogRow = Row<'reward_logs'>;

/** How a call names the class: `schoolGroupId` (the spec's name) or `group_id`. */
export interface ClassRef {
  readonly schoolGroupId?: number | undefined;
  readonly group_id?: number | undefined;
}

/** What a score gives: a feedback kind of the class (its points unless `points` is given) or a number of points. */
export interface PointsRef {
  readonly feedbackId?: number | undefined;
  readonly points?: number | undefined;
}

/**
 * The class a call names (422 when it names none), of a school the caller reaches.
 *
 * @example
 * classFrom(ctx, { schoolGroupId: 4 }).id // 4
 */
export function classFrom(ctx: DomainContext, body: ClassRef): GroupRow {
  const id = body.schoolGroupId ?? body.group_id;
  if (id === undefined)
    throw invalidFields(
      [{ path: 'schoolGroupId', message: 'required' }],
      'schoolGroupId: name the class (school group)',
    );
  return findGroup(ctx.db, ctx.user, id);
}

function pointsFrom(
  ctx: DomainContext,
  group: GroupRow,
  body: PointsRef,
): { points: number; feedbackId: number | null } {
  if (body.feedbackId !== undefined) {
    const missing = (): DomainError => notFound(`Feedback ${body.feedbackId} of group`, group.id);
    const feedback = findRow<Pick<Row<'reward_feedback'>, 'id' | 'points'>>(
      ctx.db,
      missing,
      'SELECT id, points FROM reward_feedback WHERE id = ? AND group_id = ?',
      body.feedbackId,
      group.id,
    );
    return { points: body.points ?? feedback.points, feedbackId: feedback.id };
  }
  if (body.points === undefined || body.points === 0)
    throw invalidFields(
      [{ path: 'points', message: 'required without feedbackId' }],
      'points: give a feedbackId or a non-zero number of points',
    );
  return { points: body.points, feedbackId: null };
}

function insertLog(
  ctx: DomainContext,
  group: GroupRow,
  log: { userId: number | null; teamId: number | null; feedbackId: number | null; points: number; source: string },
): number {
  return Number(
    run(
      ctx.db,
      'INSERT INTO reward_logs (school_id, group_id, user_id, reward_group_id, feedback_id, points, source, awarded_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      group.school_id,
      group.id,
      log.userId,
      log.teamId,
      log.feedbackId,
      log.points,
      log.source,
      ctx.user?.id ?? null,
      ctx.now().toISOString(),
    ).lastInsertRowid,
  );
}

function logsByIds(ctx: DomainContext, ids: readonly number[]): LogRow[] {
  return ids.length === 0
    ? []
    : all<LogRow>(ctx.db, `SELECT * FROM reward_logs WHERE id IN (${placeholders(ids.length)}) ORDER BY id`, ...ids);
}

/** A score call: the class, what it gives, and the pupils and reward team it names. */
export interface Score extends ClassRef, PointsRef {
  readonly pupils: readonly number[];
  readonly rewardGroupId?: number | undefined;
}

/**
 * Logs points for each pupil named and each of the named team (all pupils of the class: 404 otherwise,
 * 422 for none); returns the logs.
 *
 * @example
 * awardPoints(ctx, { schoolGroupId: 4, pupils: [12], points: 2 }).length // 1
 */
export function awardPoints(ctx: DomainContext, body: Score): LogRow[] {
  const group = classFrom(ctx, body);
  const { points, feedbackId } = pointsFrom(ctx, group, body);
  const members = new Set(groupPupils(ctx.db, group.id).map((p) => p.id));
  let teamId: number | null = null;
  let targets = [...body.pupils];
  if (body.rewardGroupId !== undefined) {
    const missing = (): DomainError => notFound(`Reward group ${body.rewardGroupId} of group`, group.id);
    const team = findRow<Pick<Row<'reward_groups'>, 'id'>>(
      ctx.db,
      missing,
      'SELECT id FROM reward_groups WHERE id = ? AND group_id = ?',
      body.rewardGroupId,
      group.id,
    );
    teamId = team.id;
    targets = [
      ...new Set([
        ...targets,
        ...all<Pick<Row<'reward_group_pupils'>, 'user_id'>>(
          ctx.db,
          'SELECT user_id FROM reward_group_pupils WHERE reward_group_id = ?',
          team.id,
        ).map((r) => r.user_id),
      ]),
    ];
  }
  if (targets.length === 0)
    throw invalidFields(
      [{ path: 'pupilIds', message: 'required' }],
      'pupilIds: name the pupils or a reward group (use score/anonymous for the whole class)',
    );
  const outside = targets.filter((id) => !members.has(id));
  if (outside.length > 0) throw notFound(`Pupil ${outside.join(', ')} in group`, group.id);
  const ids = targets.map((userId) => insertLog(ctx, group, { userId, teamId, feedbackId, points, source: 'teacher' }));
  return logsByIds(ctx, ids);
}

/**
 * Logs points for the whole class, no pupil named; returns the log.
 *
 * @example
 * awardClass(ctx, { schoolGroupId: 4, points: 1 })
 */
export function awardClass(ctx: DomainContext, body: ClassRef & PointsRef): LogRow[] {
  const group = classFrom(ctx, body);
  const { points, feedbackId } = pointsFrom(ctx, group, body);
  return logsByIds(ctx, [
    insertLog(ctx, group, { userId: null, teamId: null, feedbackId, points, source: 'anonymous' }),
  ]);
}

/**
 * Gives each pupil of the class a point per SCORE_PER_POINT of game score since their last earnings;
 * returns who got how many.
 *
 * @example
 * awardEarnings(ctx, group) // [{ user_id: 12, points: 3 }]
 */
export function awardEarnings(ctx: DomainContext, group: GroupRow): { user_id: number; points: number }[] {
  const awarded: { user_id: number; points: number }[] = [];
  for (const pupil of groupPupils(ctx.db, group.id)) {
    const last =
      one<{ at: string | null }>(
        ctx.db,
        "SELECT MAX(created_at) AS at FROM reward_logs WHERE user_id = ? AND source = 'earnings'",
        pupil.id,
      )?.at ?? '';
    const earned =
      one<{ n: number | null }>(
        ctx.db,
        'SELECT SUM(score) AS n FROM game_sessions WHERE user_id = ? AND created_at > ?',
        pupil.id,
        last,
      )?.n ?? 0;
    const points = Math.floor(earned / SCORE_PER_POINT);
    if (points > 0) {
      insertLog(ctx, group, { userId: pupil.id, teamId: null, feedbackId: null, points, source: 'earnings' });
      awarded.push({ user_id: pupil.id, points });
    }
  }
  return awarded;
}

/**
 * A page of the class's reward logs, newest first (of one pupil, or one log, if named), their count, and
 * every pupil's total.
 *
 * @example
 * rewardHistory(db, group, { userId: 12 }, { skip: 0, take: 50 }).total
 */
export function rewardHistory(
  ctx: DomainContext,
  group: GroupRow,
  filter: { readonly userId?: number | undefined; readonly logId?: number | undefined },
  page: { readonly skip: number; readonly take: number },
): { logs: LogRow[]; total: number; totals: (Pick<Row<'reward_logs'>, 'user_id'> & { points: number })[] } {
  const filters = [
    { sql: ' AND user_id = ?', value: filter.userId },
    { sql: ' AND id = ?', value: filter.logId },
  ].filter((f): f is { sql: string; value: number } => f.value !== undefined);
  const where = `group_id = ?${filters.map((f) => f.sql).join('')}`;
  const params = [group.id, ...filters.map((f) => f.value)];
  const total = one<{ n: number }>(ctx.db, `SELECT COUNT(*) AS n FROM reward_logs WHERE ${where}`, ...params)?.n ?? 0;
  const logs = all<LogRow>(
    ctx.db,
    `SELECT * FROM reward_logs WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
    ...params,
    page.take,
    page.skip,
  );
  const totals = all<Pick<Row<'reward_logs'>, 'user_id'> & { points: number }>(
    ctx.db,
    'SELECT user_id, SUM(points) AS points FROM reward_logs WHERE group_id = ? GROUP BY user_id ORDER BY user_id',
    group.id,
  );
  return { logs, total, totals };
}

/**
 * Removes one reward log, or every log of the named class (409 when any was converted to coins); returns
 * how many.
 *
 * @example
 * removeRewardLogs(ctx, { logId: 31 }) // 1
 */
export function removeRewardLogs(ctx: DomainContext, ref: ClassRef & { readonly logId?: number | undefined }): number {
  const logs =
    ref.logId !== undefined
      ? [findReachable<LogRow>(ctx.db, ctx.user, 'Reward log', 'SELECT * FROM reward_logs WHERE id = ?', ref.logId)]
      : all<LogRow>(ctx.db, 'SELECT * FROM reward_logs WHERE group_id = ?', classFrom(ctx, ref).id);
  const converted = logs.find((l) => l.converted_at !== null);
  if (converted)
    throw new DomainError(
      'conflict',
      `Reward log ${converted.id} was converted to coins on ${converted.converted_at}; converted points cannot be removed`,
    );
  for (const log of logs) run(ctx.db, 'DELETE FROM reward_logs WHERE id = ?', log.id);
  return logs.length;
}

/**
 * Turns each pupil's unconverted points in the class into coins (kept in the user's data); returns who
 * got how many.
 *
 * @example
 * convertToCoins(ctx, group) // [{ user_id: 12, points: 5, coins: 5 }]
 */
export function convertToCoins(
  ctx: DomainContext,
  group: GroupRow,
): { user_id: number; points: number; coins: number }[] {
  const now = ctx.now().toISOString();
  const rows = all<{ user_id: number; points: number }>(
    ctx.db,
    'SELECT user_id, SUM(points) AS points FROM reward_logs WHERE group_id = ? AND user_id IS NOT NULL AND converted_at IS NULL GROUP BY user_id',
    group.id,
  );
  const converted: { user_id: number; points: number; coins: number }[] = [];
  for (const row of rows) {
    const coins = Math.floor(row.points / POINTS_PER_COIN);
    if (coins <= 0) continue;
    const user = one<Pick<Row<'users'>, 'data'>>(ctx.db, 'SELECT data FROM users WHERE id = ?', row.user_id);
    const data = jsonObject(user?.data);
    const before = typeof data['coins'] === 'number' ? data['coins'] : 0;
    run(
      ctx.db,
      'UPDATE users SET data = ? WHERE id = ?',
      JSON.stringify({ ...data, coins: before + coins }),
      row.user_id,
    );
    run(
      ctx.db,
      'UPDATE reward_logs SET converted_at = ? WHERE group_id = ? AND user_id = ? AND converted_at IS NULL',
      now,
      group.id,
      row.user_id,
    );
    converted.push({ user_id: row.user_id, points: row.points, coins });
  }
  return converted;
}
