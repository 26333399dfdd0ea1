/** Rows put straight into a chosen state, so every transition can be tried from every state. */
import type { Db } from '../../../sandbox/db/database.js';
import { SEED_NOW } from '../../../sandbox/db/seed/context.js';
import { createInvoice, type InvoiceState } from '../../../sandbox/domain/invoices/invoices.js';
import type { Currency } from '../../../sandbox/domain/pricing/money.js';
import { oneValue, run } from '../../../sandbox/kit/sql.js';
import { rowOf, scalarOf } from '../helpers/sql.js';

/** The seeded subscriptions the fixtures hang invoices on: school 1 spelling (gbp) and school 3 spelling (aud). */
export const GBP_SUB = 1;
export const AUD_SUB = 10;

/**
 * A new invoice of subscription `subId` in `state`, with the details that state carries.
 *
 * @example
 * const id = invoiceIn(h.db, 'promised');
 */
export function invoiceIn(
  db: Db,
  state: InvoiceState,
  options: { subId?: number; currency?: Currency; remittance?: boolean; issuedOn?: string } = {},
): number {
  const subId = options.subId ?? (options.currency === 'aud' ? AUD_SUB : GBP_SUB);
  const sub = rowOf<{ school_id: number; currency: Currency }>(
    db,
    'SELECT school_id, currency FROM subscriptions WHERE id = ?',
    subId,
  );
  const invoice = createInvoice(db, {
    schoolId: sub.school_id,
    subscriptionId: subId,
    kind: 'upgrade',
    currency: sub.currency,
    amount: 10_000,
    description: 'fixture',
    now: SEED_NOW,
    issuedOn: options.issuedOn ?? '2026-08-01',
  });
  const set = (sql: string, ...args: unknown[]): void =>
    void run(db, `UPDATE invoices SET ${sql} WHERE id = ?`, ...args, invoice.id);
  set('state = ?', state);
  if (state === 'promised') set("promised_reference = 'REF-SEED', promised_at = '2026-08-02T09:00:00.000Z'");
  if (state === 'paid' || state === 'refunded') set("paid_method = 'bacs', paid_date = '2026-08-10'");
  if (state === 'refunded') set('amount_refunded = 5000');
  if (options.remittance) set("remittance_date_received = '2026-08-05', remittance_file = 'r.pdf'");
  return invoice.id;
}

/** An invoice's state now. */
export function stateOf(
  db: Db,
  table: 'invoices' | 'subscriptions' | 'store_purchases',
  id: number,
): string | undefined {
  return oneValue<string>(db, `SELECT state FROM ${table} WHERE id = ?`, id);
}

/**
 * A new subscription of school 1 to Spelling Shed (plan 1, gbp) in `state`: a trial for `trial`, a
 * prepaid one with an open card invoice for `pending`, otherwise a full one with a paid and an open invoice.
 *
 * @example
 * const id = subscriptionIn(h.db, 'cancelling');
 */
export function subscriptionIn(db: Db, state: string): number {
  const kind = state === 'trial' ? 'trial' : state === 'pending' ? 'prepaid' : state === 'future' ? 'future' : 'full';
  const [start, expiry] =
    state === 'expired'
      ? ['2025-01-01', '2025-12-31']
      : state === 'future'
        ? ['2026-10-01', '2027-09-30']
        : state === 'trial'
          ? ['2026-08-20', '2026-09-18']
          : ['2026-03-01', '2027-02-28'];
  const billing = kind === 'trial' ? 'none' : kind === 'prepaid' ? 'card' : 'invoice';
  const stamp = SEED_NOW.toISOString();
  const id = Number(
    run(
      db,
      `INSERT INTO subscriptions (school_id, product_id, plan_id, kind, state, billing, currency, seats, teacher_seats, start_date, expiry, permissions, action_secret, created_at, updated_at)
         VALUES (1, 1, 1, ?, ?, ?, 'gbp', 300, 20, ?, ?, '["spelling"]', ?, ?, ?)`,
      kind,
      state,
      billing,
      start,
      expiry,
      kind === 'prepaid' ? 'secret-fixture' : null,
      stamp,
      stamp,
    ).lastInsertRowid,
  );
  if (kind === 'prepaid') invoiceIn(db, 'open', { subId: id });
  if (kind !== 'trial' && kind !== 'prepaid') {
    invoiceIn(db, 'paid', { subId: id });
    invoiceIn(db, 'open', { subId: id });
  }
  return id;
}

/**
 * A new store purchase of school 1 from the UK warehouse in `state`: two bee plush toys, shipping set.
 *
 * @example
 * const id = purchaseIn(h.db, 'finalised');
 */
export function purchaseIn(db: Db, state: string): number {
  const stamp = SEED_NOW.toISOString();
  const id = scalarOf<number>(db, 'SELECT COALESCE(MAX(id), 0) + 1 FROM store_purchases');
  const price = scalarOf<number>(db, "SELECT json_extract(prices, '$.gbp') FROM store_items WHERE id = 1");
  run(
    db,
    `INSERT INTO store_purchases (id, number, school_id, user_id, location_id, origin, state, currency, subtotal, shipping, total, created_at, updated_at)
     VALUES (?, ?, 1, 2, 1, 'invoice', ?, 'gbp', ?, 695, ?, ?, ?)`,
    id,
    `ORD-T${id}`,
    state,
    price * 2,
    price * 2 + 695,
    stamp,
    stamp,
  );
  run(
    db,
    'INSERT INTO store_purchase_lines (purchase_id, item_id, quantity, unit_price) VALUES (?, 1, 2, ?)',
    id,
    price,
  );
  return id;
}
