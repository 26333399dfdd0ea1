/**
 * The demo schools' subscriptions, invoices, cancellations, card data and assignments: every subscription
 * and invoice state appears at least once, in gbp (school 1), usd (school 2) and aud (school 3).
 */
import type { Db } from '../database.js';
import type { SeedContext } from './context.js';
import { createInvoice, type InvoiceRow, type InvoiceState } from '../../domain/invoices/invoices.js';
import { schoolPlanId } from './billing-catalogue.js';
import { hex } from './billing-ids.js';

interface InvoiceSeed {
  readonly state: InvoiceState;
  readonly issued?: string;
  readonly paid?: readonly [method: string, date: string];
  readonly promised?: string;
  readonly accounting?: boolean;
  readonly forex?: number;
  readonly remittance?: string;
  readonly person?: number;
  readonly dept?: string;
  readonly refund?: number;
  readonly billing?: 'invoice' | 'card';
}

interface SubSeed {
  readonly school: number;
  readonly product: number;
  readonly kind: string;
  readonly state: string;
  readonly start: string;
  readonly expiry: string | null;
  readonly seats?: number;
  readonly billing?: 'none' | 'invoice' | 'card';
  readonly po?: string;
  readonly invoice?: InvoiceSeed;
  readonly cancel?: readonly [kind: string, reason: string, at: string];
}

const CURRENCY: Readonly<Record<number, string>> = { 1: 'gbp', 2: 'usd', 3: 'aud' };

/** Product indexes: 0 spelling, 1 number, 2 phonics, 3 literacy, 4 complete, 5 free resources. */
const SUBSCRIPTIONS: readonly SubSeed[] = [
  {
    school: 1,
    product: 0,
    kind: 'full',
    state: 'active',
    start: '2025-09-02',
    expiry: '2026-09-01',
    po: 'PO-OAK-2025',
    invoice: { state: 'paid', paid: ['bacs', '2025-09-20'], accounting: true, person: 1, dept: 'uk-schools' },
  },
  {
    school: 1,
    product: 1,
    kind: 'full',
    state: 'cancelling',
    start: '2025-11-15',
    expiry: '2026-11-14',
    invoice: { state: 'promised', promised: 'PO-7781', person: 2, dept: 'uk-schools' },
    cancel: ['at_expiry', 'Budget cut', '2026-07-02T10:00:00Z'],
  },
  { school: 1, product: 2, kind: 'trial', state: 'trial', start: '2026-08-20', expiry: '2026-09-18', billing: 'none' },
  {
    school: 1,
    product: 3,
    kind: 'full',
    state: 'expired',
    start: '2024-09-01',
    expiry: '2025-08-31',
    invoice: { state: 'paid', paid: ['cheque', '2024-10-02'], accounting: true, person: 1, dept: 'renewals' },
  },
  {
    school: 1,
    product: 0,
    kind: 'future',
    state: 'future',
    start: '2026-09-02',
    expiry: '2027-09-01',
    invoice: { state: 'open', issued: '2026-08-25', person: 1, dept: 'renewals' },
  },
  {
    school: 1,
    product: 5,
    kind: 'freemium',
    state: 'active',
    start: '2024-01-10',
    expiry: null,
    billing: 'none',
    seats: 0,
  },
  {
    school: 2,
    product: 4,
    kind: 'full',
    state: 'active',
    start: '2026-01-10',
    expiry: '2027-01-09',
    billing: 'card',
    invoice: { state: 'paid', paid: ['card', '2026-01-10'], billing: 'card', dept: 'us-schools' },
  },
  {
    school: 2,
    product: 0,
    kind: 'prepaid',
    state: 'pending',
    start: '2026-08-28',
    expiry: '2027-08-27',
    billing: 'card',
    invoice: { state: 'open', issued: '2026-08-28', billing: 'card' },
  },
  {
    school: 2,
    product: 1,
    kind: 'full',
    state: 'deactivated',
    start: '2025-03-01',
    expiry: '2026-02-28',
    invoice: { state: 'void', person: 2, dept: 'us-schools' },
    cancel: ['deactivate', 'Duplicate order', '2025-03-20T15:00:00Z'],
  },
  {
    school: 3,
    product: 0,
    kind: 'full',
    state: 'active',
    start: '2026-02-01',
    expiry: '2027-01-31',
    po: 'WPS-2026-14',
    invoice: { state: 'open', person: 2, dept: 'international' },
  },
  {
    school: 3,
    product: 1,
    kind: 'backdated',
    state: 'cancelled',
    start: '2025-09-15',
    expiry: '2026-09-14',
    invoice: { state: 'uncollectable', dept: 'international' },
    cancel: ['uncollectable', 'No response to reminders', '2026-06-30T09:00:00Z'],
  },
  {
    school: 3,
    product: 2,
    kind: 'multi_year',
    state: 'active',
    start: '2025-06-01',
    expiry: '2028-05-31',
    invoice: {
      state: 'paid',
      paid: ['wire', '2025-07-15'],
      forex: 0,
      remittance: '2025-07-14',
      accounting: true,
      person: 2,
      dept: 'international',
    },
  },
  { school: 3, product: 3, kind: 'free', state: 'active', start: '2026-01-01', expiry: '2026-12-31', billing: 'none' },
  {
    school: 3,
    product: 4,
    kind: 'full',
    state: 'cancelled',
    start: '2026-03-01',
    expiry: '2027-02-28',
    invoice: { state: 'refunded', paid: ['card', '2026-03-05'], refund: 0.5, dept: 'international' },
    cancel: ['refund', 'Chose another provider', '2026-09-01T08:00:00Z'],
  },
];

function planPrice(db: Db, planId: number): number {
  return db.prepare('SELECT price FROM plans WHERE id = ?').pluck().get(planId) as number;
}

function seedInvoice(
  db: Db,
  ctx: SeedContext,
  subId: number,
  s: SubSeed,
  planId: number,
  inv: InvoiceSeed,
): InvoiceRow {
  const issued = inv.issued ?? s.start;
  const invoice = createInvoice(db, {
    schoolId: s.school,
    subscriptionId: subId,
    kind: s.kind === 'prepaid' ? 'prepayment' : s.kind === 'multi_year' ? 'multi_year' : 'subscription',
    billing: inv.billing ?? 'invoice',
    currency: CURRENCY[s.school] as 'gbp',
    amount: s.kind === 'multi_year' ? Math.round(planPrice(db, planId) * 3 * 0.9) : planPrice(db, planId),
    description: `Subscription ${subId}: ${s.start} to ${s.expiry ?? 'open-ended'}`,
    now: new Date(`${issued}T09:00:00Z`),
    issuedOn: issued,
    shareableId: hex(ctx.rng, 20),
    state: inv.state,
  });
  const at = `${issued}T09:30:00.000Z`;
  const set = (sql: string, ...args: unknown[]): void =>
    void db.prepare(`UPDATE invoices SET ${sql} WHERE id = ?`).run(...args, invoice.id);
  if (inv.paid) set('paid_method = ?, paid_date = ?', inv.paid[0], inv.paid[1]);
  if (inv.promised) set('promised_reference = ?, promised_at = ?', inv.promised, at);
  if (inv.state === 'void') set('voided_at = ?', '2025-03-20T15:00:00.000Z');
  if (inv.state === 'uncollectable') set('uncollectable_at = ?', '2026-06-30T09:00:00.000Z');
  if (inv.accounting) set('accounting_id = ?, sent_to_accounting_at = ?', `xero:${invoice.number}`, at);
  if (inv.forex !== undefined) set('forex = 1, amount_final = ROUND(total * 0.52), forex_rate = 0.52');
  if (inv.remittance)
    set('remittance_date_received = ?, remittance_file = ?', inv.remittance, `remittances/${invoice.number}.pdf`);
  if (inv.person) set('source_person_id = ?', inv.person);
  if (inv.dept) set('source_dept = ?', inv.dept);
  if (inv.refund) {
    const amount = Math.round(invoice.total * inv.refund);
    set('amount_refunded = ?, refunded_at = ?', amount, '2026-09-01T08:00:00.000Z');
    db.prepare(
      "INSERT INTO invoice_credits (invoice_id, kind, amount, currency, reason, created_at) VALUES (?, 'refund', ?, ?, ?, ?)",
    ).run(invoice.id, amount, invoice.currency, 'Chose another provider', '2026-09-01T08:00:00.000Z');
  }
  if (inv.billing === 'card') set('card_reference = ?', `in_${hex(ctx.rng, 14)}`);
  return invoice;
}

/**
 * Seeds the demo schools' billing. Answers the ids of the subscriptions in SUBSCRIPTIONS order.
 *
 * @example
 * seedDemoBilling(db, ctx);
 */
export function seedDemoBilling(db: Db, ctx: SeedContext): number[] {
  const insert = db.prepare(
    `INSERT INTO subscriptions (school_id, product_id, plan_id, kind, state, billing, currency, seats, teacher_seats, start_date, expiry, po_number,
       permissions, action_secret, card_reference, cancelled_at, deactivated_at, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, (SELECT permissions FROM products WHERE id = ?), ?, ?, ?, ?, ?, ?)`,
  );
  const ids: number[] = [];
  for (const s of SUBSCRIPTIONS) {
    const currency = CURRENCY[s.school] ?? 'gbp';
    const planId = schoolPlanId(s.product, currency);
    const created = `${s.start < '2026-08-01' ? s.start : '2026-08-01'}T09:00:00.000Z`;
    const secret = s.kind === 'prepaid' || s.kind === 'multi_year' ? hex(ctx.rng, 32) : null;
    const cancelledAt = s.state === 'cancelled' ? (s.cancel?.[2] ?? created) : null;
    const deactivatedAt = s.state === 'deactivated' ? (s.cancel?.[2] ?? created) : null;
    const id = Number(
      insert.run(
        s.school,
        s.product + 1,
        planId,
        s.kind,
        s.state,
        s.billing ?? 'invoice',
        currency,
        s.seats ?? 300,
        s.seats === 0 ? 0 : 20,
        s.start,
        s.expiry,
        s.po ?? null,
        s.product + 1,
        secret,
        s.billing === 'card' && s.state !== 'pending' ? `sub_${hex(ctx.rng, 14)}` : null,
        cancelledAt,
        deactivatedAt,
        created,
        created,
      ).lastInsertRowid,
    );
    ids.push(id);
    if (s.invoice) seedInvoice(db, ctx, id, s, planId, s.invoice);
    if (s.cancel) {
      db.prepare(
        'INSERT INTO cancellations (subscription_id, school_id, kind, reason, user_id, created_at) VALUES (?, ?, ?, ?, 1, ?)',
      ).run(id, s.school, s.cancel[0], s.cancel[1], s.cancel[2]);
    }
  }
  return ids;
}
