import { defineArea } from './define.js';

const REPORTED = 'Path inferred: the spec gives only GET users/me/school/pupils/reported_* for this item kind.';

export const listsArea = defineArea('lists', {
  'lists show': {
    route: 'GET lists/{id}',
    role: 'user',
    summary: 'Show a word list',
  },
  'lists update': {
    route: 'PUT lists/{id}',
    role: 'user',
    summary: "Update a word list's details and words",
    open: true,
  },
  'lists save': {
    route: 'POST lists/{id}',
    role: 'user',
    summary: 'Save a word list by id (the POST form of update)',
    open: true,
  },
  'lists delete': {
    route: 'DELETE lists/{id}',
    role: 'user',
    summary: 'Delete a word list',
    destructive: true,
  },
  'lists favouriters': {
    route: 'GET lists/{id}/favouriters',
    role: 'user',
    summary: 'List who has favourited a word list',
  },
  'lists duplicate': {
    route: 'POST lists/{id}/duplicate',
    role: 'user',
    summary: 'Copy a word list into a new list you own',
  },
  'me lists': {
    route: 'GET users/me/lists',
    role: 'user',
    summary: 'List your own word lists',
    open: true,
  },
  'lists create': {
    route: 'POST users/me/lists',
    role: 'user',
    summary: 'Create a word list you own',
    open: true,
  },
  'lists words': {
    route: 'GET lists/{id}/words',
    role: 'user',
    summary: 'List the words of a word list',
  },
  'lists add-words': {
    route: 'POST lists/{id}/words',
    role: 'user',
    summary: 'Add words to a word list',
    payload: { words: 'json' },
  },
  'lists set-word': {
    route: 'PUT lists/{id}/words/{wordId}',
    role: 'user',
    summary: 'Point a word of a list at a dictionary entry',
    payload: { dictionary_id: 'id' },
  },
  'lists remove-word': {
    route: 'DELETE lists/{id}/words/{wordId}',
    role: 'user',
    summary: 'Remove a word from a word list',
    payload: { dictionary_id: 'id?' },
    destructive: true,
  },
  'lists list': {
    route: 'GET lists',
    role: 'user',
    summary: 'List word lists, with filters such as parent_id or view_only_published',
    open: true,
    response: 'lists',
  },
  'me favourite-lists': {
    route: 'GET users/me/lists/favourites',
    role: 'user',
    summary: 'List your favourite word lists',
  },
  'lists favourite': {
    route: 'PUT lists/{id}/favourite',
    role: 'user',
    summary: 'Add a word list to your favourites',
  },
  'lists unfavourite': {
    route: 'DELETE lists/{id}/favourite',
    role: 'user',
    summary: 'Remove a word list from your favourites',
  },
  'lists favourite-for-teacher': {
    route: 'PUT lists/{id}/favourite/teachers/{teacherId}',
    role: 'teacher',
    summary: "Add a word list to a teacher's favourites",
  },
  'lists unfavourite-for-teacher': {
    route: 'DELETE lists/{id}/favourite/teachers/{teacherId}',
    role: 'teacher',
    summary: "Remove a word list from a teacher's favourites",
  },
  'lists favourite-for-pupil': {
    route: 'PUT lists/{id}/favourite/pupils/{pupilId}',
    role: 'teacher',
    summary: "Add a word list to a pupil's favourites",
  },
  'lists unfavourite-for-pupil': {
    route: 'DELETE lists/{id}/favourite/pupils/{pupilId}',
    role: 'teacher',
    summary: "Remove a word list from a pupil's favourites",
  },
  'lists favourite-for-group': {
    route: 'PUT lists/{id}/favourite/group/{groupId}',
    role: 'teacher',
    summary: "Add a word list to a group's favourites",
  },
  'lists unfavourite-for-group': {
    route: 'DELETE lists/{id}/favourite/group/{groupId}',
    role: 'teacher',
    summary: "Remove a word list from a group's favourites",
  },
  'lists favourite-for-all-teachers': {
    route: 'PUT lists/{id}/favourite/allteachers',
    role: 'teacher',
    summary: "Add a word list to every teacher's favourites in your school",
  },
  'lists unfavourite-for-all-teachers': {
    route: 'DELETE lists/{id}/favourite/allteachers',
    role: 'teacher',
    summary: "Remove a word list from every teacher's favourites in your school",
  },
  'me list-scheme': {
    route: 'GET users/me/lists/scheme',
    role: 'user',
    summary: 'List the spelling scheme lists for your account',
  },
  'list-schemes show': {
    route: 'GET lists/schemes/{scheme}',
    role: 'user',
    summary: 'Show the lists of a spelling scheme, optionally for some variants',
    payload: { variants: 'strings?' },
  },
  'list-schemes variant': {
    route: 'GET lists/schemes/{scheme}/{variant}',
    role: 'user',
    summary: 'Show the lists of one variant of a spelling scheme',
  },
  'list-schemes list': {
    route: 'GET lists/scheme',
    role: 'user',
    summary: 'List the spelling scheme lists for a locale',
    payload: { locale: 'string?' },
  },
  'lists suggested': {
    route: 'GET suggested',
    role: 'user',
    summary: 'List suggested word lists for a locale',
    payload: { locale: 'string?' },
  },
  'groups scheme-competence': {
    route: 'GET users/me/school/groups/{id}/schemecompetence',
    role: 'teacher',
    summary: "Show a group's competence across the spelling scheme, for a stage",
    payload: { stage: 'int?' },
  },
  'lists report': {
    route: 'POST lists/{id}/report',
    role: 'user',
    summary: 'Report a problem with a word list',
    open: true,
  },
  'lists report-word': {
    route: 'POST lists/words/{id}/report',
    role: 'user',
    summary: 'Report a problem with a word in a list',
    open: true,
  },
  'list-reports list': {
    route: 'GET lists/reports',
    role: 'superuser',
    summary: 'List reports made about word lists',
  },
  'word-reports list': {
    route: 'GET lists/words/reports',
    role: 'superuser',
    summary: 'List reports made about words in lists',
  },
  'users lists': {
    route: 'GET users/{id}/lists',
    role: 'teacher',
    summary: "List a user's word lists",
  },
  'users list-words': {
    route: 'GET users/{id}/lists/words',
    role: 'teacher',
    summary: "List the words of a user's word lists",
  },
  'list-reports update': {
    route: 'PATCH lists/reports/{id}',
    role: 'superuser',
    summary: 'Update a word list report (status, resolution)',
    open: true,
    idempotent: true,
  },
  'pupils reported-lists': {
    route: 'GET users/me/school/pupils/reported_lists',
    role: 'teacher',
    summary: 'List word lists your pupils have reported',
    note: REPORTED,
  },
  'pupils reported-words': {
    route: 'GET users/me/school/pupils/reported_words',
    role: 'teacher',
    summary: 'List words your pupils have reported',
    note: REPORTED,
  },
  'pupils reported-lessons': {
    route: 'GET users/me/school/pupils/reported_lessons',
    role: 'teacher',
    summary: 'List lessons your pupils have reported',
    note: REPORTED,
  },
  'pupils reported-episodes': {
    route: 'GET users/me/school/pupils/reported_episodes',
    role: 'teacher',
    summary: 'List lesson episodes your pupils have reported',
    note: REPORTED,
  },
  'pupils reported-question-sets': {
    route: 'GET users/me/school/pupils/reported_question_sets',
    role: 'teacher',
    summary: 'List question sets your pupils have reported',
    note: REPORTED,
  },
  'pupils reported-questions': {
    route: 'GET users/me/school/pupils/reported_questions',
    role: 'teacher',
    summary: 'List quiz questions your pupils have reported',
    note: REPORTED,
  },
  'quiz-reports close': {
    route: 'PATCH quiz/reported/{id}/close',
    role: 'superuser',
    summary: 'Close a report about a question set or quiz question',
    idempotent: true,
  },
  'grammar-reports close': {
    route: 'PATCH grammar/questions/reports/{id}/close',
    role: 'superuser',
    summary: 'Close a report about a grammar question',
    idempotent: true,
  },
  'lesson-reports close': {
    route: 'PATCH lesson/reported/{id}/close',
    role: 'superuser',
    summary: 'Close a report about a lesson or lesson episode',
    idempotent: true,
  },
});
