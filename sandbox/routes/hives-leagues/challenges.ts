/** Challenges: a competition between groups and pupils over one product, with notifications for those taking part. */
import { LEAGUE_FIELDS } from '../../../core/endpoints/hives-leagues.js';
import type { PartialHandlerMap, RouteHandler } from '../../kit/handler.js';
import { checkAll } from '../../kit/check-all.js';
import { callerSchoolId } from '../../kit/reach.js';
import { logEvent } from '../../domain/schools/events.js';
import { parseFields, pathId } from '../../kit/input.js';
import { findLeague, groupStandings, serializeLeague, memberIds, standings } from '../../domain/leagues/leagues.js';
import { challengeNotifications, createChallenge, schoolChallenges } from '../../domain/leagues/league-writes.js';
import { reply } from '../../kit/reply.js';

const create: RouteHandler<'POST leagues/challenges'> = (ctx) => {
  const schoolId = callerSchoolId(ctx);
  const [top, nested, groupIds, userIds] = checkAll(
    () => parseFields(LEAGUE_FIELDS, ctx.input),
    () => (ctx.input.league === undefined ? {} : parseFields(LEAGUE_FIELDS, ctx.input.league, 'league')),
    () => memberIds(ctx.input, 'groups') ?? [],
    () => memberIds(ctx.input, 'users') ?? [],
  );
  const id = createChallenge(ctx, schoolId, { ...top, ...nested, groupIds, userIds });
  ctx.countWrite();
  logEvent(ctx, schoolId, 'challenges.created', { id });
  return reply(
    ctx,
    'challenge',
    serializeLeague(ctx.db, findLeague(ctx.db, ctx.user, id, 'challenge'), ctx.now()),
    {},
    201,
  );
};

const notifications: RouteHandler<'GET users/me/challengenotifications'> = (ctx) => {
  const list = challengeNotifications(ctx, ctx.input.product ?? null);
  return reply(ctx, 'notifications', list, { total: list.length });
};

export const challengeHandlers = {
  'GET leagues/challenges': (ctx) => {
    const challenges = schoolChallenges(ctx.db, callerSchoolId(ctx)).map((r) => serializeLeague(ctx.db, r, ctx.now()));
    return reply(ctx, 'challenges', challenges, { total: challenges.length });
  },
  'GET leagues/challenges/{id}/groups': (ctx) => {
    const row = findLeague(ctx.db, ctx.user, pathId(ctx, 'Challenge'), 'challenge');
    return reply(ctx, 'challenge_id', row.id, { groups: groupStandings(ctx.db, row) });
  },
  'GET leagues/challenges/{id}/users': (ctx) => {
    const row = findLeague(ctx.db, ctx.user, pathId(ctx, 'Challenge'), 'challenge');
    return reply(ctx, 'challenge_id', row.id, { users: standings(ctx.db, row) });
  },
  'POST leagues/challenges': create,
  'GET users/me/challengenotifications': notifications,
} satisfies PartialHandlerMap;
