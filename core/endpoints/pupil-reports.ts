import { defineArea } from './define.js';
import { RECORD } from '../shapes/record.js';

// Replies: the spec names a response key only where an entry has `response`; every other `reply` below is
// our choice, what the sandbox answers (see `reply` in define.ts).
export const pupilReportsArea = defineArea('pupil-reports', {
  'pupils words-spelled': {
    route: 'GET users/me/school/pupils/{id}/wordsspelled',
    reply: { wordsspelled: [RECORD], total: 'int' },
    role: 'teacher',
    summary: 'Show the words a pupil has spelled, right and wrong',
  },
  'groups words-spelled': {
    route: 'GET users/me/school/groups/{id}/wordsspelled',
    reply: { wordsspelled: [RECORD], total: 'int' },
    role: 'teacher',
    summary: "Show the words a group's pupils have spelled, right and wrong",
  },
  'groups spelling-overview': {
    route: 'GET users/me/school/groups/{id}/spelling/overview',
    reply: { overview: [RECORD], total: 'int' },
    role: 'teacher',
    summary: "Show an overview of a group's spelling, for a stage",
    payload: { stage: 'int?' },
  },
});
