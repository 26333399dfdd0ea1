/**
 * Upgrades (more seats or a dearer plan of the same product), prepaid upgrades and prepayments, and the
 * switch to card billing. A trial upgrades into a full subscription starting today; a live one pays the
 * difference for the rest of its term. An upgrade never lowers the price.
 */
import type { ParsedPayload } from '../../../core/endpoints/define.js';
import type { UPGRADE_PAYLOAD } from '../../../core/endpoints/payloads.js';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { all, one, sqlList, type Db } from '../../kit/sql.js';
import { DomainError, invalid } from '../errors.js';
import { defaultPlan, getPlan, type PlanRow, findPlan } from '../pricing/catalogue.js';
import { day } from '../billing/dates.js';
import { markPaid, voidInvoice } from '../invoices/lifecycle.js';
import { createInvoice, getInvoice, type InvoiceRow } from '../invoices/invoices.js';
import { chargeCard } from '../billing/payment-methods.js';
import { termEnd, upgradeCost } from '../pricing/pricing.js';
import { subscriptionLifecycle } from './lifecycle.js';
import { type SubscriptionRow, updateSubscription } from './subscriptions.js';
import { UNPAID_INVOICE_STATES } from '../../../core/domain/billing.js';

/** What an upgrade takes: the table's UPGRADE_PAYLOAD, as its schema parsed it. */
export type UpgradeInput = ParsedPayload<typeof UPGRADE_PAYLOAD>;

export interface Quote {
  readonly plan: PlanRow;
  readonly seats: number;
  readonly teacher_seats: number;
  readonly amount: number;
  readonly currency: string;
}

const pendingSchema = z.object({
  plan_id: z.number(),
  seats: z.number(),
  teacher_seats: z.number(),
  invoice_id: z.number(),
  secret: z.string(),
});

/**
 * What an upgrade would cost today, refusing one that changes product, adds nothing or lowers the price.
 *
 * @example
 * const quote = quoteUpgrade(db, sub, { seats: 90 }, '2026-09-01');
 */
export function quoteUpgrade(db: Db, sub: SubscriptionRow, input: UpgradeInput, today: string): Quote {
  const current = sub.plan_id === null ? undefined : getPlan(db, sub.plan_id);
  const plan =
    input.plan_id !== undefined
      ? findPlan(db, input.plan_id)
      : (current ?? defaultPlan(db, sub.product_id, sub.currency));
  if (!plan) throw new DomainError('conflict', `Product ${sub.product_id} has no active plan in ${sub.currency}`);
  if (plan.product_id !== sub.product_id)
    throw invalid('plan_id', `plan ${plan.id} is for another product; an upgrade keeps the product`);
  if (plan.currency !== sub.currency)
    throw invalid(
      'plan_id',
      `plan ${plan.id} is in ${plan.currency}; subscription ${sub.id} is billed in ${sub.currency}`,
    );
  const seats = input.seats ?? sub.seats;
  const teacherSeats = input.teacher_seats ?? sub.teacher_seats;
  const amount = upgradeCost(sub, current, plan, seats, teacherSeats, today);
  const same = plan.id === sub.plan_id && seats === sub.seats && teacherSeats === sub.teacher_seats;
  if (sub.state !== 'trial' && same)
    throw new DomainError(
      'conflict',
      `Subscription ${sub.id} already has plan ${plan.id} with ${seats} seats; the upgrade adds nothing`,
    );
  if (amount < 0)
    throw new DomainError(
      'conflict',
      `That change lowers the price of subscription ${sub.id}; lower seats at renewal instead of upgrading`,
    );
  return { plan, seats, teacher_seats: teacherSeats, amount, currency: plan.currency };
}

function applyQuote(db: Db, sub: SubscriptionRow, quote: Quote, now: Date): SubscriptionRow {
  const today = day(now);
  const fromTrial = sub.state === 'trial';
  return updateSubscription(
    db,
    sub.id,
    {
      plan_id: quote.plan.id,
      seats: quote.seats,
      teacher_seats: quote.teacher_seats,
      state: 'active',
      ...(fromTrial
        ? {
            kind: 'full' as const,
            billing: sub.billing === 'none' ? ('invoice' as const) : sub.billing,
            start_date: today,
            expiry: termEnd(today, quote.plan.term_months),
          }
        : {}),
      pending_upgrade: null,
    },
    now,
  );
}

function invoiceFor(
  db: Db,
  sub: SubscriptionRow,
  quote: Quote,
  billing: 'invoice' | 'card',
  now: Date,
): InvoiceRow | null {
  if (quote.amount === 0) return null;
  const kind = sub.state === 'trial' ? 'subscription' : 'upgrade';
  const description = `${quote.plan.name}: upgrade to ${quote.seats} seats and ${quote.teacher_seats} teacher seats`;
  return createInvoice(db, {
    schoolId: sub.school_id,
    subscriptionId: sub.id,
    kind,
    billing,
    currency: quote.plan.currency,
    amount: quote.amount,
    description,
    now,
  });
}

/** Upgrades now and invoices the difference. */
export function upgrade(
  db: Db,
  sub: SubscriptionRow,
  input: UpgradeInput,
  now: Date,
): { subscription: SubscriptionRow; invoice: InvoiceRow | null } {
  subscriptionLifecycle.check('upgrade', sub.id, sub.state);
  if (sub.pending_upgrade !== null)
    throw new DomainError(
      'conflict',
      `Subscription ${sub.id} has an upgrade awaiting prepayment; activate or cancel it first`,
    );
  const quote = quoteUpgrade(db, sub, input, day(now));
  const invoice = invoiceFor(db, sub, quote, sub.billing === 'card' ? 'card' : 'invoice', now);
  return { subscription: applyQuote(db, sub, quote, now), invoice };
}

/** Prepares an upgrade that applies once its card invoice is paid (activation with the action secret). */
export function upgradeByPrepayment(
  db: Db,
  sub: SubscriptionRow,
  input: UpgradeInput,
  now: Date,
): { subscription: SubscriptionRow; invoice: InvoiceRow; actionSecret: string } {
  subscriptionLifecycle.check('upgradePrepayment', sub.id, sub.state);
  if (sub.pending_upgrade !== null)
    throw new DomainError('conflict', `Subscription ${sub.id} already has an upgrade awaiting prepayment`);
  const quote = quoteUpgrade(db, sub, input, day(now));
  const invoice = invoiceFor(db, sub, quote, 'card', now);
  if (!invoice)
    throw new DomainError('conflict', `The upgrade of subscription ${sub.id} costs nothing; upgrade it directly`);
  const secret = randomBytes(16).toString('hex');
  const pending = {
    plan_id: quote.plan.id,
    seats: quote.seats,
    teacher_seats: quote.teacher_seats,
    invoice_id: invoice.id,
    secret,
  };
  return {
    subscription: updateSubscription(db, sub.id, { pending_upgrade: JSON.stringify(pending) }, now),
    invoice,
    actionSecret: secret,
  };
}

function pendingOf(sub: SubscriptionRow): z.output<typeof pendingSchema> {
  const parsed = sub.pending_upgrade === null ? undefined : pendingSchema.safeParse(JSON.parse(sub.pending_upgrade));
  if (!parsed?.success) throw new DomainError('conflict', `Subscription ${sub.id} has no upgrade awaiting prepayment`);
  return parsed.data;
}

function checkSecret(expected: string | null, given: string): void {
  if (expected === null || expected !== given) throw new DomainError('forbidden', 'The action secret does not match');
}

/** Pays a prepaid upgrade's invoice by card and applies the upgrade. */
export function activateUpgrade(
  db: Db,
  sub: SubscriptionRow,
  secret: string,
  now: Date,
): { subscription: SubscriptionRow; invoice: InvoiceRow } {
  const pending = pendingOf(sub);
  checkSecret(pending.secret, secret);
  chargeCard(db, sub.school_id);
  const invoice = markPaid(db, getInvoice(db, pending.invoice_id) as InvoiceRow, 'card', day(now), 'pay', now).invoice;
  const plan = findPlan(db, pending.plan_id);
  const quote: Quote = {
    plan,
    seats: pending.seats,
    teacher_seats: pending.teacher_seats,
    amount: invoice.amount,
    currency: plan.currency,
  };
  return { subscription: applyQuote(db, sub, quote, now), invoice };
}

/** Drops a prepaid upgrade and voids its invoice. */
export function cancelUpgrade(db: Db, sub: SubscriptionRow, now: Date): SubscriptionRow {
  const pending = pendingOf(sub);
  const invoice = getInvoice(db, pending.invoice_id);
  if (invoice && (invoice.state === 'open' || invoice.state === 'promised')) voidInvoice(db, invoice, now);
  return updateSubscription(db, sub.id, { pending_upgrade: null }, now);
}

/** Activates a prepaid subscription: charges the card, pays the prepayment invoice, starts the term today. */
export function activatePrepayment(
  db: Db,
  sub: SubscriptionRow,
  secret: string,
  now: Date,
): { subscription: SubscriptionRow; invoice: InvoiceRow | null } {
  subscriptionLifecycle.check('activatePrepayment', sub.id, sub.state);
  checkSecret(sub.action_secret, secret);
  chargeCard(db, sub.school_id);
  const open = one<InvoiceRow>(
    db,
    `SELECT * FROM invoices WHERE subscription_id = ? AND kind = 'prepayment' AND state IN ${sqlList(UNPAID_INVOICE_STATES)}`,
    sub.id,
  );
  const invoice = open ? markPaid(db, open, 'card', day(now), 'pay', now).invoice : null;
  const plan = sub.plan_id === null ? undefined : getPlan(db, sub.plan_id);
  const today = day(now);
  const subscription = updateSubscription(
    db,
    sub.id,
    { state: 'active', start_date: today, expiry: termEnd(today, plan?.term_months ?? 12) },
    now,
  );
  return { subscription, invoice };
}

/** Cancels a pending prepaid subscription through its action secret, voiding its invoice. */
export function cancelPrepayment(db: Db, sub: SubscriptionRow, secret: string, now: Date): SubscriptionRow {
  subscriptionLifecycle.check('cancelPrepayment', sub.id, sub.state);
  checkSecret(sub.action_secret, secret);
  const open = all<InvoiceRow>(
    db,
    `SELECT * FROM invoices WHERE subscription_id = ? AND state IN ${sqlList(UNPAID_INVOICE_STATES)}`,
    sub.id,
  );
  for (const invoice of open) voidInvoice(db, invoice, now);
  return updateSubscription(db, sub.id, { state: 'cancelled', cancelled_at: now.toISOString() }, now);
}

/** Moves a subscription to card billing with the school's saved card. */
export function convertToCard(db: Db, sub: SubscriptionRow, now: Date): SubscriptionRow {
  subscriptionLifecycle.check('convert', sub.id, sub.state);
  if (sub.billing === 'card') throw new DomainError('conflict', `Subscription ${sub.id} is already billed by card`);
  const card = chargeCard(db, sub.school_id);
  return updateSubscription(db, sub.id, { billing: 'card', card_reference: `sub_${sub.id}_${card.last4}` }, now);
}
