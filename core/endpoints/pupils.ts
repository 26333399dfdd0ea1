import { MAX_PUPIL_BATCH } from '../domain/constants.js';
import { defineArea } from './define.js';
import { inline, listOf, nullable } from '../shapes/define.js';
import { PUPIL } from '../shapes/user.js';
import { PUPIL_SUBSCRIPTION } from '../shapes/subscription.js';
import { GAME_SESSION, PLAY_SUMMARY } from '../shapes/homework.js';

const SESSION_NOTE =
  'Prefix from context: the spec says "DELETE single sessions under history/{id}, ..." after the pupil history calls.';

// Replies: the spec names a response key only where an entry has `response`; every other `reply` below is
// our choice, what the sandbox answers (see `reply` in define.ts).
export const pupilsArea = defineArea('pupils', {
  'pupils list': {
    route: 'GET users/me/school/pupils',
    reply: { pupils: [PUPIL], total: 'int' },
    role: 'teacher',
    summary: 'List the pupils of your school, optionally by school username',
    payload: { school_username: 'string?', skip: 'skip?', take: 'take?' },
  },
  'pupils show': {
    route: 'GET users/me/school/pupils/{id}',
    reply: { pupil: PUPIL },
    role: 'teacher',
    summary: 'Show one pupil of your school',
  },
  'pupils update': {
    route: 'PUT users/me/school/pupils/{id}',
    reply: { pupil: PUPIL },
    role: 'admin',
    summary: "Update a pupil's name, username, password or stages",
    open: true,
  },
  'pupils update-many': {
    route: 'PUT users/me/school/pupils',
    reply: { pupils: [PUPIL], total: 'int' },
    role: 'admin',
    summary: 'Update several pupils at once from a list',
    payload: { pupils: 'json' },
  },
  'pupils create': {
    route: 'POST users/me/school/pupils',
    reply: { pupils: [PUPIL], total: 'int' },
    role: 'admin',
    summary: 'Add pupils to your school from a list',
    payload: { pupils: 'json' },
  },
  'pupils delete-many': {
    route: 'DELETE users/me/school/pupils',
    reply: { deleted: 'int', ids: ['serial'] },
    role: 'admin',
    summary: 'Delete pupils by id (comma-joined), or every pupil with *',
    payload: { ids: 'ids' },
    destructive: true,
    note: 'The spec does not name the key that carries the ids; ids is our reading.',
  },
  'pupils generate': {
    route: 'POST users/me/school/pupils/generate',
    reply: { pupils: [PUPIL], total: 'int' },
    role: 'admin',
    summary: 'Generate a number of pupil accounts with made-up names',
    payload: { amount: { kind: 'int', min: 1, max: MAX_PUPIL_BATCH } },
  },
  'pupils export-csv': {
    route: 'GET users/me/school/pupils/csv',
    reply: { csv: 'string', count: 'int', filename: 'string' },
    role: 'admin',
    summary: 'Download pupils and their logins as CSV',
    payload: { pupilIds: 'ids' },
  },
  'display-names generate': {
    route: 'GET users/displayname',
    // One name, or `amount` of them.
    reply: { displayName: 'string?', displayNames: listOf('string', { optional: true }) },
    role: 'user',
    summary: 'Suggest one or more random display names',
    payload: { amount: { kind: 'int', min: 1, max: 100, optional: true } },
    response: 'displayName,displayNames',
  },
  'usernames generate': {
    route: 'GET users/generate',
    reply: { username: 'string' },
    role: 'user',
    summary: 'Suggest a free username from a name',
    payload: { name: 'string' },
  },
  'pupils increment-stages': {
    route: 'POST users/me/school/incrementstages',
    reply: { updated: 'int' },
    role: 'admin',
    summary: 'Move every pupil of your school up one stage for the new year',
  },
  'me update-settings': {
    route: 'PATCH users/me/settings',
    reply: { settings: inline({}) },
    role: 'user',
    summary: "Change the signed-in user's settings",
    open: true,
  },
  'users exists': {
    route: 'GET users/exists',
    reply: { exists: 'boolean' },
    role: 'public',
    summary: 'Check whether a username, email or school username is taken',
    payload: { username: 'string?', email: 'string?', school_username: 'string?' },
    exactlyOne: [['username', 'email', 'school_username']],
    response: 'exists',
  },
  'pupils spelling-history': {
    route: 'GET users/me/school/pupils/{id}/history',
    reply: { history: [GAME_SESSION], total: 'int', summary: PLAY_SUMMARY },
    role: 'teacher',
    summary: "List a pupil's spelling game sessions",
  },
  'pupils spelling-list-history': {
    route: 'GET users/me/school/pupils/{id}/history/list/{ident}',
    reply: { history: [GAME_SESSION], total: 'int', summary: PLAY_SUMMARY },
    role: 'teacher',
    summary: "List a pupil's spelling sessions on one list",
  },
  'pupils beekeeper-history': {
    route: 'GET users/me/school/pupils/{id}/beekeeperhistory',
    reply: { history: [GAME_SESSION], total: 'int', summary: PLAY_SUMMARY },
    role: 'teacher',
    summary: "List a pupil's Beekeeper game sessions",
  },
  'pupils buzzwords-history': {
    route: 'GET users/me/school/pupils/{id}/buzzwordshistory',
    reply: { history: [GAME_SESSION], total: 'int', summary: PLAY_SUMMARY },
    role: 'teacher',
    summary: "List a pupil's Buzzwords game sessions",
  },
  'pupils squirrel-scurry-history': {
    route: 'GET users/me/school/pupils/{id}/squirrelscurry',
    reply: { history: [GAME_SESSION], total: 'int', summary: PLAY_SUMMARY },
    role: 'teacher',
    summary: "List a pupil's Squirrel Scurry game sessions",
  },
  'pupils squirrel-scurry-session': {
    route: 'GET users/me/school/pupils/{id}/squirrelscurry/{sessionId}',
    reply: { session: GAME_SESSION },
    role: 'teacher',
    summary: 'Show one Squirrel Scurry session of a pupil',
  },
  'pupils monthly-spelling-competency': {
    route: 'GET users/me/school/pupils/{id}/monthly_spelling_competency',
    reply: {
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
    },
    role: 'teacher',
    summary: "Show a pupil's spelling competency month by month",
  },
  'pupils maths-history': {
    route: 'GET users/me/school/pupils/{id}/mathshistory',
    reply: { history: [GAME_SESSION], total: 'int', summary: PLAY_SUMMARY },
    role: 'teacher',
    summary: "List a pupil's maths game sessions, optionally for one game key",
    payload: { key: 'string?' },
  },
  'pupils times-tables-overview': {
    route: 'GET users/me/school/pupils/{id}/times_tables_overview',
    reply: {
      tables: [
        inline({
          table: 'int',
          plays: 'int',
          correct: 'int',
          incorrect: 'int',
          accuracy: { kind: 'number', nullable: true },
        }),
      ],
    },
    role: 'teacher',
    summary: "Show a pupil's times tables overview",
  },
  'pupils subscriptions': {
    route: 'GET users/me/school/pupils/{id}/subscriptions',
    reply: { subscriptions: [PUPIL_SUBSCRIPTION], total: 'int' },
    role: 'teacher',
    summary: 'List the subscriptions a pupil is assigned to',
  },
  'pupils times-tables-competency': {
    route: 'GET users/me/school/pupils/timestablescompetency',
    reply: {
      pupils: [
        inline({
          id: 'serial',
          display_name: 'string',
          school_username: 'string',
          plays: 'int',
          accuracy: { kind: 'number', nullable: true },
        }),
      ],
      total: 'int',
    },
    role: 'teacher',
    summary: "Show times tables competency for your school's pupils",
  },
  'pupils delete-spelling-session': {
    route: 'DELETE users/me/school/pupils/{id}/history/{sessionId}',
    reply: { deleted: 'boolean', id: 'serial' },
    role: 'teacher',
    summary: "Delete one spelling session from a pupil's history",
    destructive: true,
    note: SESSION_NOTE,
  },
  'pupils delete-beekeeper-session': {
    route: 'DELETE users/me/school/pupils/{id}/beekeeperhistory/{sessionId}',
    reply: { deleted: 'boolean', id: 'serial' },
    role: 'teacher',
    summary: "Delete one Beekeeper session from a pupil's history",
    destructive: true,
    note: SESSION_NOTE,
  },
  'pupils delete-buzzwords-session': {
    route: 'DELETE users/me/school/pupils/{id}/buzzwordshistory/{sessionId}',
    reply: { deleted: 'boolean', id: 'serial' },
    role: 'teacher',
    summary: "Delete one Buzzwords session from a pupil's history",
    destructive: true,
    note: SESSION_NOTE,
  },
  'pupils delete-maths-session': {
    route: 'DELETE users/me/school/pupils/{id}/mathshistory/{sessionId}',
    reply: { deleted: 'boolean', id: 'serial' },
    role: 'teacher',
    summary: "Delete one maths session from a pupil's history",
    destructive: true,
    note: SESSION_NOTE,
  },
});
