import { defineArea } from './define.js';
import { RECORD } from '../shapes/record.js';

// Replies: the spec names a response key only where an entry has `response`; every other `reply` below is
// our choice, what the sandbox answers (see `reply` in define.ts).
export const quizQuestionsArea = defineArea('quiz-questions', {
  'quiz-questions list': {
    route: 'GET quiz/questions',
    reply: { questions: [RECORD], total: 'int' },
    role: 'teacher',
    summary: 'List the questions of a quiz question set, with optional filters',
    payload: { set_id: 'id' },
    open: true,
    response: 'questions',
  },
  'quiz-questions show': {
    route: 'GET quiz/questions/{id}',
    reply: { question: RECORD },
    role: 'teacher',
    summary: 'Show one quiz question',
  },
  'quiz-questions update': {
    route: 'PUT quiz/questions/{id}',
    reply: { question: RECORD },
    role: 'teacher',
    summary: 'Replace a quiz question with new text, answers and settings',
    open: true,
  },
  'quiz-questions delete': {
    route: 'DELETE quiz/questions/{id}',
    reply: { question: RECORD },
    role: 'teacher',
    summary: 'Delete a quiz question from its set',
    destructive: true,
  },
  'quiz-questions create': {
    route: 'POST quiz/questions',
    reply: { question: RECORD },
    role: 'teacher',
    summary: 'Add a question to a quiz question set',
    payload: { question: 'json' },
  },
  'quiz-questions delete-many': {
    route: 'DELETE quiz/questions',
    reply: { deleted: 'int' },
    role: 'teacher',
    summary: 'Delete several quiz questions by id',
    payload: { ids: 'ids' },
    destructive: true,
  },
  'quiz-questions move': {
    route: 'PATCH quiz/questions/{id}/move',
    reply: { question: RECORD },
    role: 'teacher',
    summary: 'Move a quiz question up or down its set by delta places',
    payload: { delta: 'int' },
  },
  'quiz-questions apply-sort-orders': {
    route: 'PATCH quiz/questions/apply_sort_orders',
    reply: { apply_sort_order: RECORD },
    role: 'teacher',
    summary: 'Save the order of quiz questions in a set',
    open: true,
    idempotent: true,
  },
  'quiz-questions report': {
    route: 'POST quiz/questions/{id}/report',
    reply: { report: RECORD },
    role: 'user',
    reach: 'published',
    summary: 'Report a quiz question as wrong or unsuitable',
    open: true,
    response: 'report',
  },
  'quiz-sessions delete': {
    route: 'DELETE quiz/session/{id}',
    reply: { session: RECORD },
    role: 'teacher',
    summary: 'Delete a quiz session and its answers',
    destructive: true,
  },
});
