import { defineArea } from './define.js';

const BY_USER = 'Path inferred: the spec says "plus user-scoped versions" without paths; shaped like quiz/session/user/{id}.';

export const questionSetsArea = defineArea('question-sets', {
  'question-sets list': {
    route: 'GET quiz/question_sets',
    role: 'user',
    summary: 'List quiz question sets',
    open: true,
  },
  'question-sets create': {
    route: 'POST quiz/question_sets',
    role: 'teacher',
    summary: 'Create a quiz question set',
    open: true,
  },
  'question-sets show': {
    route: 'GET quiz/question_sets/{id}',
    role: 'user',
    summary: 'Show a quiz question set',
  },
  'question-sets update': {
    route: 'PUT quiz/question_sets/{id}',
    role: 'teacher',
    summary: 'Update a quiz question set',
    open: true,
  },
  'question-sets delete': {
    route: 'DELETE quiz/question_sets/{id}',
    role: 'teacher',
    summary: 'Delete a quiz question set',
    destructive: true,
  },
  'question-sets by-external-curriculum': {
    route: 'GET quiz/question_sets/external_curricula/{id}',
    role: 'user',
    summary: 'List the question sets linked to an external curriculum',
  },
  'question-sets upload-video': {
    route: 'POST quiz/question_sets/video_upload',
    role: 'teacher',
    summary: 'Upload a video for use in a question set',
    open: true,
  },
  'question-sets delete-video': {
    route: 'DELETE quiz/question_sets/video_upload/{id}',
    role: 'teacher',
    summary: 'Delete an uploaded question set video',
    destructive: true,
  },
  'question-sets clone': {
    route: 'POST quiz/question_sets/{id}/clone',
    role: 'teacher',
    reach: 'published',
    summary: 'Copy a question set under a new name',
    payload: { name: 'string' },
  },
  'question-sets favourite': {
    route: 'PUT quiz/question_sets/{id}/favourite',
    role: 'user',
    reach: 'published',
    summary: 'Add a question set to your favourites',
  },
  'question-sets unfavourite': {
    route: 'DELETE quiz/question_sets/{id}/favourite',
    role: 'user',
    reach: 'published',
    summary: 'Remove a question set from your favourites',
  },
  'me favourite-question-sets': {
    route: 'GET users/me/quiz/question_sets/favourites',
    role: 'user',
    summary: 'List your favourite question sets',
  },
  'me recent-question-sets': {
    route: 'GET users/me/quiz/question_sets/recent',
    role: 'user',
    summary: 'List the question sets you used recently',
  },
  'question-sets trending': {
    route: 'GET quiz/question_sets/trending',
    role: 'user',
    summary: 'List trending question sets',
  },
  'question-sets featured': {
    route: 'GET quiz/question_sets/featured',
    role: 'user',
    summary: 'List featured question sets',
  },
  'featured-question-sets list': {
    route: 'GET superuser/featured_quiz_question_sets',
    role: 'superuser',
    summary: 'List the featured question sets with their settings',
  },
  'featured-question-sets add': {
    route: 'POST superuser/featured_quiz_question_sets',
    role: 'superuser',
    summary: 'Feature a question set',
    open: true,
  },
  'featured-question-sets remove': {
    route: 'DELETE superuser/featured_quiz_question_set/{id}',
    role: 'superuser',
    summary: 'Stop featuring a question set',
  },
  'featured-question-sets apply-sort-orders': {
    route: 'PATCH superuser/featured_quiz_question_sets/sort_orders',
    role: 'superuser',
    summary: 'Set the order of the featured question sets',
    open: true,
    idempotent: true,
  },
  'question-sets rating': {
    route: 'GET quiz/question_sets/{id}/rate',
    role: 'user',
    summary: 'Show your rating of a question set',
  },
  'question-sets rate': {
    route: 'PUT quiz/question_sets/{id}/rate',
    role: 'user',
    reach: 'published',
    summary: 'Give a question set your rating',
    open: true,
  },
  'question-sets report': {
    route: 'POST quiz/question_sets/{id}/report',
    role: 'user',
    reach: 'published',
    summary: 'Report a problem with a question set',
    open: true,
  },
  'quiz-reports list': {
    route: 'GET quiz/reported',
    role: 'superuser',
    summary: 'List reports made about question sets',
  },
  'question-reports list': {
    route: 'GET quiz/reported/questions',
    role: 'superuser',
    summary: 'List reports made about quiz questions',
  },
  'quiz-reports by-user': {
    route: 'GET quiz/reported/user/{id}',
    role: 'teacher',
    summary: 'List the question set reports made by a user',
    note: BY_USER,
  },
  'question-reports by-user': {
    route: 'GET quiz/reported/questions/user/{id}',
    role: 'teacher',
    summary: 'List the quiz question reports made by a user',
    note: BY_USER,
  },
  'quiz-subjects list': {
    route: 'GET quiz/subjects',
    role: 'user',
    summary: 'List quiz subjects',
  },
  'quiz-subjects create': {
    route: 'POST quiz/subjects',
    role: 'superuser',
    summary: 'Create a quiz subject',
    open: true,
  },
  'quiz-subjects update': {
    route: 'PUT quiz/subjects/{id}',
    role: 'superuser',
    summary: 'Update a quiz subject',
    open: true,
  },
  'quiz-subjects delete': {
    route: 'DELETE quiz/subjects/{id}',
    role: 'superuser',
    summary: 'Delete a quiz subject',
    destructive: true,
  },
});
