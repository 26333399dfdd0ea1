/** Rows put straight into a chosen state, so every transition can be tried from every state. */
import type { SandboxDb } from '../../../sandbox/db/database.js';
import { SEED_NOW } from '../../../sandbox/db/seed/context.js';
import { createInvoice, type InvoiceState } from '../../../sandbox/billing/invoices.js';
import type { Currency } from '../../../sandbox/billing/money.js';

/** The seeded subscriptions the fixtures hang invoices on: school 1 spelling (gbp) and school 3 spelling (aud). */
export const GBP_SUB = 1;
export const AUD_SUB = 10;

/**
 * A new invoice of subscription `subId` in `state`, with the details that state carries.
 *
 * @example
 * const id = invoiceIn(h.db, 'promised');
 */
export function invoiceIn(db: SandboxDb, state: InvoiceState, options: { subId?: number; currency?: Currency; remittance?: boolean } = {}): number {
  const subId = options.subId ?? (options.currency === 'aud' ? AUD_SUB : GBP_SUB);
  const sub = db.prepare('SELECT school_id, currency FROM subscriptions WHERE id = ?').get(subId) as { school_id: number; currency: Currency };
  const invoice = createInvoice(db, { schoolId: sub.school_id, subscriptionId: subId, kind: 'upgrade', currency: sub.currency, amount: 10_000, description: 'fixture', now: SEED_NOW, issuedOn: '2026-08-01' });
  const set = (sql: string, ...args: unknown[]): void => void db.prepare(`UPDATE invoices SET ${sql} WHERE id = ?`).run(...args, invoice.id);
  set('state = ?', state);
  if (state === 'promised') set("promised_reference = 'REF-SEED', promised_at = '2026-08-02T09:00:00.000Z'");
  if (state === 'paid' || state === 'refunded') set("paid_method = 'bacs', paid_date = '2026-08-10'");
  if (state === 'refunded') set('amount_refunded = 5000');
  if (options.remittance) set("remittance_date_received = '2026-08-05', remittance_file = 'r.pdf'");
  return invoice.id;
}

/** An invoice's state now. */
export function stateOf(db: SandboxDb, table: 'invoices' | 'subscriptions' | 'store_purchases', id: number): string | undefined {
  return db.prepare(`SELECT state FROM ${table} WHERE id = ?`).pluck().get(id) as string | undefined;
}
