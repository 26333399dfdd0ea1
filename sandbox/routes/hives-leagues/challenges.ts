/** Challenges: a competition between groups and pupils over one product, with notifications for those taking part. */
import { LEAGUE_FIELDS } from '../../../core/endpoints/hives-leagues.js';
import type { PartialHandlerMap, RouteHandler } from '../../kit/handler.js';
import { HttpError } from '../../kit/handler.js';
import { checkAll } from '../../kit/check-all.js';
import { callerSchoolId, requireUser } from '../../kit/reach.js';
import { logEvent } from '../../domain/schools/events.js';
import { findGroup, findPupil } from '../../domain/schools/find.js';
import { parseFields, pathId } from '../../kit/input.js';
import { findLeague, groupStandings, serializeLeague, memberIds, standings } from '../../domain/leagues/leagues.js';
import type { LeagueRow } from '../../domain/schools/rows.js';
import { all, run } from '../../kit/sql.js';
import { reply } from '../../kit/reply.js';

const create: RouteHandler<'POST leagues/challenges'> = (ctx) => {
  const schoolId = callerSchoolId(ctx);
  const [top, nested, groupIds, userIds] = checkAll(
    () => parseFields(LEAGUE_FIELDS, ctx.input),
    () => (ctx.input.league === undefined ? {} : parseFields(LEAGUE_FIELDS, ctx.input.league, 'league')),
    () => memberIds(ctx.input, 'groups') ?? [],
    () => memberIds(ctx.input, 'users') ?? [],
  );
  const league = { ...top, ...nested };
  const now = ctx.now();
  const name = league.name ?? 'Challenge';
  const product = league.product ?? 'spelling';
  const startsAt = league.starts_at ?? now.toISOString();
  const endsAt = league.ends_at ?? new Date(now.getTime() + 7 * 86_400_000).toISOString();
  if (Date.parse(endsAt) <= Date.parse(startsAt)) throw new HttpError(422, 'Invalid data', 'ends_at: a challenge ends after it starts', { errors: [{ path: 'ends_at', message: 'must be after starts_at' }] });
  const groups = groupIds.map((id) => findGroup(ctx.db, ctx.user, id, schoolId));
  const users = userIds.map((id) => findPupil(ctx.db, ctx.user, id, schoolId));
  if (groups.length + users.length < 2) {
    throw new HttpError(422, 'Invalid data', 'groups: a challenge needs at least two groups or pupils taking part', { errors: [{ path: 'groups', message: 'at least two participants' }] });
  }
  const at = now.toISOString();
  const id = Number(
    run(ctx.db, "INSERT INTO leagues (school_id, owner_id, kind, name, product, starts_at, ends_at, data, created_at, updated_at) VALUES (?, ?, 'challenge', ?, ?, ?, ?, '{}', ?, ?)", schoolId, ctx.user?.id ?? null, name, product, startsAt, endsAt, at, at)
      .lastInsertRowid,
  );
  for (const g of groups) run(ctx.db, 'INSERT INTO league_groups (league_id, group_id) VALUES (?, ?)', id, g.id);
  for (const u of users) run(ctx.db, 'INSERT INTO league_users (league_id, user_id) VALUES (?, ?)', id, u.id);
  ctx.countWrite();
  logEvent(ctx, schoolId, 'challenges.created', { id });
  return reply(ctx, 'challenge', serializeLeague(ctx.db, findLeague(ctx.db, ctx.user, id, 'challenge'), now), {}, 201);
};

const notifications: RouteHandler<'GET users/me/challengenotifications'> = (ctx) => {
  const user = requireUser(ctx);
  const product = ctx.input.product ?? null;
  const now = ctx.now().toISOString();
  const rows =
    user.kind === 'pupil'
      ? all<LeagueRow>(
          ctx.db,
          `SELECT * FROM leagues l WHERE l.kind = 'challenge' AND l.ends_at > ? AND (
             l.id IN (SELECT league_id FROM league_users WHERE user_id = ?) OR
             l.id IN (SELECT lg.league_id FROM league_groups lg JOIN group_pupils gp ON gp.group_id = lg.group_id WHERE gp.user_id = ?))
           ORDER BY l.ends_at`,
          now,
          user.id,
          user.id,
        )
      : all<LeagueRow>(ctx.db, "SELECT * FROM leagues WHERE kind = 'challenge' AND ends_at > ? AND school_id IS ? ORDER BY ends_at", now, user.schoolId);
  const list = rows
    .filter((r) => product === null || r.product === product)
    .map((r) => ({
      challenge_id: r.id,
      name: r.name,
      product: r.product,
      starts_at: r.starts_at,
      ends_at: r.ends_at,
      message: r.starts_at > now ? `${r.name} starts on ${r.starts_at.slice(0, 10)}` : `${r.name} is on until ${r.ends_at.slice(0, 10)}`,
    }));
  return reply(ctx, 'notifications', list, { total: list.length });
};

export const challengeHandlers = {
  'GET leagues/challenges': (ctx) => {
    const rows = all<LeagueRow>(ctx.db, "SELECT * FROM leagues WHERE kind = 'challenge' AND school_id = ? ORDER BY ends_at DESC, id", callerSchoolId(ctx));
    const challenges = rows.map((r) => serializeLeague(ctx.db, r, ctx.now()));
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
