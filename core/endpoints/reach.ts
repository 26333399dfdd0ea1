/**
 * Whose records each area's calls reach by default (the words are `REACHES` in define.ts); an entry whose
 * call differs says `reach` itself. Reads are GET calls, writes every other method. Kept beside the area
 * files rather than in them so that a default is one line here and an entry changes only where it differs.
 */
import type { ReachRule } from './define.js';
import type { AREAS } from './index.js';

type AreaName = (typeof AREAS)[number]['area'];

/** What a table built without defaults (a test's small table) gets: the kit's rule for a school's rows. */
export const DEFAULT_REACH: ReachRule = 'school';

/** Content anyone signed in may read once published, changed only by its author: lists, lessons, question sets. */
const AUTHORED: ReachRule = { read: 'published', write: 'own' };

/** Every area's default reach. */
export const AREA_REACH: { readonly [N in AreaName]: ReachRule } = {
  site: 'everyone',
  // users/me calls, a user's devices and sign-in steps
  auth: 'own',
  // avatar items are the catalogue; anyone's avatar may be shown; a user's avatar changed by them or their teachers
  avatar: { read: 'everyone', write: 'own' },
  writing: 'own',
  lists: AUTHORED,
  // game sessions are the player's; playing, favouriting or reporting a list only reads it (see the entries)
  'spelling-sessions': 'own',
  number: 'own',
  'quiz-sessions': 'own',
  'curricula-resources': 'everyone',
  'tower-game': 'own',
  lessons: AUTHORED,
  'question-sets': AUTHORED,
  // teachers' notes on pupils and groups are their school's
  notes: 'school',
  dictionary: 'everyone',
  // assessments and screening sessions are the school's; phonemes and books the catalogue (see the entries)
  phonics: 'school',
  'pupil-reports': 'school',
  // questions, lessons and topics are the catalogue; a game session is the player's (see the entries)
  grammar: { read: 'everyone', write: 'own' },
  // feedback and flags are read by superusers only
  'learner-other': 'superuser',
  'quiz-questions': AUTHORED,
  school: 'school',
  payments: 'school',
  rostering: 'school',
  pupils: 'school',
  groups: 'school',
  homework: 'school',
  'hives-leagues': 'school',
  'teachers-users': 'school',
  'school-subscriptions': 'school',
  'subscription-catalogue': 'everyone',
  'superuser-billing': 'superuser',
  districts: 'school',
  rewards: 'school',
  'deleted-users': 'school',
  // sales staff read every school's sales and engagement
  'sales-reporting': 'everyone',
  countries: 'everyone',
  store: 'school',
  vat: 'everyone',
  system: 'superuser',
};
