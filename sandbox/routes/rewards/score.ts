/** Giving reward points (to pupils, a reward team, or the whole class), game earnings, history, and converting points to coins. */
import type { HandlerContext, HandlerResult, PartialHandlerMap, RouteHandler } from '../../kit/handler.js';
import { HttpError } from '../../kit/handler.js';
import { findReachable } from '../../kit/reach.js';
import { notFound, page, parseFields, parseIds } from '../../kit/input.js';
import { checkAll } from '../../kit/check-all.js';
import { findGroup } from '../../domain/schools/find.js';
import { groupPupils } from '../../domain/groups/groups.js';
import { jsonObject } from '../../kit/json-columns.js';
import type { GroupRow } from '../../domain/schools/rows.js';
import { all, one, placeholders, run } from '../../kit/sql.js';
import type { Row } from '../../db/rows.js';
import { reply } from '../../kit/reply.js';

/** Game score that earns one reward point. */
const SCORE_PER_POINT = 100;
/** Reward points per coin when converting. */
const POINTS_PER_COIN = 1;

type LogRow = Row<'reward_logs'>;

// The class a call is about: `schoolGroupId` (the spec's name, in the table for the history calls) or
// `group_id`. The spec names no fields for score, earnings and convert: these records are the sandbox's.
const GROUP_ID = { group_id: 'serial?' } as const;
const CLASS = { schoolGroupId: 'serial?', ...GROUP_ID } as const;
const SCORE = { ...CLASS, pupilId: 'serial?', rewardGroupId: 'serial?', feedbackId: 'serial?', points: { kind: 'int', min: -100, max: 100, optional: true } } as const;

/**
 * The pupils a score call names by id: `pupilIds` and `userIds` (each a list of ids, comma-joined, or one
 * id, as the kit's `parseIds` reads them) and `pupilId`, without repeats.
 */
function scoreInput(input: Readonly<Record<string, unknown>>) {
  const listed = (key: 'pupilIds' | 'userIds') => (input[key] === undefined ? [] : parseIds(input[key], key));
  const [fields, pupilIds, userIds] = checkAll(
    () => parseFields(SCORE, input),
    () => listed('pupilIds'),
    () => listed('userIds'),
  );
  const named = [pupilIds, userIds, fields.pupilId === undefined ? [] : [fields.pupilId]].flatMap((ids) => (ids === '*' ? [] : ids));
  return { ...fields, pupils: [...new Set(named)] };
}

function classFrom(ctx: HandlerContext, body: { readonly schoolGroupId?: number | undefined; readonly group_id?: number | undefined }): GroupRow {
  const id = body.schoolGroupId ?? body.group_id;
  if (id === undefined) throw new HttpError(422, 'Invalid data', 'schoolGroupId: name the class (school group)', { errors: [{ path: 'schoolGroupId', message: 'required' }] });
  return findGroup(ctx.db, ctx.user, id);
}

function pointsFrom(ctx: HandlerContext, group: GroupRow, body: { readonly feedbackId?: number | undefined; readonly points?: number | undefined }): { points: number; feedbackId: number | null } {
  if (body.feedbackId !== undefined) {
    const feedback = one<Pick<Row<'reward_feedback'>, 'id' | 'points'>>(ctx.db, 'SELECT id, points FROM reward_feedback WHERE id = ? AND group_id = ?', body.feedbackId, group.id);
    if (!feedback) throw notFound(`Feedback ${body.feedbackId} of group`, group.id);
    return { points: body.points ?? feedback.points, feedbackId: feedback.id };
  }
  if (body.points === undefined || body.points === 0) throw new HttpError(422, 'Invalid data', 'points: give a feedbackId or a non-zero number of points', { errors: [{ path: 'points', message: 'required without feedbackId' }] });
  return { points: body.points, feedbackId: null };
}

function insertLog(ctx: HandlerContext, group: GroupRow, log: { userId: number | null; teamId: number | null; feedbackId: number | null; points: number; source: string }): number {
  return Number(
    run(ctx.db, 'INSERT INTO reward_logs (school_id, group_id, user_id, reward_group_id, feedback_id, points, source, awarded_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)', group.school_id, group.id, log.userId, log.teamId, log.feedbackId, log.points, log.source, ctx.user?.id ?? null, ctx.now().toISOString())
      .lastInsertRowid,
  );
}

function logsByIds(ctx: HandlerContext, ids: readonly number[]): LogRow[] {
  return ids.length === 0 ? [] : all<LogRow>(ctx.db, `SELECT * FROM reward_logs WHERE id IN (${placeholders(ids.length)}) ORDER BY id`, ...ids);
}

function score(ctx: HandlerContext): HandlerResult {
  const body = scoreInput(ctx.input);
  const group = classFrom(ctx, body);
  const { points, feedbackId } = pointsFrom(ctx, group, body);
  const members = new Set(groupPupils(ctx.db, group.id).map((p) => p.id));
  let teamId: number | null = null;
  let targets = body.pupils;
  if (body.rewardGroupId !== undefined) {
    const team = one<Pick<Row<'reward_groups'>, 'id'>>(ctx.db, 'SELECT id FROM reward_groups WHERE id = ? AND group_id = ?', body.rewardGroupId, group.id);
    if (!team) throw notFound(`Reward group ${body.rewardGroupId} of group`, group.id);
    teamId = team.id;
    targets = [...new Set([...targets, ...all<Pick<Row<'reward_group_pupils'>, 'user_id'>>(ctx.db, 'SELECT user_id FROM reward_group_pupils WHERE reward_group_id = ?', team.id).map((r) => r.user_id)])];
  }
  if (targets.length === 0) throw new HttpError(422, 'Invalid data', 'pupilIds: name the pupils or a reward group (use score/anonymous for the whole class)', { errors: [{ path: 'pupilIds', message: 'required' }] });
  const outside = targets.filter((id) => !members.has(id));
  if (outside.length > 0) throw notFound(`Pupil ${outside.join(', ')} in group`, group.id);
  const ids = targets.map((userId) => insertLog(ctx, group, { userId, teamId, feedbackId, points, source: 'teacher' }));
  ctx.countWrite();
  return reply(ctx, 'logs', logsByIds(ctx, ids), {}, 201);
}

function earnings(ctx: HandlerContext): HandlerResult {
  const group = classFrom(ctx, parseFields(CLASS, ctx.input));
  const awarded: { user_id: number; points: number }[] = [];
  for (const pupil of groupPupils(ctx.db, group.id)) {
    const last = one<{ at: string | null }>(ctx.db, "SELECT MAX(created_at) AS at FROM reward_logs WHERE user_id = ? AND source = 'earnings'", pupil.id)?.at ?? '';
    const earned = one<{ n: number | null }>(ctx.db, 'SELECT SUM(score) AS n FROM game_sessions WHERE user_id = ? AND created_at > ?', pupil.id, last)?.n ?? 0;
    const points = Math.floor(earned / SCORE_PER_POINT);
    if (points > 0) {
      insertLog(ctx, group, { userId: pupil.id, teamId: null, feedbackId: null, points, source: 'earnings' });
      awarded.push({ user_id: pupil.id, points });
    }
  }
  if (awarded.length > 0) ctx.countWrite();
  return reply(ctx, 'awarded', awarded, { total: awarded.reduce((sum, a) => sum + a.points, 0) });
}

const history: RouteHandler<'GET rewards/history'> = (ctx) => {
  const { skip, take } = page(ctx);
  const { logId, schoolGroupId, group_id, userId } = ctx.input;
  const group = classFrom(ctx, { schoolGroupId, group_id });
  const filters = [
    { sql: ' AND user_id = ?', value: userId },
    { sql: ' AND id = ?', value: logId },
  ].filter((f): f is { sql: string; value: number } => f.value !== undefined);
  const where = `group_id = ?${filters.map((f) => f.sql).join('')}`;
  const params = [group.id, ...filters.map((f) => f.value)];
  const total = one<{ n: number }>(ctx.db, `SELECT COUNT(*) AS n FROM reward_logs WHERE ${where}`, ...params)?.n ?? 0;
  const logs = all<LogRow>(ctx.db, `SELECT * FROM reward_logs WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`, ...params, take, skip);
  const totals = all<Pick<Row<'reward_logs'>, 'user_id'> & { points: number }>(ctx.db, 'SELECT user_id, SUM(points) AS points FROM reward_logs WHERE group_id = ? GROUP BY user_id ORDER BY user_id', group.id);
  return reply(ctx, 'history', logs, { total, totals });
};

const removeHistory: RouteHandler<'DELETE rewards/history'> = (ctx) => {
  const { logId, schoolGroupId, group_id } = ctx.input;
  let logs: LogRow[];
  if (logId !== undefined) {
    logs = [findReachable<LogRow>(ctx.db, ctx.user, 'Reward log', 'SELECT * FROM reward_logs WHERE id = ?', logId)];
  } else {
    logs = all<LogRow>(ctx.db, 'SELECT * FROM reward_logs WHERE group_id = ?', classFrom(ctx, { schoolGroupId, group_id }).id);
  }
  const converted = logs.find((l) => l.converted_at !== null);
  if (converted) throw new HttpError(409, 'Conflict', `Reward log ${converted.id} was converted to coins on ${converted.converted_at}; converted points cannot be removed`);
  for (const log of logs) run(ctx.db, 'DELETE FROM reward_logs WHERE id = ?', log.id);
  ctx.countWrite();
  return reply(ctx, 'deleted', logs.length);
};

function convert(ctx: HandlerContext): HandlerResult {
  const group = classFrom(ctx, parseFields(CLASS, ctx.input));
  const now = ctx.now().toISOString();
  const rows = all<{ user_id: number; points: number }>(ctx.db, 'SELECT user_id, SUM(points) AS points FROM reward_logs WHERE group_id = ? AND user_id IS NOT NULL AND converted_at IS NULL GROUP BY user_id', group.id);
  const converted: { user_id: number; points: number; coins: number }[] = [];
  for (const row of rows) {
    const coins = Math.floor(row.points / POINTS_PER_COIN);
    if (coins <= 0) continue;
    const user = one<Pick<Row<'users'>, 'data'>>(ctx.db, 'SELECT data FROM users WHERE id = ?', row.user_id);
    const data = jsonObject(user?.data);
    const before = typeof data['coins'] === 'number' ? data['coins'] : 0;
    run(ctx.db, 'UPDATE users SET data = ? WHERE id = ?', JSON.stringify({ ...data, coins: before + coins }), row.user_id);
    run(ctx.db, 'UPDATE reward_logs SET converted_at = ? WHERE group_id = ? AND user_id = ? AND converted_at IS NULL', now, group.id, row.user_id);
    converted.push({ user_id: row.user_id, points: row.points, coins });
  }
  if (converted.length > 0) ctx.countWrite();
  return reply(ctx, 'converted', converted, { total_coins: converted.reduce((sum, c) => sum + c.coins, 0) });
}

export const rewardScoreHandlers = {
  'POST rewards/score': score,
  'POST rewards/score/anonymous': (ctx) => {
    const body = scoreInput(ctx.input);
    const group = classFrom(ctx, body);
    const { points, feedbackId } = pointsFrom(ctx, group, body);
    const id = insertLog(ctx, group, { userId: null, teamId: null, feedbackId, points, source: 'anonymous' });
    ctx.countWrite();
    return reply(ctx, 'logs', logsByIds(ctx, [id]), {}, 201);
  },
  'POST rewards/earnings/score': earnings,
  'GET rewards/history': history,
  'DELETE rewards/history': removeHistory,
  'PUT rewards/convert': convert,
} satisfies PartialHandlerMap;
