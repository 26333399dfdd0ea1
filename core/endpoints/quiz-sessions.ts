import { defineArea } from './define.js';
import { RECORD } from '../shapes/record.js';

// Replies: the spec names a response key only where an entry has `response`; every other `reply` below is
// our choice, what the sandbox answers (see `reply` in define.ts).
export const quizSessionsArea = defineArea('quiz-sessions', {
  'quiz-sessions list': {
    route: 'GET quiz/session',
    reply: { session: [RECORD], total: 'int' },
    role: 'user',
    summary: 'List quiz sessions',
    open: true,
  },
  'quiz-sessions start': {
    route: 'POST quiz/session',
    reply: { session: RECORD },
    role: 'user',
    summary: 'Start a quiz session on a question set',
    open: true,
  },
  'quiz-sessions show': {
    route: 'GET quiz/session/{id}',
    reply: { session: RECORD },
    role: 'user',
    summary: 'Show a quiz session',
  },
  'quiz-sessions start-test': {
    route: 'POST quiz/session/test',
    reply: { test: RECORD },
    role: 'user',
    summary: 'Start a quiz session in test mode',
    open: true,
  },
  'quiz-sessions save': {
    route: 'PUT quiz/session',
    reply: { session: RECORD },
    role: 'user',
    summary: 'Save the answers and state of a quiz session',
    open: true,
  },
  'quiz-sessions save-progression': {
    route: 'PUT quiz/session/progression',
    reply: { progression: RECORD },
    role: 'user',
    summary: "Save a quiz session's progression through its questions",
    open: true,
  },
  'quiz-sessions mark-answer': {
    route: 'PATCH quiz/session/mark-answer',
    reply: { mark_answer: RECORD },
    role: 'teacher',
    reach: 'school',
    summary: 'Mark a quiz answer right or wrong and give it a score',
    payload: { answer_id: 'id', correct: 'boolean', score: 'number' },
    idempotent: true,
  },
});
