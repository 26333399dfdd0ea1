import { HOMEWORK_GAMES } from '../domain/games.js';
import { defineArea } from './define.js';
import { inline, nullable } from '../shapes/define.js';
import {
  HOMEWORK,
  HOMEWORK_RESULTS,
  HOMEWORK_SESSIONS,
  HOMEWORK_SET,
  PLAY_SUMMARY,
  SKILL,
} from '../shapes/homework.js';

const TITLE = { kind: 'text', min: 1, max: 200 } as const;
/** The group homework is set for; null sets it for none. */
const GROUP = { kind: 'serial', optional: true, nullable: true } as const;
/**
 * Pupil ids: a list (possibly empty), comma-joined, or one id. `json`, not `ids`: clients send an empty
 * list when they set homework for a group only, which the `ids` kind refuses; the sandbox reads them
 * with the kit's id-list reader.
 */
const PUPIL_IDS = { pupilIds: 'json?', user_ids: 'json?' } as const;

/**
 * Homework's own fields as sent, inside `homework` or at the top level (the spec does not list them; the
 * sandbox keeps other keys as free-form data). One statement for the table and the sandbox.
 */
export const HOMEWORK_FIELDS = {
  title: { ...TITLE, optional: true },
  game: { oneOf: HOMEWORK_GAMES, optional: true },
  list_ident: { kind: 'string', max: 100, optional: true, nullable: true },
  starts_at: 'date?',
  ends_at: { kind: 'date', optional: true, nullable: true },
} as const;

/** New homework's fields: as HOMEWORK_FIELDS, with the title required. */
export const NEW_HOMEWORK_FIELDS = { ...HOMEWORK_FIELDS, title: TITLE } as const;

/** A new homework set's own fields, sent inside `homework_set` or at the top level with its `homework` list. */
export const HOMEWORK_SET_FIELDS = { title: TITLE, group_id: GROUP } as const;

// Replies: the spec names a response key only where an entry has `response`; every other `reply` below is
// our choice, what the sandbox answers (see `reply` in define.ts).
export const homeworkArea = defineArea('homework', {
  'homework list': {
    route: 'GET homework',
    reply: { homework: [HOMEWORK], total: 'int' },
    role: 'teacher',
    summary: 'List the homework you have set',
  },
  'homework create': {
    route: 'POST homework',
    reply: { homework: HOMEWORK },
    role: 'teacher',
    summary: 'Set homework for pupils or a group',
    payload: { homework: 'json?', ...PUPIL_IDS, group_id: GROUP, isNewEdShedPortal: 'flag?' },
    open: true,
  },
  'homework show': {
    route: 'GET homework/{id}',
    reply: { homework: HOMEWORK },
    role: 'teacher',
    summary: 'Show one homework',
  },
  'homework update': {
    route: 'PUT homework/{id}',
    reply: { homework: HOMEWORK },
    role: 'teacher',
    summary: "Update a homework's content, dates or settings",
    open: true,
  },
  'homework delete': {
    route: 'DELETE homework/{id}',
    reply: { deleted: 'int', ids: ['serial'] },
    role: 'teacher',
    summary: 'Delete a homework',
    destructive: true,
  },
  'homework delete-many': {
    route: 'DELETE homework',
    reply: { deleted: 'int', ids: ['serial'] },
    role: 'teacher',
    summary: 'Delete several homework by id',
    payload: { ids: 'ids' },
    destructive: true,
  },
  'homework spelling-data': {
    route: 'GET homework/{id}/data',
    reply: HOMEWORK_RESULTS,
    role: 'teacher',
    summary: 'Show spelling results of a homework, optionally for given pupils',
    payload: { user_ids: 'ids?' },
  },
  'homework number-data': {
    route: 'GET homework/{id}/numberdata',
    reply: HOMEWORK_RESULTS,
    role: 'teacher',
    summary: 'Show maths results of a homework, optionally for given pupils',
    payload: { user_ids: 'ids?' },
  },
  'homework grammar-data': {
    route: 'GET homework/{id}/grammardata',
    reply: HOMEWORK_RESULTS,
    role: 'teacher',
    summary: 'Show grammar results of a homework, optionally for given pupils',
    payload: { user_ids: 'ids?' },
  },
  'homework quiz-data': {
    route: 'GET homework/{id}/quizdata',
    reply: HOMEWORK_RESULTS,
    role: 'teacher',
    summary: 'Show quiz results of a homework, optionally for given pupils',
    payload: { user_ids: 'ids?' },
  },
  'homework phonics-data': {
    route: 'GET homework/{id}/phonicsdata',
    reply: HOMEWORK_RESULTS,
    role: 'teacher',
    summary: 'Show phonics results of a homework, optionally for given pupils',
    payload: { user_ids: 'ids?' },
  },
  'homework lesson-data': {
    route: 'GET homework/{id}/lessondata',
    reply: HOMEWORK_RESULTS,
    role: 'teacher',
    summary: 'Show lesson results of a homework, optionally for given pupils',
    payload: { user_ids: 'ids?' },
  },
  'homework spelling-sessions': {
    route: 'GET homework/{id}/sessions',
    reply: HOMEWORK_SESSIONS,
    role: 'teacher',
    summary: 'List spelling sessions played for a homework',
    payload: { user_ids: 'ids?' },
  },
  'homework number-sessions': {
    route: 'GET homework/{id}/numbersessions',
    reply: HOMEWORK_SESSIONS,
    role: 'teacher',
    summary: 'List maths sessions played for a homework',
    payload: { user_ids: 'ids?' },
  },
  'homework quiz-sessions': {
    route: 'GET homework/{id}/quizsessions',
    reply: HOMEWORK_SESSIONS,
    role: 'teacher',
    summary: 'List quiz sessions played for a homework',
    payload: { user_ids: 'ids?' },
  },
  'homework phonics-sessions': {
    route: 'GET homework/{id}/phonicssessions',
    reply: HOMEWORK_SESSIONS,
    role: 'teacher',
    summary: 'List phonics sessions played for a homework',
    payload: { user_ids: 'ids?' },
  },
  'homework grammar-sessions': {
    route: 'GET homework/{id}/grammarsessions',
    reply: HOMEWORK_SESSIONS,
    role: 'teacher',
    summary: 'List grammar sessions played for a homework',
    payload: { user_ids: 'ids?' },
  },
  'homework add-pupils': {
    route: 'POST homework/{id}/pupils',
    reply: { homework: HOMEWORK },
    role: 'teacher',
    summary: 'Set a homework for more pupils',
    payload: PUPIL_IDS,
    open: true,
  },
  'homework remove-pupils': {
    route: 'DELETE homework/{id}/pupils',
    reply: { homework: HOMEWORK },
    role: 'teacher',
    summary: 'Take pupils off a homework',
    payload: PUPIL_IDS,
    open: true,
    destructive: true,
  },
  'homework assign-group': {
    route: 'PUT homework/{id}/group/{gid}',
    reply: { homework: HOMEWORK },
    role: 'teacher',
    summary: 'Set a homework for a group',
  },
  'homework unassign-group': {
    route: 'DELETE homework/{id}/group/{gid}',
    reply: { homework: HOMEWORK },
    role: 'teacher',
    summary: 'Take a group off a homework',
  },
  'homework add-teacher': {
    route: 'POST homework/{id}/teachers/{tid}',
    reply: { homework: HOMEWORK },
    role: 'teacher',
    summary: 'Share a homework with another teacher',
    idempotent: true,
  },
  'homework remove-teacher': {
    route: 'DELETE homework/{id}/teachers/{tid}',
    reply: { homework: HOMEWORK },
    role: 'teacher',
    summary: 'Stop sharing a homework with a teacher',
  },
  'homework for-group': {
    route: 'GET homework/group/{id}',
    reply: { homework: [HOMEWORK], total: 'int' },
    role: 'teacher',
    summary: 'List the homework set for a group',
  },
  'homework-sets list': {
    route: 'GET homework/multi',
    reply: { homework_sets: [HOMEWORK_SET], total: 'int' },
    role: 'teacher',
    summary: 'List multi-part homework sets, optionally for one group',
    payload: { group_id: 'id?' },
  },
  'homework-sets create': {
    route: 'POST homework/multi',
    reply: { homework_set: HOMEWORK_SET },
    role: 'teacher',
    summary: 'Set a multi-part homework set',
    payload: { homework_set: 'json?' },
    open: true,
  },
  'homework-sets update': {
    route: 'PUT homework/multi/{id}',
    reply: { homework_set: HOMEWORK_SET },
    role: 'teacher',
    summary: 'Update a multi-part homework set',
    payload: {
      title: HOMEWORK_FIELDS.title,
      group_id: HOMEWORK_SET_FIELDS.group_id,
      starts_at: HOMEWORK_FIELDS.starts_at,
      ends_at: HOMEWORK_FIELDS.ends_at,
    },
    open: true,
  },
  'homework-sets detach': {
    route: 'PATCH homework/multi/detach',
    reply: { detached: 'int', homework: [HOMEWORK] },
    role: 'teacher',
    summary: 'Detach homework from their multi-part set, keeping them as single homework',
    payload: { ids: 'ids' },
    idempotent: true,
    note: 'Path inferred: the spec says "PATCH detach {ids}" under homework/multi; could be homework/multi/{id}/detach.',
  },
  'homework-sets delete-many': {
    route: 'DELETE homework/multi',
    reply: { deleted: 'int', homework_deleted: 'int' },
    role: 'teacher',
    summary: 'Delete several multi-part homework sets by id',
    payload: { ids: 'ids' },
    destructive: true,
  },
  'homework-sets competence': {
    route: 'GET homework/multi/{id}/competence',
    reply: {
      homework_set_id: 'serial',
      pupils: [
        inline({
          user_id: 'serial',
          display_name: 'string',
          completed: 'int',
          of: 'int',
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
    summary: 'Show pupil competence across a multi-part homework set',
  },
  'homework group-quiz-tests': {
    route: 'GET homework/group/{id}/question_sets/tests',
    reply: { tests: [inline({ homework: HOMEWORK, results: PLAY_SUMMARY })] },
    role: 'teacher',
    summary: 'List the quiz tests set as homework for a group',
  },
  'homework pupil-quiz-tests': {
    route: 'GET homework/pupil/{id}/question_sets/tests',
    reply: { tests: [inline({ homework: HOMEWORK, results: PLAY_SUMMARY })] },
    role: 'teacher',
    summary: 'List the quiz tests set as homework for a pupil',
  },
  'homework spelling-diagnostic-skills': {
    route: 'GET spelling_diagnostic_skills',
    reply: { skills: [SKILL], total: 'int' },
    role: 'teacher',
    summary: 'List the spelling diagnostic skills a homework can target',
  },
});
