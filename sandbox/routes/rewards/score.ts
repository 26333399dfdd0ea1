/** Giving reward points (to pupils, a reward team, or the whole class), game earnings, history, and converting points to coins. */
import type { HandlerContext, HandlerResult, PartialHandlerMap, RouteHandler } from '../../kit/handler.js';
import { page, parseFields, parseIds } from '../../kit/input.js';
import { checkAll } from '../../kit/check-all.js';
import {
  awardClass,
  awardEarnings,
  awardPoints,
  classFrom,
  convertToCoins,
  removeRewardLogs,
  rewardHistory,
} from '../../domain/rewards/points.js';
import { reply } from '../../kit/reply.js';

// The class a call is about: `schoolGroupId` (the spec's name, in the table for the history calls) or
// `group_id`. The spec names no fields for score, earnings and convert: these records are the sandbox's.
const GROUP_ID = { group_id: 'serial?' } as const;
const CLASS = { schoolGroupId: 'serial?', ...GROUP_ID } as const;
const SCORE = {
  ...CLASS,
  pupilId: 'serial?',
  rewardGroupId: 'serial?',
  feedbackId: 'serial?',
  points: { kind: 'int', min: -100, max: 100, optional: true },
} as const;

/**
 * The pupils a score call names by id: `pupilIds` and `userIds` (each a list of ids, comma-joined, or one
 * id, as the kit's `parseIds` reads them) and `pupilId`, without repeats.
 */
function scoreInput(input: Readonly<Record<string, unknown>>) {
  const listed = (key: 'pupilIds' | 'userIds') => (input[key] === undefined ? [] : parseIds(input[key], key));
  const [fields, pupilIds, userIds] = checkAll(
    () => parseFields(SCORE, input),
    () => listed('pupilIds'),
    () => listed('userIds'),
  );
  const named = [pupilIds, userIds, fields.pupilId === undefined ? [] : [fields.pupilId]].flatMap((ids) =>
    ids === '*' ? [] : ids,
  );
  return { ...fields, pupils: [...new Set(named)] };
}

function score(ctx: HandlerContext): HandlerResult {
  const logs = awardPoints(ctx, scoreInput(ctx.input));
  ctx.countWrite();
  return reply(ctx, 'logs', logs, {}, 201);
}

function earnings(ctx: HandlerContext): HandlerResult {
  const awarded = awardEarnings(ctx, classFrom(ctx, parseFields(CLASS, ctx.input)));
  if (awarded.length > 0) ctx.countWrite();
  return reply(ctx, 'awarded', awarded, { total: awarded.reduce((sum, a) => sum + a.points, 0) });
}

const history: RouteHandler<'GET rewards/history'> = (ctx) => {
  const skipTake = page(ctx);
  const { logId, schoolGroupId, group_id, userId } = ctx.input;
  const group = classFrom(ctx, { schoolGroupId, group_id });
  const { logs, total, totals } = rewardHistory(ctx, group, { userId, logId }, skipTake);
  return reply(ctx, 'history', logs, { total, totals });
};

const removeHistory: RouteHandler<'DELETE rewards/history'> = (ctx) => {
  const { logId, schoolGroupId, group_id } = ctx.input;
  const count = removeRewardLogs(ctx, { logId, schoolGroupId, group_id });
  ctx.countWrite();
  return reply(ctx, 'deleted', count);
};

function convert(ctx: HandlerContext): HandlerResult {
  const converted = convertToCoins(ctx, classFrom(ctx, parseFields(CLASS, ctx.input)));
  if (converted.length > 0) ctx.countWrite();
  return reply(ctx, 'converted', converted, { total_coins: converted.reduce((sum, c) => sum + c.coins, 0) });
}

export const rewardScoreHandlers = {
  'POST rewards/score': score,
  'POST rewards/score/anonymous': (ctx) => {
    const logs = awardClass(ctx, scoreInput(ctx.input));
    ctx.countWrite();
    return reply(ctx, 'logs', logs, {}, 201);
  },
  'POST rewards/earnings/score': earnings,
  'GET rewards/history': history,
  'DELETE rewards/history': removeHistory,
  'PUT rewards/convert': convert,
} satisfies PartialHandlerMap;
