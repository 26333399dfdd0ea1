import { defineArea } from './define.js';
import { RECORD } from '../shapes/record.js';

// Replies: the spec names a response key only where an entry has `response`; every other `reply` below is
// our choice, what the sandbox answers (see `reply` in define.ts).
export const learnerOtherArea = defineArea('learner-other', {
  'users champions': {
    route: 'GET users/champions',
    reply: { champions: [RECORD], total: 'int' },
    role: 'user',
    reach: 'everyone',
    summary: 'List the platform champions',
  },
  'reports flag': {
    route: 'POST reported/flag',
    reply: { flag: RECORD },
    role: 'user',
    summary: 'Flag content or a user for review',
    open: true,
  },
  'feedback send': {
    route: 'POST feedback',
    reply: { feedback: RECORD },
    role: 'user',
    summary: 'Send feedback about the platform',
    open: true,
  },
  'feedback list': {
    route: 'GET feedback',
    reply: { feedback: [RECORD], total: 'int' },
    role: 'superuser',
    summary: 'List feedback sent by users, optionally with the sender (includeUser)',
    open: true,
  },
  'feedback show': {
    route: 'GET feedback/{id}',
    reply: { feedback: RECORD },
    role: 'superuser',
    summary: 'Show one piece of feedback',
  },
  'feedback delete': {
    route: 'DELETE feedback/{id}',
    reply: { feedback: RECORD },
    role: 'superuser',
    summary: 'Delete a piece of feedback',
    destructive: true,
  },
  'feedback set-archived': {
    route: 'PUT feedback/{id}/archive_status',
    reply: { feedback: RECORD },
    role: 'superuser',
    summary: 'Archive or unarchive a piece of feedback (flag 0 or 1)',
    open: true,
  },
  'images upload': {
    route: 'POST images',
    reply: { image: RECORD },
    role: 'user',
    summary: 'Upload an image into a namespace',
    payload: { image: 'string', namespace: 'string' },
  },
});
