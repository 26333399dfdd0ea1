import { defineArea } from './define.js';
import { inline, nullable } from '../shapes/define.js';
import { PUPIL, TEACHER } from '../shapes/user.js';
import { GROUP } from '../shapes/group.js';
import { GAME_SESSION, PLAY_SUMMARY } from '../shapes/homework.js';
import { COMPETENCE_NODE } from '../shapes/resource.js';
import { MAX_NUMBER_STAGE, MAX_SPELLING_STAGE } from '../domain/constants.js';

const NAME = { kind: 'text', min: 1, max: 100 } as const;
// year is read too (a text of at most 20 or a whole number), but stays open: the table has no either-or kind.
const GROUP_DATA = {
  colour: { kind: 'string', max: 20, optional: true },
  description: { kind: 'string', max: 500, optional: true },
} as const;

// Replies: the spec names a response key only where an entry has `response`; every other `reply` below is
// our choice, what the sandbox answers (see `reply` in define.ts).
export const groupsArea = defineArea('groups', {
  'groups list': {
    route: 'GET users/me/school/groups',
    reply: { groups: [GROUP], total: 'int' },
    role: 'teacher',
    summary: "List your school's groups, optionally with their subgroups",
    payload: { includeSubgroups: 'boolean?' },
  },
  'groups create': {
    route: 'POST users/me/school/groups',
    reply: { group: GROUP },
    role: 'admin',
    summary: 'Create a group (class) in your school',
    payload: { name: NAME, parent_id: { kind: 'serial', optional: true, nullable: true }, ...GROUP_DATA },
    open: true,
  },
  'groups show': {
    route: 'GET users/me/school/groups/{id}',
    reply: { group: GROUP },
    role: 'teacher',
    summary: 'Show one group of your school',
  },
  'groups update': {
    route: 'PUT users/me/school/groups/{id}',
    reply: { group: GROUP },
    role: 'admin',
    summary: "Update a group's name and settings",
    payload: { name: { ...NAME, optional: true }, ...GROUP_DATA },
    open: true,
  },
  'groups delete': {
    route: 'DELETE users/me/school/groups/{id}',
    reply: { deleted: 'boolean', id: 'serial' },
    role: 'admin',
    summary: 'Delete a group (its pupils stay in the school)',
    destructive: true,
  },
  'groups list-all': {
    route: 'GET users/me/school/groups/all',
    reply: { groups: [GROUP], total: 'int' },
    role: 'teacher',
    summary: 'List every group of your school, optionally with predicted stages',
    // schoolId: a superuser reads another school's groups (sandbox import) without switching theirs.
    payload: { predictStage: 'boolean?', schoolId: 'serial?' },
    note: 'Method inferred (GET): the spec says only "groups/all with predictStage".',
  },
  'groups delete-all': {
    route: 'DELETE users/me/school/groups',
    reply: { deleted: 'int' },
    role: 'admin',
    summary: 'Delete every group of your school',
    destructive: true,
    note: 'Path inferred: the spec says "DELETE all" inside the groups CRUD note; read as DELETE on the collection.',
  },
  'me groups': {
    route: 'GET users/me/groups',
    reply: { groups: [GROUP], total: 'int' },
    role: 'user',
    summary: 'List the groups the signed-in user belongs to',
  },
  'groups set-teachers': {
    route: 'PUT users/me/school/groups/{id}/teachers',
    reply: { teachers: [TEACHER] },
    role: 'admin',
    summary: 'Set the teachers of a group',
    payload: { teachers: 'ids' },
  },
  'groups remove-teacher': {
    route: 'DELETE users/me/school/groups/{id}/teachers',
    reply: { teachers: [TEACHER] },
    role: 'admin',
    summary: 'Remove one teacher from a group',
    payload: { teacherId: 'id' },
  },
  'groups teachers': {
    route: 'GET users/me/school/groups/{id}/teachers',
    reply: { teachers: [TEACHER], total: 'int' },
    role: 'teacher',
    summary: 'List the teachers of a group',
  },
  'groups add-pupils': {
    route: 'POST users/me/school/groups/{id}/pupils',
    reply: { group: GROUP, added: 'int', moved_from: ['serial'], pupils: [PUPIL] },
    role: 'admin',
    summary: 'Add pupils to a group; with move 1, take them out of their other groups',
    payload: { pupils: 'ids', move: 'flag?' },
  },
  'groups remove-pupil': {
    route: 'DELETE users/me/school/groups/{id}/pupils',
    reply: { group: GROUP, removed: 'int', pupils: [PUPIL] },
    role: 'admin',
    summary: 'Remove one pupil from a group',
    payload: { pupilId: 'id' },
  },
  'groups pupils': {
    route: 'GET users/me/school/groups/{id}/pupils',
    reply: { pupils: [PUPIL], total: 'int' },
    role: 'teacher',
    summary: 'List the pupils of a group',
  },
  'groups remove-pupils': {
    route: 'POST users/me/school/groups/{id}/pupils/remove',
    reply: { group: GROUP, removed: 'int', pupils: [PUPIL] },
    role: 'admin',
    summary: 'Remove several pupils from a group',
    open: true,
    destructive: true,
    note: 'Method inferred (POST): the spec gives no verb for /{id}/pupils/remove.',
  },
  'groups subgroups': {
    route: 'GET users/me/school/groups/{id}/groups',
    reply: { groups: [GROUP], total: 'int' },
    role: 'teacher',
    summary: 'List the subgroups of a group',
  },
  'groups create-subgroup': {
    route: 'POST users/me/school/groups/{id}/groups',
    reply: { group: GROUP },
    role: 'teacher',
    summary: 'Create a subgroup inside a group',
    payload: { name: NAME },
  },
  'groups subgroup-pupils': {
    route: 'GET users/me/school/groups/{id}/groups/{sub}/pupils',
    reply: { pupils: [PUPIL], total: 'int' },
    role: 'teacher',
    summary: 'List the pupils of a subgroup',
    note: 'Method inferred (GET): the spec gives no verb for /{id}/groups/{sub}/pupils.',
  },
  'groups set-number-stage': {
    route: 'PUT users/me/school/groups/{id}/pupils/setnumberstage',
    reply: { updated: 'int', stage_number: 'int' },
    role: 'teacher',
    summary: 'Set the maths (number) stage of every pupil in a group',
    payload: { stage_number: { kind: 'int', min: 1, max: MAX_NUMBER_STAGE } },
  },
  'groups set-spelling-stage': {
    route: 'PUT users/me/school/groups/{id}/pupils/setspellingstage',
    reply: { updated: 'int', stage_spelling: 'int' },
    role: 'teacher',
    summary: 'Set the spelling stage of every pupil in a group',
    payload: { stage_spelling: { kind: 'int', min: 1, max: MAX_SPELLING_STAGE } },
  },
  'groups activity': {
    route: 'GET users/me/school/groups/{id}/activity',
    reply: {
      group: inline({ id: 'serial', name: 'string' }),
      activity: [
        inline({
          user_id: 'serial',
          display_name: 'string',
          school_username: 'string',
          plays_7d: 'int',
          plays_30d: 'int',
          score_30d: 'int',
          last_played: nullable('date'),
        }),
      ],
    },
    role: 'teacher',
    summary: "Show a group's recent spelling activity",
  },
  'groups maths-activity': {
    route: 'GET users/me/school/groups/{id}/activitymaths',
    reply: {
      group: inline({ id: 'serial', name: 'string' }),
      activity: [
        inline({
          user_id: 'serial',
          display_name: 'string',
          school_username: 'string',
          plays_7d: 'int',
          plays_30d: 'int',
          score_30d: 'int',
          last_played: nullable('date'),
        }),
      ],
    },
    role: 'teacher',
    summary: "Show a group's recent maths activity",
  },
  'groups quiz-activity': {
    route: 'GET users/me/school/groups/{id}/activityquiz',
    reply: {
      group: inline({ id: 'serial', name: 'string' }),
      activity: [
        inline({
          user_id: 'serial',
          display_name: 'string',
          school_username: 'string',
          plays_7d: 'int',
          plays_30d: 'int',
          score_30d: 'int',
          last_played: { kind: 'date', nullable: true },
        }),
      ],
    },
    role: 'teacher',
    summary: "Show a group's recent quiz activity",
  },
  'groups spelling-history': {
    route: 'GET users/me/school/groups/{id}/history',
    reply: { group: inline({ id: 'serial', name: 'string' }), history: [GAME_SESSION], total: 'int' },
    role: 'teacher',
    summary: "List a group's spelling game sessions",
  },
  'groups spelling-history-lists': {
    route: 'GET users/me/school/groups/{id}/history/lists',
    reply: {
      group: inline({ id: 'serial', name: 'string' }),
      lists: [
        inline({
          list_ident: 'string',
          plays: 'int',
          score: 'int',
          correct: 'int',
          incorrect: 'int',
          accuracy: nullable('number'),
        }),
      ],
    },
    role: 'teacher',
    summary: 'List the spelling lists a group has played',
  },
  'groups game-type-history': {
    route: 'GET users/me/school/groups/{id}/game_play_type_history',
    reply: {
      group: inline({ id: 'serial', name: 'string' }),
      types: [
        inline({
          mode: 'string',
          plays: 'int',
          score: 'int',
          correct: 'int',
          incorrect: 'int',
          accuracy: nullable('number'),
        }),
      ],
    },
    role: 'teacher',
    summary: "Show a group's plays broken down by game type",
  },
  'groups grammar-plays': {
    route: 'GET users/me/school/groups/{id}/grammar/plays',
    reply: {
      group: inline({ id: 'serial', name: 'string' }),
      plays: [GAME_SESSION],
      total: 'int',
      summary: PLAY_SUMMARY,
    },
    role: 'teacher',
    summary: "List a group's grammar game plays",
  },
  'groups spelling-plays': {
    route: 'GET users/me/school/groups/{id}/spelling_plays',
    reply: {
      group: inline({ id: 'serial', name: 'string' }),
      plays: [GAME_SESSION],
      total: 'int',
      summary: PLAY_SUMMARY,
    },
    role: 'teacher',
    summary: "List a group's spelling game plays",
  },
  'groups mastery-zone-plays': {
    route: 'GET users/me/school/groups/{id}/mastery_zone_plays',
    reply: {
      group: inline({ id: 'serial', name: 'string' }),
      plays: [GAME_SESSION],
      total: 'int',
      summary: PLAY_SUMMARY,
    },
    role: 'teacher',
    summary: "List a group's Mastery Zone plays",
  },
  'groups mtc-plays': {
    route: 'GET users/me/school/groups/{id}/mtc_plays',
    reply: {
      group: inline({ id: 'serial', name: 'string' }),
      plays: [GAME_SESSION],
      total: 'int',
      summary: PLAY_SUMMARY,
    },
    role: 'teacher',
    summary: "List a group's multiplication tables check practice plays",
  },
  'groups mtc-statistics': {
    route: 'GET users/me/school/groups/{id}/mtc_statistics',
    reply: {
      group: inline({ id: 'serial', name: 'string' }),
      statistics: inline({
        plays: 'int',
        score: 'int',
        correct: 'int',
        incorrect: 'int',
        accuracy: nullable('number'),
      }),
      pupils: [
        inline({
          user_id: 'serial',
          display_name: 'string',
          plays: 'int',
          score: 'int',
          correct: 'int',
          incorrect: 'int',
          accuracy: { kind: 'number', nullable: true },
        }),
      ],
    },
    role: 'teacher',
    summary: "Show a group's multiplication tables check statistics",
  },
  'groups mtc-breakdown': {
    route: 'GET users/me/school/groups/{id}/mtc_breakdown',
    reply: {
      group: inline({ id: 'serial', name: 'string' }),
      tables: [
        inline({
          table: 'int',
          plays: 'int',
          score: 'int',
          correct: 'int',
          incorrect: 'int',
          accuracy: { kind: 'number', nullable: true },
        }),
      ],
    },
    role: 'teacher',
    summary: "Show a group's multiplication tables check results by table",
  },
  'groups mtc-pupil-progress': {
    route: 'GET users/me/school/groups/{id}/mtc_pupil_progress',
    reply: {
      group: inline({ id: 'serial', name: 'string' }),
      pupils: [
        inline({
          user_id: 'serial',
          display_name: 'string',
          months: [
            inline({
              month: 'string',
              plays: 'int',
              score: 'int',
              correct: 'int',
              incorrect: 'int',
              accuracy: nullable('number'),
            }),
          ],
        }),
      ],
    },
    role: 'teacher',
    summary: "Show each pupil's multiplication tables check progress in a group",
  },
  'groups number-plays': {
    route: 'GET users/me/school/groups/{id}/number_plays',
    reply: {
      group: inline({ id: 'serial', name: 'string' }),
      plays: [GAME_SESSION],
      total: 'int',
      summary: PLAY_SUMMARY,
    },
    role: 'teacher',
    summary: "List a group's maths (number) game plays",
  },
  'groups times-tables-overview': {
    route: 'GET users/me/school/groups/{id}/times_tables_overview',
    reply: {
      group: inline({ id: 'serial', name: 'string' }),
      tables: [
        inline({
          table: 'int',
          plays: 'int',
          score: 'int',
          correct: 'int',
          incorrect: 'int',
          accuracy: { kind: 'number', nullable: true },
        }),
      ],
    },
    role: 'teacher',
    summary: "Show a group's times tables overview",
  },
  'groups termly-spelling-progression': {
    route: 'GET users/me/school/groups/{id}/spelling/termly_progression',
    reply: {
      group: inline({ id: 'serial', name: 'string' }),
      terms: [
        inline({
          term: 'string',
          plays: 'int',
          score: 'int',
          correct: 'int',
          incorrect: 'int',
          accuracy: nullable('number'),
        }),
      ],
    },
    role: 'teacher',
    summary: "Show a group's spelling progression term by term",
  },
  'groups adaptive-spelling-levels': {
    route: 'GET users/me/school/groups/{id}/adaptive_spelling/historical_levels',
    reply: {
      group: inline({ id: 'serial', name: 'string' }),
      pupils: [inline({ user_id: 'serial', display_name: 'string', levels: [inline({ date: 'date', level: 'int' })] })],
    },
    role: 'teacher',
    summary: "Show a group's adaptive spelling levels over time",
  },
  'groups maths-history': {
    route: 'GET users/me/school/groups/{id}/mathshistory/{key}',
    reply: { group: inline({ id: 'serial', name: 'string' }), history: [GAME_SESSION], total: 'int' },
    role: 'teacher',
    summary: "List a group's maths game sessions for one game key",
  },
  'groups spelling-competency': {
    route: 'GET users/me/school/groups/{id}/spelling_competency',
    reply: {
      group: inline({ id: 'serial', name: 'string' }),
      pupils: [
        inline({
          user_id: 'serial',
          display_name: 'string',
          plays: 'int',
          score: 'int',
          correct: 'int',
          incorrect: 'int',
          accuracy: nullable('number'),
        }),
      ],
      summary: PLAY_SUMMARY,
    },
    role: 'teacher',
    summary: "Show a group's spelling competency",
  },
  'groups spelling-competency-gameplay': {
    route: 'GET users/me/school/groups/{id}/spelling-competency/gameplay',
    reply: {
      group: inline({ id: 'serial', name: 'string' }),
      gameplay: [
        inline({
          mode: 'string',
          plays: 'int',
          score: 'int',
          correct: 'int',
          incorrect: 'int',
          accuracy: nullable('number'),
        }),
      ],
    },
    role: 'teacher',
    summary: "Show a group's spelling competency from game play",
  },
  'groups spelling-assessment-breakdown': {
    route: 'GET users/me/school/groups/{id}/recent_spelling_assessment_breakdown',
    reply: {
      group: inline({ id: 'serial', name: 'string' }),
      pupils: [
        inline({
          user_id: 'serial',
          display_name: 'string',
          assessed_at: { kind: 'date', nullable: true },
          skills: inline({ 'SP-DOUBLE': 'int?', 'SP-SUFFIX': 'int?', 'SP-SILENT': 'int?' }),
        }),
      ],
    },
    role: 'teacher',
    summary: "Break down a group's most recent spelling assessment",
  },
  'groups diagnostic-data': {
    route: 'GET users/me/school/groups/{id}/pupils_diagnostic_data',
    reply: {
      group: inline({ id: 'serial', name: 'string' }),
      pupils: [inline({ user_id: 'serial', display_name: 'string', skills: 'object' })],
      skills: 'object',
    },
    role: 'teacher',
    summary: 'Show spelling diagnostic data for each pupil of a group',
  },
  'groups competence-parent-nodes': {
    route: 'GET users/me/school/groups/{id}/external_curricula/competence/parent_nodes',
    reply: { group: inline({ id: 'serial', name: 'string' }), nodes: [COMPETENCE_NODE] },
    role: 'teacher',
    summary: "Show a group's competence on top-level external curriculum nodes",
    note: 'Path inferred: the spec says "external_curricula/competence parent_nodes and child_nodes"; read as two sub-paths.',
  },
  'groups competence-child-nodes': {
    route: 'GET users/me/school/groups/{id}/external_curricula/competence/child_nodes',
    reply: { group: inline({ id: 'serial', name: 'string' }), nodes: [COMPETENCE_NODE] },
    role: 'teacher',
    summary: "Show a group's competence on child external curriculum nodes",
    note: 'Path inferred: the spec says "external_curricula/competence parent_nodes and child_nodes"; read as two sub-paths.',
  },
  'groups grammar-competence': {
    route: 'GET users/me/groups/{id}/grammar_competence',
    reply: {
      group: inline({ id: 'serial', name: 'string' }),
      stage: nullable('int'),
      locale: nullable('string'),
      skills: [
        inline({
          skill: 'string',
          plays: 'int',
          score: 'int',
          correct: 'int',
          incorrect: 'int',
          accuracy: nullable('number'),
        }),
      ],
    },
    role: 'teacher',
    summary: "Show a group's grammar competence for a stage and locale",
    payload: { stage: 'int?', locale: 'string?' },
  },
});
