import { LEAGUE_PRODUCTS } from '../domain/games.js';
import { defineArea } from './define.js';
import { inline } from '../shapes/define.js';
import { HIVE, LEAGUE } from '../shapes/league.js';

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

// Replies: the spec names a response key only where an entry has `response`; every other `reply` below is
// our choice, what the sandbox answers (see `reply` in define.ts).
export const hivesLeaguesArea = defineArea('hives-leagues', {
  'hives list': {
    route: 'GET hives',
    reply: { hives: [HIVE], total: 'int' },
    role: 'teacher',
    summary: 'List the hives you can see',
  },
  'hives show': {
    route: 'GET hives/{id}',
    reply: { hive: HIVE },
    role: 'teacher',
    summary: 'Show one hive',
  },
  'hives view': {
    route: 'GET hive/{id}',
    reply: { hive: HIVE },
    role: 'teacher',
    summary: 'Show a hive through the singular hive/{id} path',
  },
  'hives delete': {
    route: 'DELETE hives/{id}',
    reply: { deleted: 'boolean', id: 'serial' },
    role: 'teacher',
    summary: 'Delete a hive',
    destructive: true,
  },
  'schools activity': {
    route: 'GET users/me/school/activity',
    reply: {
      groups: [
        inline({
          group_id: 'serial',
          name: 'string',
          pupils: 'int',
          plays_7d: 'int',
          plays_30d: 'int',
          active_30d: 'int',
        }),
      ],
    },
    role: 'teacher',
    summary: 'Show recent spelling activity across your school',
  },
  'schools maths-activity': {
    route: 'GET users/me/school/activitymaths',
    reply: {
      groups: [
        inline({
          group_id: 'serial',
          name: 'string',
          pupils: 'int',
          plays_7d: 'int',
          plays_30d: 'int',
          active_30d: 'int',
        }),
      ],
    },
    role: 'teacher',
    summary: 'Show recent maths activity across your school',
  },
  'schools quiz-activity': {
    route: 'GET users/me/school/activityquiz',
    reply: {
      groups: [
        inline({
          group_id: 'serial',
          name: 'string',
          pupils: 'int',
          plays_7d: 'int',
          plays_30d: 'int',
          active_30d: 'int',
        }),
      ],
    },
    role: 'teacher',
    summary: 'Show recent quiz activity across your school',
  },
  'me leagues': {
    route: 'GET users/me/leagues',
    reply: { leagues: [LEAGUE], total: 'int' },
    role: 'user',
    summary: 'List the leagues the signed-in user takes part in',
  },
  'leagues results': {
    route: 'GET leagues/custom/{id}/results',
    reply: {
      league: LEAGUE,
      results: [
        inline({
          rank: 'int',
          user_id: 'serial',
          display_name: 'string',
          school_id: 'serial',
          score: 'int',
          plays: 'int',
        }),
      ],
      groups: [
        inline({ rank: 'int', group_id: 'serial', name: 'string', school_id: 'serial', pupils: 'int', score: 'int' }),
      ],
    },
    role: 'teacher',
    summary: 'Show the standings of a custom league',
  },
  'leagues update': {
    route: 'PUT leagues/custom/{id}',
    reply: { league: LEAGUE },
    role: 'teacher',
    summary: "Update a custom league's name, dates or members",
    open: true,
  },
  'leagues delete': {
    route: 'DELETE leagues/custom/{id}',
    reply: { deleted: 'boolean', id: 'serial' },
    role: 'teacher',
    summary: 'Delete a custom league',
    destructive: true,
  },
  'challenges list': {
    route: 'GET leagues/challenges',
    reply: { challenges: [LEAGUE], total: 'int' },
    role: 'teacher',
    summary: 'List league challenges',
  },
  'challenges groups': {
    route: 'GET leagues/challenges/{id}/groups',
    reply: {
      challenge_id: 'serial',
      groups: [
        inline({ rank: 'int', group_id: 'serial', name: 'string', school_id: 'serial', pupils: 'int', score: 'int' }),
      ],
    },
    role: 'teacher',
    summary: 'List the groups taking part in a challenge',
  },
  'challenges users': {
    route: 'GET leagues/challenges/{id}/users',
    reply: {
      challenge_id: 'serial',
      users: [
        inline({
          rank: 'int',
          user_id: 'serial',
          display_name: 'string',
          school_id: 'serial',
          score: 'int',
          plays: 'int',
        }),
      ],
    },
    role: 'teacher',
    summary: 'List the users taking part in a challenge',
  },
  'challenges create': {
    route: 'POST leagues/challenges',
    reply: { challenge: LEAGUE },
    role: 'teacher',
    summary: 'Start a challenge between leagues, groups or users for a product',
    // groups and users: ids as a list, comma-joined or one id (`json`: the sandbox reads them with its
    // id-list reader, as a custom league update does, where an empty list takes every group off).
    payload: { league: 'json?', leagues: 'json?', groups: 'json?', users: 'json?', product: LEAGUE_FIELDS.product },
    open: true,
  },
  'me challenge-notifications': {
    route: 'GET users/me/challengenotifications',
    reply: {
      notifications: [
        inline({
          challenge_id: 'serial',
          name: 'string',
          product: { oneOf: LEAGUE_PRODUCTS },
          starts_at: 'date',
          ends_at: 'date',
          message: 'string',
        }),
      ],
      total: 'int',
    },
    role: 'user',
    summary: "List the signed-in user's challenge notifications, optionally per product",
    payload: { product: 'string?' },
  },
});
