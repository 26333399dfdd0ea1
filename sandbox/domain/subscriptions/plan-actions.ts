/**
 * Plan actions: changes to a plan carried out by the job runner when their time comes.
 * - migrate: moves the plan's live subscriptions to `target_plan_id` (same product and currency).
 * - reprice: sets a new `price` (and optionally `seat_price`); the plan's version goes up.
 * - retire: stops the plan being offered (live subscriptions keep it until renewal).
 *
 * | action  | from               | to        |
 * |---------|--------------------|-----------|
 * | (run)   | scheduled (due)    | done, or failed with its error (one atomic job step, so `running` is never seen) |
 * | cancel  | scheduled, failed  | cancelled |
 * | retry   | failed, cancelled  | scheduled (run again now)    |
 */
import type { EntryOfRoute, PayloadOf } from '../../../core/endpoints/index.js';
import { z } from 'zod';
import { all, run, sqlList, type Db } from '../../kit/sql.js';
import { enqueueJob, type JobKind, type JobRow } from '../../kit/jobs.js';
import { getPlan, findPlan } from '../pricing/catalogue.js';
import { invalid } from '../errors.js';
import { jsonObject } from '../../kit/json-columns.js';
import { defineLifecycle } from '../billing/lifecycle.js';

import { PLAN_ACTION_STATES, type PlanActionState } from '../../../core/domain/billing.js';
import type { PlanAction } from '../../../core/shapes/types.js';
import type { Row } from '../../db/rows.js';
import { findRow } from '../../kit/reach.js';
import { LIVE_SUBSCRIPTION_STATES } from '../../../core/domain/billing.js';
import { fieldsOf, shapeValue, type RowShape } from '../../db/fast/shape.js';
export { PLAN_ACTION_STATES, type PlanActionState };

export const planActionLifecycle = defineLifecycle('plan action', PLAN_ACTION_STATES, {
  cancel: { from: ['scheduled', 'failed'], to: 'cancelled', phrase: 'be cancelled' },
  retry: { from: ['failed', 'cancelled'], to: 'scheduled', phrase: 'be retried' },
});

export type PlanActionRow = Row<'plan_actions'>;

/** What scheduling a plan action takes: its table entry's payload, as parsed. */
export type PlanActionInput = PayloadOf<EntryOfRoute<'POST subscriptions/plans/{id}/actions'>>;

export const PLAN_ACTION_JOB = 'plan-action';

/** A scheduled plan action, or 404. */
export function findPlanAction(db: Db, id: number): PlanActionRow {
  return findRow<PlanActionRow>(db, 'Plan action', 'SELECT * FROM plan_actions WHERE id = ?', id);
}

const planAction = fieldsOf<PlanActionRow>();

/** The row, `params` parsed, `result` parsed where there is one. */
const PLAN_ACTION_SHAPE: RowShape<PlanActionRow, PlanAction> = {
  id: planAction.column('id'),
  plan_id: planAction.column('plan_id'),
  kind: planAction.column('kind'),
  params: planAction.json('params'),
  state: planAction.column('state'),
  run_at: planAction.column('run_at'),
  attempts: planAction.column('attempts'),
  job_id: planAction.column('job_id'),
  error: planAction.column('error'),
  result: { value: (row) => (row.result === null ? null : jsonObject(row.result)) },
  created_at: planAction.column('created_at'),
  updated_at: planAction.column('updated_at'),
};

export function serializePlanAction(row: PlanActionRow): PlanAction {
  return shapeValue(PLAN_ACTION_SHAPE, row);
}

function schedule(db: Db, action: PlanActionRow, runAt: string, now: Date): PlanActionRow {
  const job = enqueueJob(db, {
    queue: 'billing',
    namespace: 'plan-actions',
    kind: PLAN_ACTION_JOB,
    payload: { actionId: action.id },
    now,
    runAt,
  });
  run(
    db,
    "UPDATE plan_actions SET state = 'scheduled', run_at = ?, job_id = ?, error = NULL, updated_at = ? WHERE id = ?",
    runAt,
    job.id,
    now.toISOString(),
    action.id,
  );
  return findPlanAction(db, action.id);
}

/**
 * Schedules an action on a plan (now unless `run_at` says later).
 *
 * @example
 * createPlanAction(db, 3, { kind: 'reprice', price: 52_000 }, now)
 */
export function createPlanAction(db: Db, planId: number, input: PlanActionInput, now: Date): PlanActionRow {
  findPlan(db, planId);
  if (input.kind === 'migrate' && input.target_plan_id === undefined)
    throw invalid('target_plan_id', 'a migration needs a target plan');
  if (input.kind === 'reprice' && input.price === undefined) throw invalid('price', 'a reprice needs a price');
  const params = { target_plan_id: input.target_plan_id, price: input.price, seat_price: input.seat_price };
  const stamp = now.toISOString();
  const runAt = input.run_at === undefined ? stamp : new Date(input.run_at).toISOString();
  const { lastInsertRowid } = run(
    db,
    "INSERT INTO plan_actions (plan_id, kind, params, state, run_at, created_at, updated_at) VALUES (?, ?, ?, 'scheduled', ?, ?, ?)",
    planId,
    input.kind,
    JSON.stringify(params),
    runAt,
    stamp,
    stamp,
  );
  return schedule(db, findPlanAction(db, Number(lastInsertRowid)), runAt, now);
}

export function cancelPlanAction(db: Db, action: PlanActionRow, now: Date): PlanActionRow {
  planActionLifecycle.check('cancel', action.id, action.state);
  run(db, "UPDATE plan_actions SET state = 'cancelled', updated_at = ? WHERE id = ?", now.toISOString(), action.id);
  return findPlanAction(db, action.id);
}

export function retryPlanAction(db: Db, action: PlanActionRow, now: Date): PlanActionRow {
  planActionLifecycle.check('retry', action.id, action.state);
  return schedule(db, action, now.toISOString(), now);
}

function perform(db: Db, action: PlanActionRow, now: Date): Record<string, unknown> {
  const plan = findPlan(db, action.plan_id);
  const params = jsonObject(action.params);
  const stamp = now.toISOString();
  if (action.kind === 'migrate') {
    const target = getPlan(db, Number(params.target_plan_id));
    if (!target) throw new Error(`Target plan ${String(params.target_plan_id)} does not exist`);
    if (target.product_id !== plan.product_id || target.currency !== plan.currency)
      throw new Error(`Plan ${target.id} is not of the same product and currency as plan ${plan.id}`);
    const moved = run(
      db,
      `UPDATE subscriptions SET plan_id = ?, updated_at = ? WHERE plan_id = ? AND deleted_at IS NULL AND state IN ${sqlList(LIVE_SUBSCRIPTION_STATES)}`,
      target.id,
      stamp,
      plan.id,
    ).changes;
    return { moved };
  }
  if (action.kind === 'reprice') {
    const seatPrice = typeof params.seat_price === 'number' ? params.seat_price : plan.seat_price;
    run(
      db,
      'UPDATE plans SET price = ?, seat_price = ?, version = version + 1, updated_at = ? WHERE id = ?',
      Number(params.price),
      seatPrice,
      stamp,
      plan.id,
    );
    return { price: Number(params.price), seat_price: seatPrice, version: plan.version + 1 };
  }
  run(db, 'UPDATE plans SET active = 0, updated_at = ? WHERE id = ?', stamp, plan.id);
  return { retired: true };
}

/** The job that carries an action out; a cancelled or superseded action is skipped. */
export const planActionJob: JobKind = {
  step(db, job: JobRow, _cursor, now) {
    const { actionId } = z.object({ actionId: z.number() }).parse(JSON.parse(job.payload));
    const action = findPlanAction(db, actionId);
    if (action.state !== 'scheduled' || action.job_id !== job.id)
      return { progress: 100, done: true, result: { skipped: action.state } };
    const result = perform(db, action, now);
    run(
      db,
      "UPDATE plan_actions SET state = 'done', attempts = attempts + 1, result = ?, updated_at = ? WHERE id = ?",
      JSON.stringify(result),
      now.toISOString(),
      action.id,
    );
    return { progress: 100, done: true, result };
  },
  onFail(db, job, message, now) {
    const parsed = z.object({ actionId: z.number() }).safeParse(JSON.parse(job.payload));
    if (!parsed.success) return;
    run(
      db,
      "UPDATE plan_actions SET state = 'failed', attempts = attempts + 1, error = ?, updated_at = ? WHERE id = ? AND job_id = ?",
      message,
      now.toISOString(),
      parsed.data.actionId,
      job.id,
    );
  },
};

/**
 * Every plan migration, newest first.
 *
 * @example
 * planMigrations(db).map(serializePlanAction);
 */
export function planMigrations(db: Db): PlanActionRow[] {
  return all<PlanActionRow>(db, "SELECT * FROM plan_actions WHERE kind = 'migrate' ORDER BY id DESC");
}

/**
 * Every plan action (in `state` when not null), newest first.
 *
 * @example
 * listPlanActions(db, 'failed').map(serializePlanAction);
 */
export function listPlanActions(db: Db, state: string | null): PlanActionRow[] {
  return all<PlanActionRow>(
    db,
    'SELECT * FROM plan_actions WHERE (? IS NULL OR state = ?) ORDER BY id DESC',
    state,
    state,
  );
}
