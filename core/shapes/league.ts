/** Leagues, challenges and hives (live multiplayer games), as the API answers them. */
import { HIVE_STATUSES, LEAGUE_KINDS, LEAGUE_PRODUCTS, LEAGUE_STATES, REWARD_SOURCES } from '../domain/games.js';
import { defineShape, inline, nullable } from './define.js';

/** A league (a class's own) or a challenge (between groups or pupils): what it scores, when, and who takes part. */
export const LEAGUE = defineShape(
  'league',
  {
    id: 'serial',
    kind: { oneOf: LEAGUE_KINDS },
    school_id: nullable('serial'),
    owner_id: nullable('serial'),
    name: 'string',
    product: { oneOf: LEAGUE_PRODUCTS },
    starts_at: 'date',
    ends_at: 'date',
    state: { oneOf: LEAGUE_STATES },
    group_ids: ['serial'],
    user_ids: ['serial'],
    created_at: 'date',
    updated_at: 'date',
  },
  {
    summary: 'A league or challenge: what it scores, its dates and who takes part',
    columns: ['id', 'kind', 'name', 'product', 'state', 'ends_at'],
  },
);

/** A player of a hive and their score. */
export const HIVE_PLAYER = inline({ user_id: 'serial', score: 'int' });

/** A hive: a live game a teacher runs for pupils, its players and scores; `list` where the game plays one. */
export const HIVE = defineShape(
  'hive',
  {
    id: 'serial',
    school_id: 'serial',
    // The teacher who ran it; none when the hive has no owner (the sandbox's seed, a removed teacher).
    owner_id: nullable('serial'),
    name: 'string',
    game: 'string',
    status: { oneOf: HIVE_STATUSES },
    list: 'string?',
    players: [HIVE_PLAYER],
    created_at: 'date',
    finished_at: nullable('date'),
  },
  {
    summary: 'A hive (a live game) with its players and scores',
    columns: ['id', 'name', 'game', 'status', 'created_at'],
  },
);

/** A reward group (a team within a class) and the points its pupils earned. */
export const REWARD_GROUP = defineShape(
  'reward_group',
  { id: 'serial', school_group_id: 'serial', name: 'string', pupil_ids: ['serial'], points: 'int', created_at: 'date' },
  {
    summary: 'A reward group (a team within a class) and its points',
    columns: ['id', 'school_group_id', 'name', 'points'],
  },
);

/** A kind of feedback a teacher rewards (or marks down) with points, for one class. */
export const FEEDBACK_REWARD = defineShape(
  'feedback_reward',
  {
    id: 'serial',
    school_id: 'serial',
    group_id: 'serial',
    name: 'string',
    points: 'int',
    icon: nullable('string'),
    created_at: 'date',
    updated_at: 'date',
  },
  { summary: 'A kind of feedback rewarded with points', columns: ['id', 'group_id', 'name', 'points'] },
);

/** Points given in a class: to a pupil or a reward group, for a kind of feedback, by whom; `converted_at` once turned into coins. */
export const POINTS_LOG = defineShape(
  'reward_log',
  {
    id: 'serial',
    school_id: 'serial',
    group_id: 'serial',
    user_id: nullable('serial'),
    reward_group_id: nullable('serial'),
    feedback_id: nullable('serial'),
    points: 'int',
    source: { oneOf: REWARD_SOURCES },
    awarded_by: nullable('serial'),
    converted_at: nullable('date'),
    created_at: 'date',
  },
  {
    summary: 'Reward points given in a class',
    columns: ['id', 'group_id', 'user_id', 'points', 'source', 'created_at'],
  },
);
