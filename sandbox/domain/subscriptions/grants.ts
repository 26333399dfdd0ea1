/**
 * Creating subscriptions, one way per kind. Periods: a trial runs 30 days; free, full, backdated, future
 * and prepaid run one plan term (12 months unless the plan says otherwise); multi-year runs 2 to 5 terms;
 * freemium has no end. A school may not hold two live subscriptions to the same product over the same
 * days (freemium aside), and may trial a product only once.
 */
import { randomBytes } from 'node:crypto';
import { one, oneValue, run, sqlList, type Db } from '../../kit/sql.js';
import { LIVE_SUBSCRIPTION_STATES } from '../../../core/domain/billing.js';
import { DomainError, invalid } from '../errors.js';
import { defaultPlan, type PlanRow, findPlan, findProduct } from '../pricing/catalogue.js';
import { addDays, day } from '../billing/dates.js';
import type { ParsedPayload } from '../../../core/endpoints/define.js';
import type { GRANT_PAYLOAD } from '../../../core/endpoints/payloads.js';
import { createInvoice, type InvoiceKind, type InvoiceRow } from '../invoices/invoices.js';
import { type Currency, currencyFor } from '../pricing/money.js';
import { applyCoupon, multiYearPrice, redeemCoupon, termEnd, termPrice } from '../pricing/pricing.js';
import {
  getSubscription,
  type SubscriptionKind,
  type SubscriptionRow,
  type SubscriptionState,
} from './subscriptions.js';
import type { Row } from '../../db/rows.js';

export const TRIAL_DAYS = 30;

/** What a grant takes: the table's GRANT_PAYLOAD, as its schema parsed it. */
export type GrantInput = ParsedPayload<typeof GRANT_PAYLOAD>;

export interface Granted {
  readonly subscription: SubscriptionRow;
  readonly invoice: InvoiceRow | null;
  /** Shown once, to the payer of a prepaid or multi-year subscription. */
  readonly actionSecret: string | null;
}

/** The billing currency of a school. */
export function schoolCurrency(db: Db, schoolId: number): Currency {
  const row = one<Pick<Row<'schools'>, 'country'> & Pick<Row<'countries'>, 'eu'>>(
    db,
    'SELECT s.country, COALESCE(c.eu, 0) AS eu FROM schools s LEFT JOIN countries c ON c.code = s.country WHERE s.id = ?',
    schoolId,
  );
  return currencyFor(row?.country ?? 'GB', row?.eu === 1);
}

function resolvePlan(
  db: Db,
  input: GrantInput,
  currency: Currency,
  paid: boolean,
): { productId: number; plan: PlanRow | undefined } {
  if (input.plan_id !== undefined) {
    const plan = findPlan(db, input.plan_id);
    if (plan.active !== 1) throw new DomainError('conflict', `Plan ${plan.id} is retired; choose an active plan`);
    return { productId: plan.product_id, plan };
  }
  if (input.product_id === undefined) throw invalid('product_id', 'give product_id or plan_id');
  const product = findProduct(db, input.product_id);
  const plan = defaultPlan(db, product.id, currency);
  if (!plan && paid) throw new DomainError('conflict', `Product ${product.id} has no active plan in ${currency}`);
  return { productId: product.id, plan };
}

function assertNoOverlap(
  db: Db,
  schoolId: number,
  productId: number,
  kind: SubscriptionKind,
  start: string,
  expiry: string | null,
): void {
  const freemium = kind === 'freemium' ? "kind = 'freemium'" : "kind != 'freemium'";
  const clash = one<Pick<Row<'subscriptions'>, 'id' | 'state' | 'expiry'>>(
    db,
    `SELECT id, state, expiry FROM subscriptions WHERE school_id = ? AND product_id = ? AND deleted_at IS NULL AND ${freemium}
         AND state IN ${sqlList(LIVE_SUBSCRIPTION_STATES)}
         AND (expiry IS NULL OR expiry >= ?) AND (? IS NULL OR start_date <= ?) LIMIT 1`,
    schoolId,
    productId,
    start,
    expiry,
    expiry,
  );
  if (clash) {
    const until = clash.expiry === null ? 'with no end' : `until ${clash.expiry}`;
    throw new DomainError(
      'conflict',
      `School ${schoolId} already has subscription ${clash.id} (${clash.state}) to product ${productId} ${until}`,
    );
  }
  if (kind === 'trial') {
    const trial = one<Pick<Row<'subscriptions'>, 'id'>>(
      db,
      "SELECT id FROM subscriptions WHERE school_id = ? AND product_id = ? AND kind = 'trial' LIMIT 1",
      schoolId,
      productId,
    );
    if (trial)
      throw new DomainError(
        'conflict',
        `School ${schoolId} already had a trial of product ${productId} (subscription ${trial.id})`,
      );
  }
}

interface Period {
  start: string;
  expiry: string | null;
  state: SubscriptionState;
}

function period(kind: SubscriptionKind, input: GrantInput, plan: PlanRow | undefined, today: string): Period {
  const months = plan?.term_months ?? 12;
  const start = input.start ?? today;
  if (kind === 'backdated' && (input.start === undefined || input.start >= today))
    throw invalid('start', 'a backdated subscription starts before today');
  if (kind === 'future' && (input.start === undefined || input.start <= today))
    throw invalid('start', 'a future subscription starts after today');
  if (kind !== 'backdated' && kind !== 'future' && start > today)
    throw invalid('start', `a ${kind} subscription starts today or earlier; grant a future one`);
  const terms = kind === 'multi_year' ? (input.years ?? 3) : 1;
  const fallback =
    kind === 'freemium' ? null : kind === 'trial' ? addDays(start, TRIAL_DAYS - 1) : termEnd(start, months * terms);
  const expiry = input.expiry ?? fallback;
  if (expiry !== null && expiry < start) throw invalid('expiry', `before the start ${start}`);
  const state: SubscriptionState =
    kind === 'future'
      ? 'future'
      : kind === 'prepaid'
        ? 'pending'
        : kind === 'trial'
          ? 'trial'
          : expiry !== null && expiry < today
            ? 'expired'
            : 'active';
  return { start, expiry, state };
}

const PAID: Readonly<Record<SubscriptionKind, InvoiceKind | null>> = {
  freemium: null,
  trial: null,
  free: null,
  full: 'subscription',
  backdated: 'subscription',
  future: 'subscription',
  prepaid: 'prepayment',
  multi_year: 'multi_year',
};

/**
 * Grants a subscription of `kind` to a school, issuing its invoice when the kind is paid for.
 *
 * @example
 * const { subscription, invoice } = grant(db, 1, 'full', { product_id: 1, seats: 60 }, now);
 */
export function grant(db: Db, schoolId: number, kind: SubscriptionKind, input: GrantInput, now: Date): Granted {
  const today = day(now);
  const currency = schoolCurrency(db, schoolId);
  const invoiceKind = PAID[kind];
  const { productId, plan } = resolvePlan(db, input, currency, invoiceKind !== null);
  const { start, expiry, state } = period(kind, input, plan, today);
  assertNoOverlap(db, schoolId, productId, kind, start, expiry);
  const seats = input.seats ?? plan?.seats ?? 30;
  const teacherSeats = input.teacher_seats ?? plan?.teacher_seats ?? 5;
  const secret = kind === 'prepaid' || kind === 'multi_year' ? randomBytes(16).toString('hex') : null;
  const billing = invoiceKind === null ? 'none' : kind === 'prepaid' ? 'card' : 'invoice';
  const stamp = now.toISOString();
  const permissions = oneValue<string>(db, 'SELECT permissions FROM products WHERE id = ?', productId) as string;
  const { lastInsertRowid } = run(
    db,
    `INSERT INTO subscriptions (school_id, product_id, plan_id, kind, state, billing, currency, seats, teacher_seats, start_date, expiry,
         po_number, permissions, action_secret, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    schoolId,
    productId,
    plan?.id ?? null,
    kind,
    state,
    billing,
    plan?.currency ?? currency,
    seats,
    teacherSeats,
    start,
    expiry,
    input.po_number ?? null,
    permissions,
    secret,
    stamp,
    stamp,
  );
  const subscription = getSubscription(db, Number(lastInsertRowid)) as SubscriptionRow;
  let invoice: InvoiceRow | null = null;
  if (invoiceKind !== null && plan) {
    const base = termPrice(plan, seats, teacherSeats);
    const gross = kind === 'multi_year' ? multiYearPrice(base, input.years ?? 3) : base;
    const { amount, coupon } = applyCoupon(db, gross, plan.currency, input.coupon, today);
    redeemCoupon(db, coupon);
    invoice = createInvoice(db, {
      schoolId,
      subscriptionId: subscription.id,
      kind: invoiceKind,
      billing: kind === 'prepaid' ? 'card' : 'invoice',
      currency: plan.currency,
      amount,
      description: `${plan.name}: ${seats} seats, ${start} to ${expiry ?? 'open-ended'}`,
      now,
      issuedOn: kind === 'backdated' ? start : undefined,
    });
  }
  return { subscription, invoice, actionSecret: secret };
}
