/**
 * Class rewards. The `{id}` of `GET` and `POST rewards/feedback/{id}` and `rewards/groups/{id}` is the school
 * group (class); `PUT`/`DELETE rewards/feedback/{id}` address a feedback kind, and `DELETE rewards/groups/{id}`,
 * `.../pupils` and `.../name` a reward team. Teams of a class do not overlap: adding a pupil to one takes
 * them out of the others. Points are logged (reward_logs); converting turns a pupil's unconverted points
 * into coins, after which those logs can no longer be removed. Scoring and history are in rewards-score.ts.
 */
import type { HandlerContext, HandlerResult, PartialHandlerMap } from '../kit/handler.js';
import { HttpError } from '../kit/handler.js';
import { findReachable } from '../kit/reach.js';
import { invalid, notFound, pathId, toId } from '../kit/input.js';
import { findGroup, findPupil } from '../domain/schools/find.js';
import { groupPupils } from '../domain/groups/groups.js';
import type { GroupRow } from '../domain/schools/rows.js';
import { all, one, run } from '../kit/sql.js';
import { rewardScoreHandlers } from './rewards/score.js';
import { defineRoutes } from './areas.js';
import type { RewardGroup } from '../../core/shapes/types.js';
import type { Row } from '../db/rows.js';
import { reply } from '../kit/reply.js';

type FeedbackRow = Row<'reward_feedback'>;

type TeamRow = Row<'reward_groups'>;

/** The table gives points a range of -10..10; 0 is no feedback at all. */
function nonZero<T extends { readonly points?: number }>(fields: T): T {
  if (fields.points === 0) throw invalid('points', 'points cannot be 0');
  return fields;
}

function classOf(ctx: HandlerContext): GroupRow {
  return findGroup(ctx.db, ctx.user, pathId(ctx, 'Group'));
}

function findFeedback(ctx: HandlerContext): FeedbackRow {
  const id = pathId(ctx, 'Feedback');
  return findReachable<FeedbackRow>(ctx.db, ctx.user, 'Feedback', 'SELECT * FROM reward_feedback WHERE id = ?', id);
}

function findTeam(ctx: HandlerContext): TeamRow {
  const id = pathId(ctx, 'Reward group');
  return findReachable<TeamRow>(ctx.db, ctx.user, 'Reward group', 'SELECT * FROM reward_groups WHERE id = ?', id);
}

function serializeTeam(ctx: HandlerContext, row: TeamRow): RewardGroup {
  const pupilIds = all<Pick<Row<'reward_group_pupils'>, 'user_id'>>(ctx.db, 'SELECT user_id FROM reward_group_pupils WHERE reward_group_id = ? ORDER BY user_id', row.id).map((r) => r.user_id);
  const points = one<{ n: number | null }>(
    ctx.db,
    'SELECT SUM(points) AS n FROM reward_logs WHERE group_id = ? AND (reward_group_id = ? OR user_id IN (SELECT user_id FROM reward_group_pupils WHERE reward_group_id = ?))',
    row.group_id,
    row.id,
    row.id,
  );
  return { id: row.id, school_group_id: row.group_id, name: row.name, pupil_ids: pupilIds, points: points?.n ?? 0, created_at: row.created_at };
}

function assertFreeTeamName(ctx: HandlerContext, groupId: number, name: string, exceptId: number | null): void {
  const clash = one<Pick<Row<'reward_groups'>, 'id'>>(ctx.db, 'SELECT id FROM reward_groups WHERE group_id = ? AND lower(name) = lower(?) AND id IS NOT ?', groupId, name, exceptId);
  if (clash) throw new HttpError(409, 'Conflict', `Reward group ${clash.id} of this class is already named ${name}`);
}

function addToTeam(ctx: HandlerContext): HandlerResult {
  const team = findTeam(ctx);
  const pupil = findPupil(ctx.db, ctx.user, toId(ctx.input['pupilId'], 'Pupil'), team.school_id);
  if (!groupPupils(ctx.db, team.group_id).some((p) => p.id === pupil.id)) {
    throw new HttpError(409, 'Conflict', `Pupil ${pupil.id} is not in group ${team.group_id}; add them to the class first`);
  }
  run(ctx.db, 'DELETE FROM reward_group_pupils WHERE user_id = ? AND reward_group_id IN (SELECT id FROM reward_groups WHERE group_id = ? AND id <> ?)', pupil.id, team.group_id, team.id);
  run(ctx.db, 'INSERT OR IGNORE INTO reward_group_pupils (reward_group_id, user_id) VALUES (?, ?)', team.id, pupil.id);
  ctx.countWrite();
  return reply(ctx, 'group', serializeTeam(ctx, team));
}

const feedbackAndTeamHandlers = {
  'GET rewards/feedback/{id}': (ctx) => {
    const group = classOf(ctx);
    const feedback = all<FeedbackRow>(ctx.db, 'SELECT * FROM reward_feedback WHERE group_id = ? ORDER BY points DESC, id', group.id);
    return reply(ctx, 'feedback', feedback, { total: feedback.length });
  },
  'POST rewards/feedback/{id}': (ctx) => {
    const group = classOf(ctx);
    const fields = nonZero(ctx.input);
    const now = ctx.now().toISOString();
    const id = Number(run(ctx.db, 'INSERT INTO reward_feedback (school_id, group_id, name, points, icon, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)', group.school_id, group.id, fields.name, fields.points, fields.icon ?? null, now, now).lastInsertRowid);
    ctx.countWrite();
    return reply(ctx, 'feedback', one<FeedbackRow>(ctx.db, 'SELECT * FROM reward_feedback WHERE id = ?', id), {}, 201);
  },
  'PUT rewards/feedback/{id}': (ctx) => {
    const row = findFeedback(ctx);
    const fields = nonZero(ctx.input);
    run(ctx.db, 'UPDATE reward_feedback SET name = ?, points = ?, icon = ?, updated_at = ? WHERE id = ?', fields.name ?? row.name, fields.points ?? row.points, fields.icon === undefined ? row.icon : fields.icon, ctx.now().toISOString(), row.id);
    ctx.countWrite();
    return reply(ctx, 'feedback', one<FeedbackRow>(ctx.db, 'SELECT * FROM reward_feedback WHERE id = ?', row.id));
  },
  'DELETE rewards/feedback/{id}': (ctx) => {
    const row = findFeedback(ctx);
    run(ctx.db, 'DELETE FROM reward_feedback WHERE id = ?', row.id);
    ctx.countWrite();
    return reply(ctx, 'deleted', true, { id: row.id });
  },
  'GET rewards/groups/{id}': (ctx) => {
    const group = classOf(ctx);
    const groups = all<TeamRow>(ctx.db, 'SELECT * FROM reward_groups WHERE group_id = ? ORDER BY name, id', group.id).map((t) => serializeTeam(ctx, t));
    return reply(ctx, 'groups', groups, { total: groups.length });
  },
  'POST rewards/groups/{id}': (ctx) => {
    const group = classOf(ctx);
    const { input } = ctx;
    const name = input.groupName ?? input.name;
    if (name === undefined) throw new HttpError(422, 'Invalid data', 'groupName: a reward group needs a name', { errors: [{ path: 'groupName', message: 'required' }] });
    assertFreeTeamName(ctx, group.id, name, null);
    const id = Number(run(ctx.db, 'INSERT INTO reward_groups (school_id, group_id, name, created_at) VALUES (?, ?, ?, ?)', group.school_id, group.id, name, ctx.now().toISOString()).lastInsertRowid);
    ctx.countWrite();
    return reply(ctx, 'group', serializeTeam(ctx, one<TeamRow>(ctx.db, 'SELECT * FROM reward_groups WHERE id = ?', id) as TeamRow), {}, 201);
  },
  'DELETE rewards/groups/{id}': (ctx) => {
    const team = findTeam(ctx);
    run(ctx.db, 'DELETE FROM reward_groups WHERE id = ?', team.id);
    ctx.countWrite();
    return reply(ctx, 'deleted', true, { id: team.id });
  },
  'POST rewards/groups/{id}/pupils': addToTeam,
  'DELETE rewards/groups/{id}/pupils': (ctx) => {
    const team = findTeam(ctx);
    const pupilId = toId(ctx.input['pupilId'], 'Pupil');
    if (run(ctx.db, 'DELETE FROM reward_group_pupils WHERE reward_group_id = ? AND user_id = ?', team.id, pupilId).changes === 0) throw notFound(`Pupil ${pupilId} in reward group`, team.id);
    ctx.countWrite();
    return reply(ctx, 'group', serializeTeam(ctx, team));
  },
  'PUT rewards/groups/{id}/name': (ctx) => {
    const team = findTeam(ctx);
    const name = ctx.input.groupName;
    assertFreeTeamName(ctx, team.group_id, name, team.id);
    run(ctx.db, 'UPDATE reward_groups SET name = ? WHERE id = ?', name, team.id);
    ctx.countWrite();
    return reply(ctx, 'group', serializeTeam(ctx, { ...team, name }));
  },
} satisfies PartialHandlerMap;

export const rewardsHandlers = defineRoutes('rewards', { ...feedbackAndTeamHandlers, ...rewardScoreHandlers });
