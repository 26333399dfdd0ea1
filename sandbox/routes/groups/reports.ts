/**
 * Group reports, each computed from the stored game sessions of the group's pupils (sub-groups included).
 * Every report answers `{ group: { id, name }, <key>: [...] }`.
 */
import type { HandlerContext, HandlerResult, PartialHandlerMap } from '../../kit/handler.js';
import { findGroup } from '../../domain/schools/find.js';
import { groupPupils } from '../../domain/groups/groups.js';
import { pathId } from '../../kit/input.js';
import { jsonObject } from '../../kit/json-columns.js';
import {
  activityRows,
  externalNodes,
  nodesOf,
  perPupil,
  skillAverages,
  termOf,
} from '../../domain/activity/reports.js';
import type { GroupRow, SessionRow, UserRow } from '../../domain/schools/rows.js';
import {
  findSessions,
  serializeGameSession,
  summarise,
  summariseBy,
  tableOf,
  type SessionFilter,
} from '../../domain/activity/sessions.js';
import { reply } from '../../kit/reply.js';

const ALL_GAMES = [
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
];
const MATHS = ['maths', 'number', 'mtc'];
const SPELLING = ['spelling', 'assessment'];

interface ReportInput {
  readonly group: GroupRow;
  readonly pupils: UserRow[];
  readonly rows: SessionRow[];
  readonly ctx: HandlerContext;
}

/** A report over some games: loads the group, its pupils and their sessions, then builds the body. */
function report(
  games: readonly string[],
  build: (input: ReportInput) => Record<string, unknown>,
  narrow?: (ctx: HandlerContext) => Partial<SessionFilter>,
) {
  return (ctx: HandlerContext): HandlerResult => {
    const group = findGroup(ctx.db, ctx.user, pathId(ctx, 'Group'));
    const pupils = groupPupils(ctx.db, group.id);
    const rows = findSessions(
      ctx.db,
      { userIds: pupils.map((p) => p.id), games, ...(narrow ? narrow(ctx) : {}) },
      20_000,
    );
    return reply(ctx, 'group', { id: group.id, name: group.name }, { ...build({ group, pupils, rows, ctx }) });
  };
}

const plays = (games: readonly string[]) =>
  report(games, ({ rows }) => ({
    plays: rows.slice(0, 500).map(serializeGameSession),
    total: rows.length,
    summary: summarise(rows),
  }));
const activity = (games: readonly string[]) =>
  report(games, ({ pupils, rows, ctx }) => ({ activity: activityRows(pupils, rows, ctx.now()) }));
const keyed = <K extends string>(name: K, rows: ReturnType<typeof summariseBy>) =>
  rows.map(({ key, ...rest }) => ({ [name]: key, ...rest }));

function timesTables(rows: readonly SessionRow[]): Record<string, unknown>[] {
  const byTable = new Map(summariseBy(rows, tableOf).map((s) => [s.key, s]));
  return Array.from({ length: 12 }, (_, i) => {
    const { key: _key, ...found } = byTable.get(String(i + 1)) ?? { key: '', ...summarise([]) };
    return { table: i + 1, ...found };
  });
}

function curriculumCompetence(parents: boolean) {
  return report(['quiz'], ({ rows, ctx }) => {
    const keys = [...new Set(rows.flatMap(nodesOf))];
    const stored = externalNodes(ctx.db, keys);
    const summaries = new Map<string, SessionRow[]>();
    for (const row of rows) for (const node of nodesOf(row)) summaries.set(node, [...(summaries.get(node) ?? []), row]);
    const nodes = keys
      .filter((key) => (stored.get(key)?.parent == null) === parents)
      .sort((a, b) => Number(a) - Number(b))
      .map((key) => ({
        node_id: key,
        name: stored.get(key)?.name ?? `Node ${key}`,
        parent_id: stored.get(key)?.parent ?? null,
        ...summarise(summaries.get(key) ?? []),
      }));
    return { nodes };
  });
}

export const groupReportHandlers = {
  'GET users/me/school/groups/{id}/activity': activity(ALL_GAMES),
  'GET users/me/school/groups/{id}/activitymaths': activity(MATHS),
  'GET users/me/school/groups/{id}/activityquiz': activity(['quiz']),
  'GET users/me/school/groups/{id}/history': report(['spelling'], ({ rows }) => ({
    history: rows.slice(0, 500).map(serializeGameSession),
    total: rows.length,
  })),
  'GET users/me/school/groups/{id}/history/lists': report(['spelling'], ({ rows }) => ({
    lists: keyed(
      'list_ident',
      summariseBy(rows, (r) => r.list_ident),
    ),
  })),
  'GET users/me/school/groups/{id}/game_play_type_history': report(['spelling'], ({ rows }) => ({
    types: keyed(
      'mode',
      summariseBy(rows, (r) => r.mode),
    ),
  })),
  'GET users/me/school/groups/{id}/grammar/plays': plays(['grammar']),
  'GET users/me/school/groups/{id}/spelling_plays': plays(['spelling']),
  'GET users/me/school/groups/{id}/mastery_zone_plays': plays(['mastery_zone']),
  'GET users/me/school/groups/{id}/mtc_plays': plays(['mtc']),
  'GET users/me/school/groups/{id}/mtc_statistics': report(['mtc'], ({ pupils, rows }) => ({
    statistics: summarise(rows),
    pupils: perPupil(pupils, rows),
  })),
  'GET users/me/school/groups/{id}/mtc_breakdown': report(['mtc'], ({ rows }) => ({ tables: timesTables(rows) })),
  'GET users/me/school/groups/{id}/mtc_pupil_progress': report(['mtc'], ({ pupils, rows }) => ({
    pupils: pupils.map((p) => ({
      user_id: p.id,
      display_name: p.display_name,
      months: keyed(
        'month',
        summariseBy(rows.filter((r) => r.user_id === p.id).reverse(), (r) => r.created_at.slice(0, 7)),
      ),
    })),
  })),
  'GET users/me/school/groups/{id}/number_plays': plays(['number', 'maths']),
  'GET users/me/school/groups/{id}/times_tables_overview': report(['mtc', 'maths'], ({ rows }) => ({
    tables: timesTables(rows),
  })),
  'GET users/me/school/groups/{id}/spelling/termly_progression': report(SPELLING, ({ rows }) => ({
    terms: keyed(
      'term',
      summariseBy([...rows].reverse(), (r) => termOf(r.created_at)),
    ),
  })),
  'GET users/me/school/groups/{id}/adaptive_spelling/historical_levels': report(['assessment'], ({ pupils, rows }) => ({
    pupils: pupils.map((p) => ({
      user_id: p.id,
      display_name: p.display_name,
      levels: rows
        .filter((r) => r.user_id === p.id)
        .reverse()
        .map((r) => ({ date: r.created_at, level: jsonObject(r.details)['level'] ?? r.stage })),
    })),
  })),
  'GET users/me/school/groups/{id}/mathshistory/{key}': report(
    MATHS,
    ({ rows }) => ({ history: rows.slice(0, 500).map(serializeGameSession), total: rows.length }),
    (ctx) => ({ mode: ctx.params['key'] ?? '' }),
  ),
  'GET users/me/school/groups/{id}/spelling_competency': report(SPELLING, ({ pupils, rows }) => ({
    pupils: perPupil(pupils, rows),
    summary: summarise(rows),
  })),
  'GET users/me/school/groups/{id}/spelling-competency/gameplay': report(['spelling'], ({ rows }) => ({
    gameplay: keyed(
      'mode',
      summariseBy(rows, (r) => r.mode),
    ),
  })),
  'GET users/me/school/groups/{id}/recent_spelling_assessment_breakdown': report(
    ['assessment'],
    ({ pupils, rows }) => ({
      pupils: pupils.map((p) => {
        const latest = rows.find((r) => r.user_id === p.id);
        return {
          user_id: p.id,
          display_name: p.display_name,
          assessed_at: latest?.created_at ?? null,
          skills: latest ? skillAverages([latest]) : {},
        };
      }),
    }),
  ),
  'GET users/me/school/groups/{id}/pupils_diagnostic_data': report(['assessment'], ({ pupils, rows }) => ({
    pupils: pupils.map((p) => ({
      user_id: p.id,
      display_name: p.display_name,
      skills: skillAverages(rows.filter((r) => r.user_id === p.id)),
    })),
    skills: skillAverages(rows),
  })),
  'GET users/me/school/groups/{id}/external_curricula/competence/parent_nodes': curriculumCompetence(true),
  'GET users/me/school/groups/{id}/external_curricula/competence/child_nodes': curriculumCompetence(false),
  'GET users/me/groups/{id}/grammar_competence': report(['grammar'], ({ rows, ctx }) => {
    const stage = typeof ctx.input['stage'] === 'number' ? ctx.input['stage'] : null;
    const chosen = stage === null ? rows : rows.filter((r) => r.stage === stage);
    const skills = keyed(
      'skill',
      summariseBy(chosen, (r) => {
        const skill = jsonObject(r.details)['skill'];
        return typeof skill === 'string' ? skill : null;
      }),
    );
    return { stage, locale: typeof ctx.input['locale'] === 'string' ? ctx.input['locale'] : null, skills };
  }),
} satisfies PartialHandlerMap;
