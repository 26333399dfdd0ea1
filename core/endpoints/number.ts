import { defineArea } from './define.js';
import { RECORD } from '../shapes/record.js';

// Replies: the spec names a response key only where an entry has `response`; every other `reply` below is
// our choice, what the sandbox answers (see `reply` in define.ts).
export const numberArea = defineArea('number', {
  'number-sessions save': {
    route: 'PUT number/gamesession',
    reply: { gamesession: RECORD },
    role: 'user',
    summary: 'Save a number (maths) game session',
    payload: { data: 'json' },
  },
  'groups number-overview': {
    route: 'GET users/me/school/groups/{id}/number/overview',
    reply: { overview: [RECORD], total: 'int' },
    role: 'teacher',
    summary: "Show an overview of a group's number (maths) play and progress",
  },
});
