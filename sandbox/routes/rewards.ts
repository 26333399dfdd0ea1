/**
 * Class rewards. The `{id}` of `GET` and `POST rewards/feedback/{id}` and `rewards/groups/{id}` is the school
 * group (class); `PUT`/`DELETE rewards/feedback/{id}` address a feedback kind, and `DELETE rewards/groups/{id}`,
 * `.../pupils` and `.../name` a reward team. Teams of a class do not overlap: adding a pupil to one takes
 * them out of the others. Points are logged (reward_logs); converting turns a pupil's unconverted points
 * into coins, after which those logs can no longer be removed. Scoring and history are in rewards/score.ts;
 * the rules are in domain/rewards/.
 */
import type { HandlerContext, PartialHandlerMap } from '../kit/handler.js';
import { pathId, toId } from '../kit/input.js';
import { findGroup } from '../domain/schools/find.js';
import type { GroupRow } from '../domain/schools/rows.js';
import {
  addToTeam,
  classFeedback,
  classTeams,
  createFeedback,
  createTeam,
  deleteFeedback,
  deleteTeam,
  findFeedback,
  findTeam,
  removeFromTeam,
  renameTeam,
  serializeTeam,
  updateFeedback,
  type FeedbackRow,
  type TeamRow,
} from '../domain/rewards/teams.js';
import { rewardScoreHandlers } from './rewards/score.js';
import { defineRoutes } from './areas.js';
import { reply } from '../kit/reply.js';

const classOf = (ctx: HandlerContext): GroupRow => findGroup(ctx.db, ctx.user, pathId(ctx, 'Group'));
const feedbackOf = (ctx: HandlerContext): FeedbackRow => findFeedback(ctx.db, ctx.user, pathId(ctx, 'Feedback'));
const teamOf = (ctx: HandlerContext): TeamRow => findTeam(ctx.db, ctx.user, pathId(ctx, 'Reward group'));

const feedbackAndTeamHandlers = {
  'GET rewards/feedback/{id}': (ctx) => {
    const feedback = classFeedback(ctx.db, classOf(ctx).id);
    return reply(ctx, 'feedback', feedback, { total: feedback.length });
  },
  'POST rewards/feedback/{id}': (ctx) => {
    const row = createFeedback(ctx, classOf(ctx), ctx.input);
    ctx.countWrite();
    return reply(ctx, 'feedback', row, {}, 201);
  },
  'PUT rewards/feedback/{id}': (ctx) => {
    const row = updateFeedback(ctx, feedbackOf(ctx), ctx.input);
    ctx.countWrite();
    return reply(ctx, 'feedback', row);
  },
  'DELETE rewards/feedback/{id}': (ctx) => {
    const row = feedbackOf(ctx);
    deleteFeedback(ctx.db, row.id);
    ctx.countWrite();
    return reply(ctx, 'deleted', true, { id: row.id });
  },
  'GET rewards/groups/{id}': (ctx) => {
    const groups = classTeams(ctx.db, classOf(ctx).id).map((t) => serializeTeam(ctx.db, t));
    return reply(ctx, 'groups', groups, { total: groups.length });
  },
  'POST rewards/groups/{id}': (ctx) => {
    const team = createTeam(ctx, classOf(ctx), ctx.input.groupName ?? ctx.input.name);
    ctx.countWrite();
    return reply(ctx, 'group', serializeTeam(ctx.db, team), {}, 201);
  },
  'DELETE rewards/groups/{id}': (ctx) => {
    const team = teamOf(ctx);
    deleteTeam(ctx.db, team.id);
    ctx.countWrite();
    return reply(ctx, 'deleted', true, { id: team.id });
  },
  'POST rewards/groups/{id}/pupils': (ctx) => {
    const team = teamOf(ctx);
    addToTeam(ctx, team, toId(ctx.input['pupilId'], 'Pupil'));
    ctx.countWrite();
    return reply(ctx, 'group', serializeTeam(ctx.db, team));
  },
  'DELETE rewards/groups/{id}/pupils': (ctx) => {
    const team = teamOf(ctx);
    removeFromTeam(ctx.db, team, toId(ctx.input['pupilId'], 'Pupil'));
    ctx.countWrite();
    return reply(ctx, 'group', serializeTeam(ctx.db, team));
  },
  'PUT rewards/groups/{id}/name': (ctx) => {
    const team = teamOf(ctx);
    const name = ctx.input.groupName;
    renameTeam(ctx.db, team, name);
    ctx.countWrite();
    return reply(ctx, 'group', serializeTeam(ctx.db, { ...team, name }));
  },
} satisfies PartialHandlerMap;

export const rewardsHandlers = defineRoutes('rewards', { ...feedbackAndTeamHandlers, ...rewardScoreHandlers });
