/**
 * Homework results, from the game sessions played as that homework: per pupil summaries (`*data`) and the
 * sessions themselves (`*sessions`), optionally for some `user_ids`. Question-set tests of a group or pupil.
 */
import type { HandlerContext, HandlerResult, PartialHandlerMap } from '../../kit/handler.js';
import { findGroup, findPupil } from '../../domain/schools/find.js';
import { groupPupils } from '../../domain/groups/groups.js';
import { assignedPupils, findHomework, serializeHomework, SESSION_GAMES } from '../../domain/homework/homework.js';
import { parseIds, pathId } from '../../kit/input.js';
import type { HomeworkRow, UserRow } from '../../domain/schools/rows.js';
import { findSessions, serializeGameSession, summarise } from '../../domain/activity/sessions.js';
import { groupHomework, pupilQuizzes } from '../../domain/homework/homework-lists.js';
import { reply } from '../../kit/reply.js';

function pupilsFor(ctx: HandlerContext, row: HomeworkRow): UserRow[] {
  const pupils = assignedPupils(ctx.db, row.id);
  if (ctx.input['user_ids'] === undefined) return pupils;
  const ids = parseIds(ctx.input['user_ids'], 'user_ids');
  return ids === '*' ? pupils : pupils.filter((p) => ids.includes(p.id));
}

function data(family: string) {
  return (ctx: HandlerContext): HandlerResult => {
    const row = findHomework(ctx.db, ctx.user, pathId(ctx, 'Homework'));
    const pupils = pupilsFor(ctx, row);
    const rows = findSessions(
      ctx.db,
      { userIds: pupils.map((p) => p.id), games: SESSION_GAMES[family] ?? [family], homeworkId: row.id },
      20_000,
    );
    const results = pupils.map((p) => {
      const own = rows.filter((r) => r.user_id === p.id);
      return {
        user_id: p.id,
        display_name: p.display_name,
        completed: own.length > 0,
        best_score: own.reduce((best, r) => Math.max(best, r.score), 0),
        ...summarise(own),
      };
    });
    return reply(ctx, 'homework_id', row.id, { game: family, pupils: results, summary: summarise(rows) });
  };
}

function sessions(family: string) {
  return (ctx: HandlerContext): HandlerResult => {
    const row = findHomework(ctx.db, ctx.user, pathId(ctx, 'Homework'));
    const pupils = pupilsFor(ctx, row);
    const rows = findSessions(ctx.db, {
      userIds: pupils.map((p) => p.id),
      games: SESSION_GAMES[family] ?? [family],
      homeworkId: row.id,
    });
    return reply(ctx, 'homework_id', row.id, { sessions: rows.map(serializeGameSession), total: rows.length });
  };
}

function tests(
  ctx: HandlerContext,
  homework: readonly HomeworkRow[],
  pupils: readonly UserRow[],
): Record<string, unknown>[] {
  return homework.map((row) => {
    const rows = findSessions(ctx.db, { userIds: pupils.map((p) => p.id), games: ['quiz'], homeworkId: row.id });
    return { homework: serializeHomework(ctx.db, row), results: summarise(rows) };
  });
}

export const homeworkDataHandlers = {
  'GET homework/{id}/data': data('spelling'),
  'GET homework/{id}/numberdata': data('number'),
  'GET homework/{id}/grammardata': data('grammar'),
  'GET homework/{id}/quizdata': data('quiz'),
  'GET homework/{id}/phonicsdata': data('phonics'),
  'GET homework/{id}/lessondata': data('lesson'),
  'GET homework/{id}/sessions': sessions('spelling'),
  'GET homework/{id}/numbersessions': sessions('number'),
  'GET homework/{id}/quizsessions': sessions('quiz'),
  'GET homework/{id}/phonicssessions': sessions('phonics'),
  'GET homework/{id}/grammarsessions': sessions('grammar'),
  'GET homework/group/{id}/question_sets/tests': (ctx) => {
    const group = findGroup(ctx.db, ctx.user, pathId(ctx, 'Group'));
    return reply(ctx, 'tests', tests(ctx, groupHomework(ctx.db, group.id, true), groupPupils(ctx.db, group.id)));
  },
  'GET homework/pupil/{id}/question_sets/tests': (ctx) => {
    const pupil = findPupil(ctx.db, ctx.user, pathId(ctx, 'Pupil'));
    return reply(ctx, 'tests', tests(ctx, pupilQuizzes(ctx.db, pupil.id), [pupil]));
  },
} satisfies PartialHandlerMap;
