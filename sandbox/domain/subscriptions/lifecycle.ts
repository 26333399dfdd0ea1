/**
 * Subscription lifecycle. `kind` says how a subscription was granted (freemium, trial, full, free,
 * backdated, future, prepaid, multi_year); `state` says where it is now.
 *
 * | action              | from                                         | to                               |
 * |---------------------|----------------------------------------------|----------------------------------|
 * | (clock)             | future (start reached)                       | active                           |
 * | (clock)             | trial, active (expiry passed)                | expired                          |
 * | (clock)             | cancelling (expiry passed)                   | cancelled                        |
 * | activatePrepayment  | pending                                      | active                           |
 * | cancelPrepayment    | pending                                      | cancelled (prepayment invoice void) |
 * | cancelAtExpiry      | trial, active                                | cancelling                       |
 * | undoCancelAtExpiry  | cancelling                                   | trial (a trial) or active        |
 * | deactivate          | future, trial, active, cancelling            | deactivated                      |
 * | cancelAndRefund     | active, cancelling                           | cancelled (paid invoices refunded, prorated) |
 * | cancelVoid          | pending, future, trial, active, cancelling   | cancelled (unpaid invoices void) |
 * | cancelUncollectable | active, cancelling                           | cancelled (unpaid invoices uncollectable) |
 * | setExpiry           | future, trial, active, cancelling, expired   | by the new date: expired, active/trial, cancelled or cancelling |
 * | move                | pending, future, trial, active, cancelling   | (same), at the target school     |
 * | upgrade             | trial, active                                | active                           |
 * | upgradePrepayment   | trial, active                                | (same) with a pending upgrade    |
 * | convert             | trial, active                                | (same), billed by card           |
 * | changeSeats, assign | future, trial, active, cancelling            | (same)                           |
 * | reschedule          | active, cancelling                           | (same)                           |
 * | remove              | pending, future, trial, expired, cancelled, deactivated | deleted                |
 * | removeFuture        | future                                       | deleted                          |
 * | sync                | any                                          | by the clock and due card schedules |
 *
 * A live subscription that has been invoiced is never deleted outright: cancel or deactivate it first.
 * Cancelling with a refund needs a paid invoice; cancelling as uncollectable needs an unpaid one.
 */
import { all, one, run, sqlList, type Db } from '../../kit/sql.js';
import { DomainError } from '../errors.js';
import { alreadyAtSchool } from '../../../core/domain/subscription-move.js';
import { day } from '../billing/dates.js';
import { markUncollectable, refund, voidInvoice } from '../invoices/lifecycle.js';
import type { InvoiceRow } from '../invoices/invoices.js';
import { defineLifecycle } from '../billing/lifecycle.js';
import { refundDue } from '../pricing/pricing.js';
import {
  applyClock,
  getSubscription,
  SUBSCRIPTION_STATES,
  type SubscriptionRow,
  type SubscriptionState,
  updateSubscription,
} from './subscriptions.js';

export const subscriptionLifecycle = defineLifecycle('subscription', SUBSCRIPTION_STATES, {
  activatePrepayment: { from: ['pending'], to: 'active', phrase: 'be activated by its prepayment' },
  cancelPrepayment: { from: ['pending'], to: 'cancelled', phrase: 'have its prepayment cancelled' },
  cancelAtExpiry: { from: ['trial', 'active'], to: 'cancelling', phrase: 'be cancelled at expiry' },
  undoCancelAtExpiry: { from: ['cancelling'], phrase: 'have its cancellation undone' },
  deactivate: { from: ['future', 'trial', 'active', 'cancelling'], to: 'deactivated', phrase: 'be deactivated' },
  cancelAndRefund: { from: ['active', 'cancelling'], to: 'cancelled', phrase: 'be cancelled with a refund' },
  cancelVoid: { from: LIVE_SUBSCRIPTION_STATES, to: 'cancelled', phrase: 'be cancelled and voided' },
  cancelUncollectable: { from: ['active', 'cancelling'], to: 'cancelled', phrase: 'be cancelled as uncollectable' },
  setExpiry: { from: ['future', 'trial', 'active', 'cancelling', 'expired'], phrase: 'have its expiry set' },
  move: { from: LIVE_SUBSCRIPTION_STATES, phrase: 'be moved to another school' },
  upgrade: { from: ['trial', 'active'], to: 'active', phrase: 'be upgraded' },
  upgradePrepayment: { from: ['trial', 'active'], phrase: 'be upgraded by prepayment' },
  convert: { from: ['trial', 'active'], phrase: 'be converted to card billing' },
  changeSeats: { from: ['future', 'trial', 'active', 'cancelling'], phrase: 'have its seats changed' },
  assign: { from: ['future', 'trial', 'active', 'cancelling'], phrase: 'have users, teachers or groups assigned' },
  reschedule: { from: ['active', 'cancelling'], phrase: 'have a scheduled update changed' },
  remove: { from: ['pending', 'future', 'trial', 'expired', 'cancelled', 'deactivated'], phrase: 'be deleted' },
  removeFuture: { from: ['future'], phrase: 'be deleted as a future subscription' },
});

import type { CancellationKind as CancelKind } from '../../../core/domain/billing.js';
import type { Row } from '../../db/rows.js';
import { LIVE_SUBSCRIPTION_STATES, UNPAID_INVOICE_STATES } from '../../../core/domain/billing.js';
export type { CancelKind };

/** Records a cancellation for the cancellations table and, at expiry, a retention follow-up. */
export function recordCancellation(
  db: Db,
  sub: SubscriptionRow,
  kind: CancelKind,
  reason: string,
  userId: number | null,
  now: Date,
): void {
  const stamp = now.toISOString();
  run(
    db,
    'INSERT INTO cancellations (subscription_id, school_id, kind, reason, user_id, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    sub.id,
    sub.school_id,
    kind,
    reason,
    userId,
    stamp,
  );
  if (kind === 'at_expiry') {
    run(
      db,
      "INSERT INTO retention_events (subscription_id, school_id, type, status, due_at, created_at, updated_at) VALUES (?, ?, 'cancellation', 'open', ?, ?, ?)",
      sub.id,
      sub.school_id,
      sub.expiry ?? day(now),
      stamp,
      stamp,
    );
  }
}

function unpaidInvoices(db: Db, subId: number): InvoiceRow[] {
  return all<InvoiceRow>(
    db,
    `SELECT * FROM invoices WHERE subscription_id = ? AND state IN ${sqlList(UNPAID_INVOICE_STATES)} ORDER BY id`,
    subId,
  );
}

export function cancelAtExpiry(
  db: Db,
  sub: SubscriptionRow,
  reason: string,
  userId: number | null,
  now: Date,
): SubscriptionRow {
  subscriptionLifecycle.check('cancelAtExpiry', sub.id, sub.state);
  recordCancellation(db, sub, 'at_expiry', reason, userId, now);
  return updateSubscription(db, sub.id, { state: 'cancelling' }, now);
}

export function undoCancelAtExpiry(db: Db, sub: SubscriptionRow, now: Date): SubscriptionRow {
  subscriptionLifecycle.check('undoCancelAtExpiry', sub.id, sub.state);
  run(
    db,
    "UPDATE cancellations SET undone_at = ? WHERE subscription_id = ? AND kind = 'at_expiry' AND undone_at IS NULL",
    now.toISOString(),
    sub.id,
  );
  run(
    db,
    "UPDATE retention_events SET status = 'won', updated_at = ? WHERE subscription_id = ? AND type = 'cancellation' AND status IN ('open', 'contacted')",
    now.toISOString(),
    sub.id,
  );
  return updateSubscription(db, sub.id, { state: sub.kind === 'trial' ? 'trial' : 'active' }, now);
}

export function deactivate(
  db: Db,
  sub: SubscriptionRow,
  reason: string,
  userId: number | null,
  now: Date,
): SubscriptionRow {
  subscriptionLifecycle.check('deactivate', sub.id, sub.state);
  recordCancellation(db, sub, 'deactivate', reason, userId, now);
  return updateSubscription(db, sub.id, { state: 'deactivated', deactivated_at: now.toISOString() }, now);
}

/** Cancels now and refunds the unused part of each paid invoice. */
export function cancelAndRefund(
  db: Db,
  sub: SubscriptionRow,
  reason: string,
  userId: number | null,
  now: Date,
): { subscription: SubscriptionRow; refunded: number } {
  subscriptionLifecycle.check('cancelAndRefund', sub.id, sub.state);
  const due = refundDue(db, sub, day(now));
  if (due.lines.length === 0) {
    throw new DomainError(
      'conflict',
      `Subscription ${sub.id} has no paid invoice with unused time to refund; cancel it with cancelvoid instead`,
    );
  }
  for (const line of due.lines) {
    const invoice = one<InvoiceRow>(db, 'SELECT * FROM invoices WHERE id = ?', line.invoice_id) as InvoiceRow;
    refund(db, invoice, line.amount, reason || `Subscription ${sub.id} cancelled`, now);
  }
  recordCancellation(db, sub, 'refund', reason, userId, now);
  return {
    subscription: updateSubscription(db, sub.id, { state: 'cancelled', cancelled_at: now.toISOString() }, now),
    refunded: due.amount,
  };
}

/** Cancels now and voids what is still unpaid. */
export function cancelVoid(
  db: Db,
  sub: SubscriptionRow,
  reason: string,
  userId: number | null,
  now: Date,
): SubscriptionRow {
  subscriptionLifecycle.check('cancelVoid', sub.id, sub.state);
  for (const invoice of unpaidInvoices(db, sub.id)) voidInvoice(db, invoice, now);
  recordCancellation(db, sub, 'void', reason, userId, now);
  return updateSubscription(
    db,
    sub.id,
    { state: 'cancelled', cancelled_at: now.toISOString(), pending_upgrade: null },
    now,
  );
}

/** Cancels now and writes off what is still unpaid. */
export function cancelUncollectable(
  db: Db,
  sub: SubscriptionRow,
  reason: string,
  userId: number | null,
  now: Date,
): SubscriptionRow {
  subscriptionLifecycle.check('cancelUncollectable', sub.id, sub.state);
  const unpaid = unpaidInvoices(db, sub.id);
  if (unpaid.length === 0)
    throw new DomainError('conflict', `Subscription ${sub.id} has no unpaid invoice to mark uncollectable`);
  for (const invoice of unpaid) markUncollectable(db, invoice, now);
  recordCancellation(db, sub, 'uncollectable', reason, userId, now);
  return updateSubscription(db, sub.id, { state: 'cancelled', cancelled_at: now.toISOString() }, now);
}

/** Sets a new expiry; the state follows the date (an expired subscription given a later expiry is live again). */
export function setExpiry(db: Db, sub: SubscriptionRow, expiry: string, now: Date): SubscriptionRow {
  subscriptionLifecycle.check('setExpiry', sub.id, sub.state);
  if (expiry < sub.start_date) {
    throw new DomainError(
      'invalid',
      `The expiry ${expiry} is before subscription ${sub.id} starts (${sub.start_date})`,
      {
        errors: [{ path: 'expiry', message: 'before the start date' }],
      },
    );
  }
  const past = expiry < day(now);
  const live: SubscriptionState = sub.kind === 'trial' ? 'trial' : 'active';
  const state: SubscriptionState =
    sub.state === 'future'
      ? 'future'
      : sub.state === 'cancelling'
        ? past
          ? 'cancelled'
          : 'cancelling'
        : past
          ? 'expired'
          : live;
  return updateSubscription(
    db,
    sub.id,
    { expiry, state, cancelled_at: state === 'cancelled' ? now.toISOString() : sub.cancelled_at },
    now,
  );
}

/**
 * Moves a subscription and its unpaid invoices to another school; seat assignments stay behind. A move to
 * the school it is already at changes nothing (`alreadyAtSchool`, the rule the CLI shares).
 *
 * @example
 * const { subscription, changed } = move(db, sub, 2, now);
 */
export function move(
  db: Db,
  sub: SubscriptionRow,
  schoolId: number,
  now: Date,
): { subscription: SubscriptionRow; changed: boolean } {
  subscriptionLifecycle.check('move', sub.id, sub.state);
  if (alreadyAtSchool(sub, schoolId)) return { subscription: sub, changed: false };
  run(db, 'DELETE FROM subscription_members WHERE subscription_id = ?', sub.id);
  run(
    db,
    `UPDATE invoices SET school_id = ?, updated_at = ? WHERE subscription_id = ? AND state IN ${sqlList(UNPAID_INVOICE_STATES)}`,
    schoolId,
    now.toISOString(),
    sub.id,
  );
  return {
    subscription: updateSubscription(db, sub.id, { school_id: schoolId, moved_from_school_id: sub.school_id }, now),
    changed: true,
  };
}

/** Deletes a subscription that is not live (or only pending/future), voiding anything unpaid. */
export function remove(db: Db, sub: SubscriptionRow, action: 'remove' | 'removeFuture', now: Date): void {
  subscriptionLifecycle.check(action, sub.id, sub.state);
  for (const invoice of unpaidInvoices(db, sub.id)) voidInvoice(db, invoice, now);
  run(db, 'DELETE FROM subscription_members WHERE subscription_id = ?', sub.id);
  updateSubscription(db, sub.id, { deleted_at: now.toISOString() }, now);
}

/** Reconciles a subscription with the clock and applies card schedules that have come due. */
export function sync(db: Db, sub: SubscriptionRow, now: Date): { subscription: SubscriptionRow; applied: number } {
  applyClock(db, now, sub.id);
  const today = day(now);
  const due = all<Pick<Row<'card_schedules'>, 'id' | 'changes'>>(
    db,
    "SELECT id, changes FROM card_schedules WHERE subscription_id = ? AND state = 'scheduled' AND effective_at <= ? ORDER BY effective_at, id",
    sub.id,
    today,
  );
  for (const schedule of due) {
    const changes = JSON.parse(schedule.changes) as { seats?: number; teacher_seats?: number };
    const current = getSubscription(db, sub.id) as SubscriptionRow;
    updateSubscription(
      db,
      sub.id,
      { seats: changes.seats ?? current.seats, teacher_seats: changes.teacher_seats ?? current.teacher_seats },
      now,
    );
    run(db, "UPDATE card_schedules SET state = 'applied', updated_at = ? WHERE id = ?", now.toISOString(), schedule.id);
  }
  return { subscription: updateSubscription(db, sub.id, { synced_at: now.toISOString() }, now), applied: due.length };
}
