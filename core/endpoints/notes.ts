import { defineArea } from './define.js';
import { RECORD } from '../shapes/record.js';

// Replies: the spec names a response key only where an entry has `response`; every other `reply` below is
// our choice, what the sandbox answers (see `reply` in define.ts).
export const notesArea = defineArea('notes', {
  'notes create': {
    route: 'POST notes',
    reply: { note: RECORD },
    role: 'teacher',
    summary: 'Add a note to a target (a pupil, group or other record)',
    payload: { target: 'json', data: 'json' },
  },
  'notes delete': {
    route: 'DELETE notes/{id}',
    reply: { note: RECORD },
    role: 'teacher',
    summary: 'Delete a note',
    destructive: true,
  },
  'notes update': {
    route: 'PATCH notes/{id}',
    reply: { note: RECORD },
    role: 'teacher',
    summary: 'Update a note',
    open: true,
    idempotent: true,
  },
  'notes list': {
    route: 'GET notes/{type}/{id}',
    reply: { note: RECORD },
    role: 'teacher',
    summary: 'List the notes on a target, by its type and id',
  },
});
