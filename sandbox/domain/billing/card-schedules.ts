/** A card subscription's scheduled updates (seat changes on a day): found, cancelled and rescheduled. */
import { findRow } from '../../kit/reach.js';
import { jsonObject } from '../../kit/json-columns.js';
import { run, type Db } from '../../kit/sql.js';
import type { Row } from '../../db/rows.js';
import { DomainError } from '../errors.js';
import { subscriptionLifecycle } from '../subscriptions/lifecycle.js';
import type { SubscriptionRow } from '../subscriptions/subscriptions.js';
import { scheduleLifecycle } from './card-events.js';
import { day } from './dates.js';
import { fieldsOf, shapeValue, type RowShape } from '../../db/fast/shape.js';
import type { ValueOf } from '../../../core/shapes/define.js';
import type { CARD_SCHEDULE } from '../../../core/shapes/subscription.js';

export type ScheduleRow = Row<'card_schedules'>;

const schedule = fieldsOf<ScheduleRow>();

const SCHEDULE_SHAPE: RowShape<ScheduleRow, ValueOf<typeof CARD_SCHEDULE>> = {
  id: schedule.column('id'),
  subscription_id: schedule.column('subscription_id'),
  changes: schedule.json('changes'),
  effective_at: schedule.column('effective_at'),
  state: schedule.column('state'),
  created_at: schedule.column('created_at'),
  updated_at: schedule.column('updated_at'),
};

/**
 * A schedule as the API shows it: its row with the changes parsed.
 *
 * @example
 * serializeSchedule(row); // { id: 3, effective_at: '2026-09-01', changes: { seats: 400 }, ... }
 */
export const serializeSchedule = (row: ScheduleRow): ValueOf<typeof CARD_SCHEDULE> => shapeValue(SCHEDULE_SHAPE, row);

/**
 * Schedule `id` of subscription `subscriptionId`, or 404.
 *
 * @example
 * const schedule = findSchedule(db, sub.id, 3);
 */
export function findSchedule(db: Db, subscriptionId: number, id: number): ScheduleRow {
  return findRow<ScheduleRow>(
    db,
    'Schedule',
    'SELECT * FROM card_schedules WHERE id = ? AND subscription_id = ?',
    id,
    subscriptionId,
  );
}

/**
 * Cancels a schedule (refused unless it is still to apply).
 *
 * @example
 * cancelSchedule(db, schedule, now);
 */
export function cancelSchedule(db: Db, schedule: ScheduleRow, now: Date): ScheduleRow {
  scheduleLifecycle.check('cancel', schedule.id, schedule.state);
  run(db, "UPDATE card_schedules SET state = 'cancelled', updated_at = ? WHERE id = ?", now.toISOString(), schedule.id);
  return findSchedule(db, schedule.subscription_id, schedule.id);
}

/** What a reschedule may change: the day, and the seats it sets. */
export interface Reschedule {
  readonly effective_at?: string;
  readonly seats?: number;
  readonly teacher_seats?: number;
}

/**
 * Moves a schedule of `sub` to another day (not in the past) and changes the seats it sets; both the
 * schedule and the subscription must be in a state that allows it.
 *
 * @example
 * reschedule(db, sub, schedule, { effective_at: '2026-10-01', seats: 400 }, now);
 */
export function reschedule(
  db: Db,
  sub: SubscriptionRow,
  schedule: ScheduleRow,
  change: Reschedule,
  now: Date,
): ScheduleRow {
  scheduleLifecycle.check('reschedule', schedule.id, schedule.state);
  subscriptionLifecycle.check('reschedule', sub.id, sub.state);
  const effective = change.effective_at ?? schedule.effective_at;
  if (effective < day(now))
    throw new DomainError('invalid', `effective_at: ${effective} is in the past`, {
      errors: [{ path: 'effective_at', message: 'in the past' }],
    });
  const changes = {
    ...jsonObject(schedule.changes),
    ...(change.seats === undefined ? {} : { seats: change.seats }),
    ...(change.teacher_seats === undefined ? {} : { teacher_seats: change.teacher_seats }),
  };
  run(
    db,
    'UPDATE card_schedules SET effective_at = ?, changes = ?, updated_at = ? WHERE id = ?',
    effective,
    JSON.stringify(changes),
    now.toISOString(),
    schedule.id,
  );
  return findSchedule(db, schedule.subscription_id, schedule.id);
}
