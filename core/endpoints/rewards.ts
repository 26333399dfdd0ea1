import { defineArea } from './define.js';
import { inline } from '../shapes/define.js';
import { FEEDBACK_REWARD, POINTS_LOG, REWARD_GROUP } from '../shapes/league.js';

const NAME = { kind: 'text', min: 1, max: 60 } as const;
// points may not be 0 either: the handler says so (the table states ranges, not holes).
// Section 3 of the spec names the reward log fields: logId and schoolGroupId (the log entry and its class).
const REWARD_LOG = { logId: 'serial?', schoolGroupId: 'serial?' } as const;
/** The sandbox also takes a class as `group_id`, the column's own name, where the spec says schoolGroupId. */
const CLASS_ALIAS = { group_id: 'serial?' } as const;
const FEEDBACK = {
  name: NAME,
  points: { kind: 'int', min: -10, max: 10 },
  icon: { kind: 'string', max: 40, optional: true, nullable: true },
} as const;

// Replies: the spec names a response key only where an entry has `response`; every other `reply` below is
// our choice, what the sandbox answers (see `reply` in define.ts).
export const rewardsArea = defineArea('rewards', {
  'feedback-rewards show': {
    route: 'GET rewards/feedback/{id}',
    reply: { feedback: [FEEDBACK_REWARD], total: 'int' },
    role: 'teacher',
    summary: 'Show feedback rewards',
  },
  'feedback-rewards create': {
    route: 'POST rewards/feedback/{id}',
    reply: { feedback: FEEDBACK_REWARD },
    role: 'teacher',
    summary: 'Create a feedback reward',
    payload: FEEDBACK,
    open: true,
  },
  'feedback-rewards update': {
    route: 'PUT rewards/feedback/{id}',
    reply: { feedback: FEEDBACK_REWARD },
    role: 'teacher',
    summary: 'Update a feedback reward',
    payload: { name: { ...NAME, optional: true }, points: { ...FEEDBACK.points, optional: true }, icon: FEEDBACK.icon },
    open: true,
  },
  'feedback-rewards delete': {
    route: 'DELETE rewards/feedback/{id}',
    reply: { deleted: 'boolean', id: 'serial' },
    role: 'teacher',
    summary: 'Delete a feedback reward',
    destructive: true,
  },
  'reward-groups show': {
    route: 'GET rewards/groups/{id}',
    reply: { groups: [REWARD_GROUP], total: 'int' },
    role: 'teacher',
    summary: 'Show a reward group and its pupils',
  },
  'reward-groups create': {
    route: 'POST rewards/groups/{id}',
    reply: { group: REWARD_GROUP },
    role: 'teacher',
    summary: 'Create a reward group',
    payload: { groupName: { ...NAME, optional: true }, name: { ...NAME, optional: true } },
    open: true,
  },
  'reward-groups delete': {
    route: 'DELETE rewards/groups/{id}',
    reply: { deleted: 'boolean', id: 'serial' },
    role: 'teacher',
    summary: 'Delete a reward group',
    destructive: true,
  },
  'reward-groups add-pupil': {
    route: 'POST rewards/groups/{id}/pupils',
    reply: { group: REWARD_GROUP },
    role: 'teacher',
    summary: 'Add a pupil to a reward group',
    payload: { pupilId: 'id' },
    idempotent: true,
  },
  'reward-groups remove-pupil': {
    route: 'DELETE rewards/groups/{id}/pupils',
    reply: { group: REWARD_GROUP },
    role: 'teacher',
    summary: 'Remove a pupil from a reward group',
    payload: { pupilId: 'id' },
  },
  'reward-groups rename': {
    route: 'PUT rewards/groups/{id}/name',
    reply: { group: REWARD_GROUP },
    role: 'teacher',
    summary: 'Rename a reward group',
    payload: { groupName: NAME },
  },
  'rewards add-score': {
    route: 'POST rewards/score',
    reply: { logs: [POINTS_LOG] },
    role: 'teacher',
    summary: 'Give reward points to pupils',
    open: true,
  },
  'rewards add-anonymous-score': {
    route: 'POST rewards/score/anonymous',
    reply: { logs: [POINTS_LOG] },
    role: 'teacher',
    summary: 'Give reward points without naming a pupil',
    open: true,
  },
  'rewards add-earnings-score': {
    route: 'POST rewards/earnings/score',
    reply: { awarded: [inline({ user_id: 'serial', points: 'int' })], total: 'int' },
    role: 'teacher',
    summary: 'Give reward points as earnings',
    open: true,
  },
  'rewards history': {
    route: 'GET rewards/history',
    reply: {
      history: [POINTS_LOG],
      total: 'int',
      totals: [inline({ user_id: { kind: 'serial', nullable: true }, points: 'int' })],
    },
    role: 'teacher',
    summary: 'List the reward log of a group (one entry of it, with logId)',
    payload: { ...REWARD_LOG, ...CLASS_ALIAS, userId: 'serial?', skip: 'skip?', take: 'take?' },
    // The class, named once: by the spec's schoolGroupId or the sandbox's group_id.
    exactlyOne: [['schoolGroupId', 'group_id']],
    open: true,
  },
  'rewards delete-history': {
    route: 'DELETE rewards/history',
    reply: { deleted: 'int' },
    role: 'teacher',
    summary: 'Delete entries from the reward log: one (logId), or all of a group',
    payload: { ...REWARD_LOG, ...CLASS_ALIAS },
    exactlyOne: [['logId', 'schoolGroupId', 'group_id']],
    open: true,
    destructive: true,
  },
  'rewards convert': {
    route: 'PUT rewards/convert',
    reply: { converted: [inline({ user_id: 'serial', points: 'int', coins: 'int' })], total_coins: 'int' },
    role: 'teacher',
    summary: 'Convert reward points (what into what is not shown)',
    open: true,
    idempotent: false,
  },
});
