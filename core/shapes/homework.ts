/** Homework, homework sets and the game sessions and results they are read with. */
import { HOMEWORK_GAMES } from '../domain/games.js';
import { defineShape, inline, nullable } from './define.js';

/** A piece of homework: what it sets (a game and a list), when, for whom (pupils, groups), and who teaches it. */
export const HOMEWORK = defineShape(
  'homework',
  {
    id: 'serial',
    school_id: 'serial',
    owner_id: nullable('serial'),
    set_id: nullable('serial'),
    title: 'string',
    game: { oneOf: HOMEWORK_GAMES },
    list_ident: nullable('string'),
    starts_at: 'date',
    ends_at: nullable('date'),
    isNewEdShedPortal: 'boolean',
    pupil_ids: ['serial'],
    group_ids: ['serial'],
    teacher_ids: ['serial'],
    created_at: 'date',
    updated_at: 'date',
  },
  {
    summary: 'A piece of homework: the game and list it sets, its dates, pupils and groups',
    columns: ['id', 'title', 'game', 'list_ident', 'starts_at', 'ends_at'],
  },
);

/** Several pieces of homework set together (a week's), optionally for one group. */
export const HOMEWORK_SET = defineShape(
  'homework_set',
  {
    id: 'serial',
    school_id: 'serial',
    owner_id: nullable('serial'),
    group_id: nullable('serial'),
    title: 'string',
    homework: [HOMEWORK],
    created_at: 'date',
    updated_at: 'date',
  },
  { summary: 'A set of homework made together', columns: ['id', 'title', 'group_id', 'created_at'] },
);

/** Totals of a run of game sessions: plays, score, right and wrong answers, accuracy (null with no answers). */
export const PLAY_SUMMARY = inline({
  plays: 'int',
  score: 'int',
  correct: 'int',
  incorrect: 'int',
  accuracy: nullable('number'),
});

/** How one pupil did at a piece of homework (or a set of it). */
export const PUPIL_RESULT = defineShape(
  'pupil_result',
  {
    user_id: 'serial',
    display_name: 'string',
    completed: 'boolean',
    best_score: 'int',
    plays: 'int',
    score: 'int',
    correct: 'int',
    incorrect: 'int',
    accuracy: nullable('number'),
  },
  {
    summary: "A pupil's result at homework: plays, best score, accuracy",
    columns: ['user_id', 'display_name', 'completed', 'best_score', 'accuracy'],
  },
);

/** What a homework report answers: each pupil's result and the totals. */
export const HOMEWORK_RESULTS = {
  homework_id: 'serial',
  game: { oneOf: HOMEWORK_GAMES },
  pupils: [PUPIL_RESULT],
  summary: PLAY_SUMMARY,
} as const;

/**
 * One game session a pupil played: the game and mode, the list, the homework it counted for, the stage,
 * score and answers; `details` is the game's own record (the words spelt, the table practised...).
 */
export const GAME_SESSION = defineShape(
  'game_session',
  {
    id: 'serial',
    user_id: 'serial',
    game: 'string',
    mode: nullable('string'),
    list_ident: nullable('string'),
    homework_id: nullable('serial'),
    stage: nullable('int'),
    score: 'int',
    correct: 'int',
    incorrect: 'int',
    accuracy: nullable('number'),
    details: 'object',
    created_at: 'date',
  },
  {
    summary: 'A game session a pupil played: game, list, score and answers',
    columns: ['id', 'user_id', 'game', 'list_ident', 'score', 'accuracy', 'created_at'],
  },
);

/** A homework's sessions: which homework, its sessions, and how many there are. */
export const HOMEWORK_SESSIONS = { homework_id: 'serial', sessions: [GAME_SESSION], total: 'int' } as const;

/** A spelling diagnostic skill (a pattern of words a pupil may not have mastered) and its stage. */
export const SKILL = defineShape(
  'skill',
  { id: 'serial', code: 'string', name: 'string', stage: 'int' },
  { summary: 'A spelling diagnostic skill', columns: ['id', 'code', 'name', 'stage'] },
);
