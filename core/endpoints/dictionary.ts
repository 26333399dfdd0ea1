import { defineArea } from './define.js';
import { RECORD } from '../shapes/record.js';

// Replies: the spec names a response key only where an entry has `response`; every other `reply` below is
// our choice, what the sandbox answers (see `reply` in define.ts).
export const dictionaryArea = defineArea('dictionary', {
  'dictionary list': {
    route: 'GET dictionary',
    reply: { dictionary: [RECORD], total: 'int' },
    role: 'user',
    summary: 'Search or list dictionary words',
    open: true,
  },
  'dictionary create': {
    route: 'POST dictionary',
    reply: { dictionary: RECORD },
    role: 'superuser',
    summary: 'Add a word to the dictionary',
    open: true,
  },
  'dictionary show': {
    route: 'GET dictionary/{id}',
    reply: { dictionary: RECORD },
    role: 'user',
    summary: 'Show a dictionary word',
  },
  'dictionary update': {
    route: 'PUT dictionary/{id}',
    reply: { dictionary: RECORD },
    role: 'superuser',
    summary: 'Update a dictionary word',
    open: true,
  },
  'dictionary delete': {
    route: 'DELETE dictionary/{id}',
    reply: { dictionary: RECORD },
    role: 'superuser',
    summary: 'Delete a dictionary word',
    destructive: true,
  },
  'dictionary save': {
    route: 'POST dictionary/{id}',
    reply: { dictionary: RECORD },
    role: 'superuser',
    summary: 'Save a dictionary word by id (the POST form of update)',
    open: true,
  },
  'dictionary prompt': {
    route: 'POST dictionary/{id}/prompt',
    reply: { dictionary: RECORD },
    role: 'teacher',
    summary: 'Request a generated prompt (definition or sentence) for a word',
    open: true,
  },
  'dictionary create-own': {
    route: 'POST users/me/dictionary',
    reply: { dictionary: RECORD },
    role: 'user',
    summary: 'Add a custom word to your own dictionary',
    open: true,
  },
  'letter-tiles add-word': {
    route: 'POST dictionary/lettertiles/word',
    reply: { word: RECORD },
    role: 'superuser',
    summary: 'Add a word to the letter tiles word bank',
    open: true,
  },
  'letter-tiles words': {
    route: 'GET dictionary/lettertiles/words',
    reply: { words: [RECORD], total: 'int' },
    role: 'user',
    summary: 'List the letter tiles word bank',
  },
  'dictionary homographs': {
    route: 'GET dictionary/homograph',
    reply: { homograph: [RECORD], total: 'int' },
    role: 'user',
    summary: 'List homographs (same spelling, different meaning) of a word',
    open: true,
  },
  'dictionary mine': {
    route: 'GET dictionary/{id}/me',
    reply: { me: [RECORD], total: 'int' },
    role: 'user',
    summary: 'Show your own data for a dictionary word',
  },
  'dictionary user-data': {
    route: 'GET dictionary/{id}/user',
    reply: { user: [RECORD], total: 'int' },
    role: 'user',
    summary: 'Show per-user data for a dictionary word',
  },
  'dictionary lists': {
    route: 'GET dictionary/{id}/lists',
    reply: { lists: [RECORD], total: 'int' },
    role: 'user',
    summary: 'List the word lists that use a dictionary word',
  },
  'dictionary merge': {
    route: 'POST dictionary/{id}/merge',
    reply: { dictionary: RECORD },
    role: 'superuser',
    summary: 'Merge a duplicate dictionary word into another (merge_id)',
    open: true,
    destructive: true,
  },
  'letter-tiles save': {
    route: 'POST lettertiles',
    reply: { lettertile: RECORD },
    role: 'user',
    summary: 'Save a letter tiles board (word, locale, audio, state)',
    open: true,
  },
  'letter-tiles show': {
    route: 'GET lettertiles/{id}',
    reply: { lettertile: RECORD },
    role: 'user',
    reach: 'own',
    summary: 'Show a saved letter tiles board',
  },
});
