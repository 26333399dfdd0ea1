import { LEAGUE_PRODUCTS } from '../domain/games.js';
import { defineArea } from './define.js';

/**
 * A league's or challenge's own fields. The spec names none of them (only `product`); the sandbox reads
 * them in a custom league update and in a challenge, at the top level or inside `league`.
 */
export const LEAGUE_FIELDS = {
  name: { kind: 'text', min: 1, max: 120, optional: true },
  product: { oneOf: LEAGUE_PRODUCTS, optional: true },
  starts_at: 'date?',
  ends_at: 'date?',
} as const;

export const hivesLeaguesArea = defineArea('hives-leagues', {
  'hives list': {
    route: 'GET hives',
    role: 'teacher',
    summary: 'List the hives you can see',
  },
  'hives show': {
    route: 'GET hives/{id}',
    role: 'teacher',
    summary: 'Show one hive',
  },
  'hives view': {
    route: 'GET hive/{id}',
    role: 'teacher',
    summary: 'Show a hive through the singular hive/{id} path',
  },
  'hives delete': {
    route: 'DELETE hives/{id}',
    role: 'teacher',
    summary: 'Delete a hive',
    destructive: true,
  },
  'schools activity': {
    route: 'GET users/me/school/activity',
    role: 'teacher',
    summary: 'Show recent spelling activity across your school',
  },
  'schools maths-activity': {
    route: 'GET users/me/school/activitymaths',
    role: 'teacher',
    summary: 'Show recent maths activity across your school',
  },
  'schools quiz-activity': {
    route: 'GET users/me/school/activityquiz',
    role: 'teacher',
    summary: 'Show recent quiz activity across your school',
  },
  'me leagues': {
    route: 'GET users/me/leagues',
    role: 'user',
    summary: 'List the leagues the signed-in user takes part in',
  },
  'leagues results': {
    route: 'GET leagues/custom/{id}/results',
    role: 'teacher',
    summary: 'Show the standings of a custom league',
  },
  'leagues update': {
    route: 'PUT leagues/custom/{id}',
    role: 'teacher',
    summary: "Update a custom league's name, dates or members",
    open: true,
  },
  'leagues delete': {
    route: 'DELETE leagues/custom/{id}',
    role: 'teacher',
    summary: 'Delete a custom league',
    destructive: true,
  },
  'challenges list': {
    route: 'GET leagues/challenges',
    role: 'teacher',
    summary: 'List league challenges',
  },
  'challenges groups': {
    route: 'GET leagues/challenges/{id}/groups',
    role: 'teacher',
    summary: 'List the groups taking part in a challenge',
  },
  'challenges users': {
    route: 'GET leagues/challenges/{id}/users',
    role: 'teacher',
    summary: 'List the users taking part in a challenge',
  },
  'challenges create': {
    route: 'POST leagues/challenges',
    role: 'teacher',
    summary: 'Start a challenge between leagues, groups or users for a product',
    // groups and users: ids as a list, comma-joined or one id (`json`: the sandbox reads them with its
    // id-list reader, as a custom league update does, where an empty list takes every group off).
    payload: { league: 'json?', leagues: 'json?', groups: 'json?', users: 'json?', product: LEAGUE_FIELDS.product },
    open: true,
  },
  'me challenge-notifications': {
    route: 'GET users/me/challengenotifications',
    role: 'user',
    summary: "List the signed-in user's challenge notifications, optionally per product",
    payload: { product: 'string?' },
  },
});
