import { defineArea } from './define.js';

export const spellingSessionsArea = defineArea('spelling-sessions', {
  'spelling-sessions start': {
    route: 'POST lists/{id}/gamesession',
    role: 'user',
    summary: 'Start a spelling game session on a list (free play: difficulty 4, spelling)',
    payload: { difficulty: 'int', gameType: 'string', phonics: 'boolean?', freeplay: 'boolean?' },
  },
  'spelling-sessions update': {
    route: 'PUT lists/{id}/gamesession/{sessionId}',
    role: 'user',
    summary: 'Save the progress or results of a spelling game session',
    open: true,
  },
  'spelling-sessions record-gameplay': {
    route: 'POST lists/{id}/gameplay',
    role: 'user',
    summary: 'Record a game play on a word list',
    open: true,
  },
  'spelling-sessions record-beekeeper': {
    route: 'POST lists/{id}/beekeeper',
    role: 'user',
    summary: 'Record a Beekeeper game play on a word list',
    open: true,
  },
  'spelling-sessions record-competency': {
    route: 'POST lists/{listIdent}/competency/words',
    role: 'user',
    summary: 'Record per-word spelling competency for a list',
    open: true,
  },
  'quiz-sessions by-user': {
    route: 'GET quiz/session/user/{id}',
    role: 'teacher',
    summary: "List a user's quiz sessions",
  },
  'spelling-tests update': {
    route: 'PUT testmodegamesession/{id}',
    role: 'user',
    summary: 'Save the answers or results of a spelling test session',
    open: true,
  },
  'spelling-tests start': {
    route: 'POST lists/{id}/testmodegamesession',
    role: 'user',
    summary: 'Start a spelling test (test mode) session on a word list',
    open: true,
  },
  'adaptive-spelling start-diagnostic': {
    route: 'POST adaptive_spelling/minidiagnosticgamesession',
    role: 'user',
    summary: 'Start an adaptive spelling mini-diagnostic session',
  },
  'adaptive-spelling update-diagnostic': {
    route: 'POST adaptive_spelling/minidiagnosticgamesession/{id}/update',
    role: 'user',
    summary: 'Save progress in an adaptive spelling mini-diagnostic session',
    open: true,
  },
  'adaptive-spelling finish-diagnostic': {
    route: 'POST adaptive_spelling/minidiagnosticgamesession/{id}/finished',
    role: 'user',
    summary: 'Finish an adaptive spelling mini-diagnostic session',
    open: true,
  },
  'adaptive-spelling start-session': {
    route: 'POST adaptive_spelling/gamesession',
    role: 'user',
    summary: 'Start an adaptive spelling game session',
  },
  'adaptive-spelling update-session': {
    route: 'POST adaptive_spelling/gamesession/{id}/update',
    role: 'user',
    summary: 'Save progress in an adaptive spelling game session',
    open: true,
  },
  'adaptive-spelling finish-session': {
    route: 'POST adaptive_spelling/gamesession/{id}/finished',
    role: 'user',
    summary: 'Finish an adaptive spelling game session',
    open: true,
  },
  'adaptive-spelling words': {
    route: 'GET users/me/adaptive_spelling/words',
    role: 'user',
    summary: 'List your current adaptive spelling words',
  },
  'adaptive-spelling level-history': {
    route: 'GET users/me/adaptive_spelling/level_history',
    role: 'user',
    summary: 'Show how your adaptive spelling level has changed over time',
  },
  'adaptive-spelling mastered-words': {
    route: 'GET users/me/adaptive_spelling/mastered_words',
    role: 'user',
    summary: 'List the words you have mastered in adaptive spelling',
  },
  'adaptive-spelling results': {
    route: 'GET users/me/adaptive_spelling/results',
    role: 'user',
    summary: 'List your adaptive spelling session results',
  },
  'adaptive-spelling progress': {
    route: 'GET users/me/adaptive_spelling/progress',
    role: 'user',
    summary: 'Show your adaptive spelling progress',
  },
  'adaptive-spelling redeem-reward': {
    route: 'POST users/me/adaptive_spelling/redeem_reward',
    role: 'user',
    summary: 'Redeem your earned adaptive spelling reward',
  },
  'pupils adaptive-spelling-focus-words': {
    route: 'GET users/me/school/pupils/{id}/adaptive_spelling/focus_words',
    role: 'teacher',
    summary: "List a pupil's adaptive spelling focus words",
  },
  'pupils adaptive-spelling-mastered-words': {
    route: 'GET users/me/school/pupils/{id}/adaptive_spelling/mastered_words',
    role: 'teacher',
    summary: 'List the words a pupil has mastered in adaptive spelling',
  },
  'pupils adaptive-spelling-progress': {
    route: 'GET users/me/school/pupils/{id}/adaptive_spelling/progress',
    role: 'teacher',
    summary: "Show a pupil's adaptive spelling progress, with level change over N days",
    payload: { levelDeltaDays: 'int?' },
  },
  'groups adaptive-spelling-progress': {
    route: 'GET users/me/school/groups/{id}/adaptive_spelling/progress',
    role: 'teacher',
    summary: "Show the adaptive spelling progress of a group's pupils",
  },
  'adaptive-spelling set-focus-words': {
    route: 'POST users/me/school/groups/adaptive_spelling/future_focus_words',
    role: 'teacher',
    summary: 'Set upcoming adaptive spelling focus words for some pupils',
    payload: { word_ids: 'ids', pupil_ids: 'ids' },
    idempotent: true,
  },
  'teacher-assessments create': {
    route: 'POST spelling/teacher_assessment',
    role: 'teacher',
    summary: "Record a teacher's spelling assessment of a pupil (stage, score, comment)",
    open: true,
  },
  'teacher-assessments delete': {
    route: 'DELETE spelling/teacher_assessment/{id}',
    role: 'teacher',
    summary: 'Delete a spelling teacher assessment',
    destructive: true,
  },
  'teacher-assessments list': {
    route: 'GET spelling/teacher_assessment/user/{id}/list/{listId}',
    role: 'teacher',
    summary: "List a pupil's teacher assessments on a word list, between dates",
    payload: { from: 'date?', to: 'date?' },
  },
  'teacher-assessments bulk-pupil': {
    route: 'POST spelling/teacher_assessment/bulk/user/{id}',
    role: 'teacher',
    summary: 'Record many spelling teacher assessments for one pupil',
    open: true,
  },
  'teacher-assessments bulk-group': {
    route: 'POST spelling/teacher_assessment/bulk/group/{id}',
    role: 'teacher',
    summary: "Record spelling teacher assessments for a group's pupils",
    open: true,
  },
  'users spelling-shed-score': {
    route: 'GET users/{id}/shed_score/spelling',
    role: 'teacher',
    summary: "Show a user's spelling shed score",
  },
});
