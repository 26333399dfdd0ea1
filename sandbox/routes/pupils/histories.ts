/** A pupil's game histories, read from the stored game sessions, and deleting single sessions. */
import type { HandlerContext, HandlerResult, PartialHandlerMap } from '../../kit/handler.js';
import { callerSchoolId } from '../../kit/reach.js';
import { pathId } from '../../kit/input.js';
import { logEvent } from '../../domain/schools/events.js';
import { findPupil } from '../../domain/schools/find.js';
import type { SessionRow, UserRow } from '../../domain/schools/rows.js';
import { findSessions, serializeGameSession, summarise, summariseBy, tableOf } from '../../domain/activity/sessions.js';
import { deleteSession, pupilSession, pupilSubscriptions } from '../../domain/activity/pupil-history.js';
import { schoolPupils } from '../../domain/pupils/pupil-queries.js';
import { reply } from '../../kit/reply.js';

const TIMES_TABLE_GAMES = ['mtc', 'maths'];
const MATHS_GAMES = ['maths', 'number', 'mtc'];

function pupilOf(ctx: HandlerContext): UserRow {
  return findPupil(ctx.db, ctx.user, pathId(ctx, 'Pupil'));
}

function history(
  games: readonly string[],
  key: string,
  narrow?: (ctx: HandlerContext) => { mode?: string; listIdent?: string },
) {
  return (ctx: HandlerContext): HandlerResult => {
    const pupil = pupilOf(ctx);
    const rows = findSessions(ctx.db, { userIds: [pupil.id], games, ...(narrow ? narrow(ctx) : {}) });
    return reply(ctx, key, rows.map(serializeGameSession), { total: rows.length, summary: summarise(rows) });
  };
}

function removeSession(games: readonly string[]) {
  return (ctx: HandlerContext): HandlerResult => {
    const pupil = pupilOf(ctx);
    const session = pupilSession(ctx.db, pupil, pathId(ctx, 'Session', 'sessionId'), games);
    deleteSession(ctx.db, session);
    ctx.countWrite();
    logEvent(ctx, pupil.school_id as number, 'sessions.deleted', {
      user_id: pupil.id,
      session_id: session.id,
      game: session.game,
    });
    return reply(ctx, 'deleted', true, { id: session.id });
  };
}

function timesTables(rows: readonly SessionRow[]): Record<string, unknown>[] {
  const byTable = new Map(summariseBy(rows, tableOf).map((s) => [s.key, s]));
  return Array.from({ length: 12 }, (_, i) => {
    const found = byTable.get(String(i + 1));
    return {
      table: i + 1,
      plays: found?.plays ?? 0,
      correct: found?.correct ?? 0,
      incorrect: found?.incorrect ?? 0,
      accuracy: found?.accuracy ?? null,
    };
  });
}

function subscriptionsOf(ctx: HandlerContext): HandlerResult {
  const subscriptions = pupilSubscriptions(ctx.db, pupilOf(ctx));
  return reply(ctx, 'subscriptions', subscriptions, { total: subscriptions.length });
}

export const pupilHistoryHandlers = {
  'GET users/me/school/pupils/{id}/history': history(['spelling'], 'history'),
  'GET users/me/school/pupils/{id}/history/list/{ident}': history(['spelling'], 'history', (ctx) => ({
    listIdent: ctx.params['ident'] ?? '',
  })),
  'GET users/me/school/pupils/{id}/beekeeperhistory': history(['beekeeper'], 'history'),
  'GET users/me/school/pupils/{id}/buzzwordshistory': history(['buzzwords'], 'history'),
  'GET users/me/school/pupils/{id}/squirrelscurry': history(['squirrelscurry'], 'history'),
  'GET users/me/school/pupils/{id}/squirrelscurry/{sessionId}': (ctx) => {
    const session = pupilSession(ctx.db, pupilOf(ctx), pathId(ctx, 'Session', 'sessionId'), ['squirrelscurry']);
    return reply(ctx, 'session', serializeGameSession(session));
  },
  'GET users/me/school/pupils/{id}/monthly_spelling_competency': (ctx) => {
    const pupil = pupilOf(ctx);
    const rows = findSessions(ctx.db, { userIds: [pupil.id], games: ['spelling', 'assessment'] });
    const months = summariseBy(rows, (r) => r.created_at.slice(0, 7)).map(({ key, ...rest }) => ({
      month: key,
      ...rest,
    }));
    return reply(ctx, 'months', months.reverse());
  },
  'GET users/me/school/pupils/{id}/mathshistory': history(MATHS_GAMES, 'history', (ctx) =>
    typeof ctx.input['key'] === 'string' ? { mode: ctx.input['key'] } : {},
  ),
  'GET users/me/school/pupils/{id}/times_tables_overview': (ctx) => {
    const pupil = pupilOf(ctx);
    return reply(ctx, 'tables', timesTables(findSessions(ctx.db, { userIds: [pupil.id], games: TIMES_TABLE_GAMES })));
  },
  'GET users/me/school/pupils/{id}/subscriptions': subscriptionsOf,
  'GET users/me/school/pupils/timestablescompetency': (ctx) => {
    const pupils = schoolPupils(ctx.db, callerSchoolId(ctx));
    const rows = findSessions(ctx.db, { userIds: pupils.map((p) => p.id), games: TIMES_TABLE_GAMES }, 100_000);
    const byPupil = new Map(summariseBy(rows, (r) => String(r.user_id)).map((s) => [s.key, s]));
    const body = pupils.map((p) => {
      const s = byPupil.get(String(p.id));
      return {
        id: p.id,
        display_name: p.display_name,
        school_username: p.school_username,
        plays: s?.plays ?? 0,
        accuracy: s?.accuracy ?? null,
      };
    });
    return reply(ctx, 'pupils', body, { total: body.length });
  },
  'DELETE users/me/school/pupils/{id}/history/{sessionId}': removeSession(['spelling']),
  'DELETE users/me/school/pupils/{id}/beekeeperhistory/{sessionId}': removeSession(['beekeeper']),
  'DELETE users/me/school/pupils/{id}/buzzwordshistory/{sessionId}': removeSession(['buzzwords']),
  'DELETE users/me/school/pupils/{id}/mathshistory/{sessionId}': removeSession(MATHS_GAMES),
} satisfies PartialHandlerMap;
