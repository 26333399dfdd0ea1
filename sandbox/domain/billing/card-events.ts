/**
 * The card provider's events (webhooks) and scheduled subscription updates.
 *
 * Events: `invoice.paid` marks the invoice paid by card, `invoice.voided` voids it, anything else is
 * recorded. An event that cannot apply (the invoice is in the wrong state) is stored failed with the
 * reason; rerunning it tries again.
 *
 * | schedule action | from      | to        |
 * |-----------------|-----------|-----------|
 * | cancel          | scheduled | cancelled |
 * | reschedule      | scheduled | scheduled |
 * | (sync, when due)| scheduled | applied   |
 */
import { one, run, type Db } from '../../kit/sql.js';
import { DomainError } from '../errors.js';
import { day } from './dates.js';
import { markPaid, voidInvoice } from '../invoices/lifecycle.js';
import type { InvoiceRow } from '../invoices/invoices.js';
import { findRow } from '../../kit/reach.js';
import { defineLifecycle } from './lifecycle.js';
import type { Row } from '../../db/rows.js';
import { fieldsOf, shapeValue, type RowShape } from '../../db/fast/shape.js';
import type { ValueOf } from '../../../core/shapes/define.js';
import type { CARD_EVENT } from '../../../core/shapes/subscription.js';

export const scheduleLifecycle = defineLifecycle('schedule', ['scheduled', 'cancelled', 'applied'] as const, {
  cancel: { from: ['scheduled'], to: 'cancelled', phrase: 'be cancelled' },
  reschedule: { from: ['scheduled'], phrase: 'be rescheduled' },
});

export type CardEventRow = Row<'card_events'>;

/** Applies an event's effect; throws DomainError when it cannot. */
function effect(db: Db, event: Pick<CardEventRow, 'type' | 'invoice_id'>, now: Date): void {
  if (event.invoice_id === null || (event.type !== 'invoice.paid' && event.type !== 'invoice.voided')) return;
  const invoice = findRow<InvoiceRow>(db, 'Invoice', 'SELECT * FROM invoices WHERE id = ?', event.invoice_id);
  if (event.type === 'invoice.paid' && invoice.state !== 'paid') markPaid(db, invoice, 'card', day(now), 'pay', now);
  if (event.type === 'invoice.voided' && invoice.state !== 'void') voidInvoice(db, invoice, now);
}

/**
 * Runs an event (again): processed when its effect applies, failed with the reason when it does not.
 *
 * @example
 * const event = runEvent(db, row, now);
 */
const event = fieldsOf<CardEventRow>();

const EVENT_SHAPE: RowShape<CardEventRow, ValueOf<typeof CARD_EVENT>> = {
  id: event.column('id'),
  school_id: event.column('school_id'),
  subscription_id: event.column('subscription_id'),
  invoice_id: event.column('invoice_id'),
  type: event.column('type'),
  payload: event.json('payload'),
  state: event.column('state'),
  attempts: event.column('attempts'),
  error: event.column('error'),
  created_at: event.column('created_at'),
  processed_at: event.column('processed_at'),
};

/** A card event as the API answers it: its stored payload as an object. */
export const serializeEvent = (row: CardEventRow): ValueOf<typeof CARD_EVENT> => shapeValue(EVENT_SHAPE, row);

export function runEvent(db: Db, event: CardEventRow, now: Date): CardEventRow {
  let error: string | null = null;
  const savepoint = `event_${event.id}`;
  db.exec(`SAVEPOINT ${savepoint}`);
  try {
    effect(db, event, now);
    db.exec(`RELEASE ${savepoint}`);
  } catch (failure) {
    db.exec(`ROLLBACK TO ${savepoint}`);
    db.exec(`RELEASE ${savepoint}`);
    if (!(failure instanceof DomainError)) throw failure;
    error = failure.message;
  }
  run(
    db,
    'UPDATE card_events SET state = ?, attempts = ?, error = ?, processed_at = ? WHERE id = ?',
    error === null ? 'processed' : 'failed',
    event.attempts + 1,
    error,
    error === null ? now.toISOString() : null,
    event.id,
  );
  return one<CardEventRow>(db, 'SELECT * FROM card_events WHERE id = ?', event.id) as CardEventRow;
}

/** Records a new event from the provider and runs it. */
export function receiveEvent(
  db: Db,
  event: { schoolId: number; subscriptionId: number | null; invoiceId: number | null; type: string; payload: unknown },
  now: Date,
): CardEventRow {
  const { lastInsertRowid } = run(
    db,
    "INSERT INTO card_events (school_id, subscription_id, invoice_id, type, payload, state, attempts, created_at) VALUES (?, ?, ?, ?, ?, 'failed', 0, ?)",
    event.schoolId,
    event.subscriptionId,
    event.invoiceId,
    event.type,
    JSON.stringify(event.payload ?? {}),
    now.toISOString(),
  );
  const row = one<CardEventRow>(db, 'SELECT * FROM card_events WHERE id = ?', Number(lastInsertRowid)) as CardEventRow;
  return runEvent(db, row, now);
}
