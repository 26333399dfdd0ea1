/**
 * Hives (live class games), school activity by group, custom leagues and challenges. League results are
 * computed from game sessions of the league's product played between its start and end.
 */
import { LEAGUE_FIELDS } from '../../core/endpoints/hives-leagues.js';
import type { HandlerContext, HandlerResult, PartialHandlerMap } from '../kit/handler.js';
import { checkAll } from '../kit/check-all.js';
import { callerSchoolId, requireUser } from '../kit/reach.js';
import { parseFields, pathId } from '../kit/input.js';
import { logEvent } from '../domain/schools/events.js';
import {
  assertNotEnded,
  findLeague,
  groupStandings,
  serializeLeague,
  memberIds,
  standings,
} from '../domain/leagues/leagues.js';
import { deleteHive, findHive, schoolActivity, schoolHives, serializeHive } from '../domain/leagues/hives.js';
import { callerLeagues, deleteLeague, updateLeague } from '../domain/leagues/league-writes.js';
import { challengeHandlers } from './hives-leagues/challenges.js';
import { defineRoutes } from './areas.js';
import { reply } from '../kit/reply.js';

const hiveOf = (ctx: HandlerContext): ReturnType<typeof findHive> => findHive(ctx.db, ctx.user, pathId(ctx, 'Hive'));

function activity(games: readonly string[]) {
  return (ctx: HandlerContext): HandlerResult =>
    reply(ctx, 'groups', schoolActivity(ctx.db, callerSchoolId(ctx), games, ctx.now()));
}

function myLeagues(ctx: HandlerContext): HandlerResult {
  const user = requireUser(ctx);
  const now = ctx.now();
  const leagues = callerLeagues(ctx).map((r) => {
    const own = user.kind === 'pupil' ? standings(ctx.db, r).find((s) => s['user_id'] === user.id) : undefined;
    return { ...serializeLeague(ctx.db, r, now), ...(own ? { my_rank: own['rank'], my_score: own['score'] } : {}) };
  });
  return reply(ctx, 'leagues', leagues, { total: leagues.length });
}

function updateCustom(ctx: HandlerContext): HandlerResult {
  const row = findLeague(ctx.db, ctx.user, pathId(ctx, 'Custom league'), 'custom');
  const now = ctx.now();
  assertNotEnded(row, now);
  const [fields, groupIds, userIds] = checkAll(
    () => parseFields(LEAGUE_FIELDS, ctx.input),
    () => memberIds(ctx.input, 'groups'),
    () => memberIds(ctx.input, 'users'),
  );
  updateLeague(ctx, row, { ...fields, groupIds, userIds });
  ctx.countWrite();
  return reply(ctx, 'league', serializeLeague(ctx.db, findLeague(ctx.db, ctx.user, row.id, 'custom'), now));
}

const hiveLeagueHandlers = {
  'GET hives': (ctx) => {
    const hives = schoolHives(ctx.db, callerSchoolId(ctx)).map(serializeHive);
    return reply(ctx, 'hives', hives, { total: hives.length });
  },
  'GET hives/{id}': (ctx) => reply(ctx, 'hive', serializeHive(hiveOf(ctx))),
  'GET hive/{id}': (ctx) => reply(ctx, 'hive', serializeHive(hiveOf(ctx))),
  'DELETE hives/{id}': (ctx) => {
    const hive = hiveOf(ctx);
    deleteHive(ctx.db, hive);
    ctx.countWrite();
    logEvent(ctx, hive.school_id, 'hives.deleted', { id: hive.id });
    return reply(ctx, 'deleted', true, { id: hive.id });
  },
  'GET users/me/school/activity': activity([
    'spelling',
    'beekeeper',
    'buzzwords',
    'squirrelscurry',
    'maths',
    'number',
    'mtc',
    'mastery_zone',
    'grammar',
    'quiz',
    'phonics',
    'lesson',
    'assessment',
  ]),
  'GET users/me/school/activitymaths': activity(['maths', 'number', 'mtc', 'mastery_zone']),
  'GET users/me/school/activityquiz': activity(['quiz']),
  'GET users/me/leagues': myLeagues,
  'GET leagues/custom/{id}/results': (ctx) => {
    const row = findLeague(ctx.db, ctx.user, pathId(ctx, 'Custom league'), 'custom');
    return reply(ctx, 'league', serializeLeague(ctx.db, row, ctx.now()), {
      results: standings(ctx.db, row),
      groups: groupStandings(ctx.db, row),
    });
  },
  'PUT leagues/custom/{id}': updateCustom,
  'DELETE leagues/custom/{id}': (ctx) => {
    const row = findLeague(ctx.db, ctx.user, pathId(ctx, 'Custom league'), 'custom');
    deleteLeague(ctx.db, row.id);
    ctx.countWrite();
    return reply(ctx, 'deleted', true, { id: row.id });
  },
} satisfies PartialHandlerMap;

export const hivesLeaguesHandlers = defineRoutes('hives-leagues', { ...hiveLeagueHandlers, ...challengeHandlers });
