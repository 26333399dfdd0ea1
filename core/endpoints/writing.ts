import { defineArea } from './define.js';
import { RECORD } from '../shapes/record.js';

// Replies: the spec names a response key only where an entry has `response`; every other `reply` below is
// our choice, what the sandbox answers (see `reply` in define.ts).
export const writingArea = defineArea('writing', {
  'writing-pieces list': {
    route: 'GET writing_pieces/pieces',
    reply: { pieces: [RECORD], total: 'int' },
    role: 'user',
    summary: 'List your writing pieces',
  },
  'writing-pieces save': {
    route: 'PUT writing_pieces/pieces',
    reply: { piece: RECORD },
    role: 'user',
    summary: 'Save a writing piece, creating it or replacing its text',
    open: true,
  },
  'writing-pieces show': {
    route: 'GET writing_pieces/pieces/{id}',
    reply: { piece: RECORD },
    role: 'user',
    summary: 'Show one writing piece',
  },
  'writing-pieces delete': {
    route: 'DELETE writing_pieces/pieces/{id}',
    reply: { piece: RECORD },
    role: 'user',
    summary: 'Delete a writing piece',
    destructive: true,
  },
  'writing-pieces process': {
    route: 'POST writing_pieces/process',
    reply: { process: RECORD },
    role: 'user',
    summary: 'Send a piece of writing to be processed and analysed',
    open: true,
  },
});
