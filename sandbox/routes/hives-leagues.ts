/**
 * Hives (live class games), school activity by group, custom leagues and challenges. League results are
 * computed from game sessions of the league's product played between its start and end.
 */
import { LEAGUE_FIELDS } from '../../core/endpoints/hives-leagues.js';
import type { HandlerContext, HandlerResult, PartialHandlerMap } from '../kit/handler.js';
import { HttpError } from '../kit/handler.js';
import { checkAll } from '../kit/check-all.js';
import { callerSchoolId, findReachable, requireUser } from '../kit/reach.js';
import { parseFields, pathId } from '../kit/input.js';
import { logEvent } from '../domain/schools/events.js';
import { findGroup, findPupil } from '../domain/schools/find.js';
import { itemsOf, jsonObject } from '../kit/json-columns.js';
import { assertNotEnded, findLeague, groupStandings, serializeLeague, memberIds, standings } from '../domain/leagues/leagues.js';
import type { LeagueRow } from '../domain/schools/rows.js';
import { all, run } from '../kit/sql.js';
import { challengeHandlers } from './hives-leagues/challenges.js';
import { defineRoutes } from './areas.js';
import type { Row } from '../db/rows.js';
import { HIVE_PLAYER } from '../../core/shapes/league.js';
import type { Hive } from '../../core/shapes/types.js';
import { reply } from '../kit/reply.js';

type HiveRow = Row<'hives'>;

const DAY = 86_400_000;

/** A hive as the API answers it: its row, and the list and players its data column holds. */
export function serializeHive(row: HiveRow): Hive {
  const { list, players } = jsonObject(row.data);
  return {
    id: row.id,
    school_id: row.school_id,
    owner_id: row.owner_id,
    name: row.name,
    game: row.game,
    status: row.status,
    ...(typeof list === 'string' ? { list } : {}),
    players: itemsOf(HIVE_PLAYER, Array.isArray(players) ? players : []),
    created_at: row.created_at,
    finished_at: row.finished_at,
  };
}

function findHive(ctx: HandlerContext): HiveRow {
  const id = pathId(ctx, 'Hive');
  return findReachable<HiveRow>(ctx.db, ctx.user, 'Hive', 'SELECT * FROM hives WHERE id = ?', id);
}

function schoolActivity(games: readonly string[]) {
  return (ctx: HandlerContext): HandlerResult => {
    const schoolId = callerSchoolId(ctx);
    const now = ctx.now().getTime();
    const week = new Date(now - 7 * DAY).toISOString();
    const month = new Date(now - 30 * DAY).toISOString();
    const rows = all<{ id: number; name: string; pupils: number; plays_7d: number; plays_30d: number; active_30d: number }>(
      ctx.db,
      `SELECT g.id, g.name,
         (SELECT COUNT(*) FROM group_pupils gp WHERE gp.group_id = g.id) AS pupils,
         (SELECT COUNT(*) FROM game_sessions s JOIN group_pupils gp ON gp.user_id = s.user_id WHERE gp.group_id = g.id AND s.created_at >= ? AND s.game IN (SELECT value FROM json_each(?))) AS plays_7d,
         (SELECT COUNT(*) FROM game_sessions s JOIN group_pupils gp ON gp.user_id = s.user_id WHERE gp.group_id = g.id AND s.created_at >= ? AND s.game IN (SELECT value FROM json_each(?))) AS plays_30d,
         (SELECT COUNT(DISTINCT s.user_id) FROM game_sessions s JOIN group_pupils gp ON gp.user_id = s.user_id WHERE gp.group_id = g.id AND s.created_at >= ? AND s.game IN (SELECT value FROM json_each(?))) AS active_30d
       FROM school_groups g WHERE g.school_id = ? AND g.parent_id IS NULL ORDER BY g.name, g.id`,
      week,
      JSON.stringify(games),
      month,
      JSON.stringify(games),
      month,
      JSON.stringify(games),
      schoolId,
    );
    return reply(ctx, 'groups', rows.map(({ id, ...rest }) => ({ group_id: id, ...rest })));
  };
}

function myLeagues(ctx: HandlerContext): HandlerResult {
  const user = requireUser(ctx);
  let rows: LeagueRow[];
  if (user.kind === 'pupil') {
    rows = all<LeagueRow>(
      ctx.db,
      `SELECT * FROM leagues l WHERE l.id IN (SELECT league_id FROM league_users WHERE user_id = ?)
         OR l.id IN (SELECT lg.league_id FROM league_groups lg JOIN group_pupils gp ON gp.group_id = lg.group_id WHERE gp.user_id = ?)
       ORDER BY l.ends_at DESC, l.id`,
      user.id,
      user.id,
    );
  } else if (user.schoolId !== null) {
    rows = all<LeagueRow>(ctx.db, 'SELECT * FROM leagues WHERE school_id = ? ORDER BY ends_at DESC, id', user.schoolId);
  } else rows = [];
  const now = ctx.now();
  const leagues = rows.map((r) => {
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
  const startsAt = fields.starts_at ?? row.starts_at;
  const endsAt = fields.ends_at ?? row.ends_at;
  if (Date.parse(endsAt) <= Date.parse(startsAt)) throw new HttpError(422, 'Invalid data', 'ends_at: a league ends after it starts', { errors: [{ path: 'ends_at', message: 'must be after starts_at' }] });
  run(ctx.db, 'UPDATE leagues SET name = ?, product = ?, starts_at = ?, ends_at = ?, updated_at = ? WHERE id = ?', fields.name ?? row.name, fields.product ?? row.product, startsAt, endsAt, now.toISOString(), row.id);
  const schoolId = row.school_id ?? undefined; // never null: findLeague finds only leagues of a school
  if (groupIds) {
    const groups = groupIds.map((id) => findGroup(ctx.db, ctx.user, id, schoolId));
    run(ctx.db, 'DELETE FROM league_groups WHERE league_id = ?', row.id);
    for (const g of groups) run(ctx.db, 'INSERT INTO league_groups (league_id, group_id) VALUES (?, ?)', row.id, g.id);
  }
  if (userIds) {
    const users = userIds.map((id) => findPupil(ctx.db, ctx.user, id, schoolId));
    run(ctx.db, 'DELETE FROM league_users WHERE league_id = ?', row.id);
    for (const u of users) run(ctx.db, 'INSERT INTO league_users (league_id, user_id) VALUES (?, ?)', row.id, u.id);
  }
  ctx.countWrite();
  return reply(ctx, 'league', serializeLeague(ctx.db, findLeague(ctx.db, ctx.user, row.id, 'custom'), now));
}

const hiveLeagueHandlers = {
  'GET hives': (ctx) => {
    const hives = all<HiveRow>(ctx.db, 'SELECT * FROM hives WHERE school_id = ? ORDER BY created_at DESC, id DESC', callerSchoolId(ctx)).map(serializeHive);
    return reply(ctx, 'hives', hives, { total: hives.length });
  },
  'GET hives/{id}': (ctx) => reply(ctx, 'hive', serializeHive(findHive(ctx))),
  'GET hive/{id}': (ctx) => reply(ctx, 'hive', serializeHive(findHive(ctx))),
  'DELETE hives/{id}': (ctx) => {
    const hive = findHive(ctx);
    if (hive.status === 'running') throw new HttpError(409, 'Conflict', `Hive ${hive.id} is running; only a waiting or finished hive can be deleted`);
    run(ctx.db, 'DELETE FROM hives WHERE id = ?', hive.id);
    ctx.countWrite();
    logEvent(ctx, hive.school_id, 'hives.deleted', { id: hive.id });
    return reply(ctx, 'deleted', true, { id: hive.id });
  },
  'GET users/me/school/activity': schoolActivity(['spelling', 'beekeeper', 'buzzwords', 'squirrelscurry', 'maths', 'number', 'mtc', 'mastery_zone', 'grammar', 'quiz', 'phonics', 'lesson', 'assessment']),
  'GET users/me/school/activitymaths': schoolActivity(['maths', 'number', 'mtc', 'mastery_zone']),
  'GET users/me/school/activityquiz': schoolActivity(['quiz']),
  'GET users/me/leagues': myLeagues,
  'GET leagues/custom/{id}/results': (ctx) => {
    const row = findLeague(ctx.db, ctx.user, pathId(ctx, 'Custom league'), 'custom');
    return reply(ctx, 'league', serializeLeague(ctx.db, row, ctx.now()), { results: standings(ctx.db, row), groups: groupStandings(ctx.db, row) });
  },
  'PUT leagues/custom/{id}': updateCustom,
  'DELETE leagues/custom/{id}': (ctx) => {
    const row = findLeague(ctx.db, ctx.user, pathId(ctx, 'Custom league'), 'custom');
    run(ctx.db, 'DELETE FROM leagues WHERE id = ?', row.id);
    ctx.countWrite();
    return reply(ctx, 'deleted', true, { id: row.id });
  },
} satisfies PartialHandlerMap;

export const hivesLeaguesHandlers = defineRoutes('hives-leagues', { ...hiveLeagueHandlers, ...challengeHandlers });
