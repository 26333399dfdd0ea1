import { all, run, type Db } from '../../kit/sql.js';
import { DomainError } from '../errors.js';
import { findRow } from '../../kit/reach.js';
import type { PlanRow } from './catalogue.js';
import { addDays, addMonths, daysBetween } from '../billing/dates.js';
import { prorate } from './money.js';
import type { SubscriptionRow } from '../subscriptions/subscriptions.js';
import type { Row } from '../../db/rows.js';

/**
 * Price of a term of a plan: the plan price covers its included seats, each seat beyond costs `seat_price`
 * (pupil and teacher seats alike).
 *
 * @example
 * termPrice(plan, 60, 5)
 */
export function termPrice(plan: PlanRow, seats: number, teacherSeats: number): number {
  const extra = Math.max(0, seats - plan.seats) + Math.max(0, teacherSeats - plan.teacher_seats);
  return plan.price + extra * plan.seat_price;
}

/** The last day of a term that starts on `start`. */
export function termEnd(start: string, months: number): string {
  return addDays(addMonths(start, months), -1);
}

export type CouponRow = Pick<
  Row<'coupons'>,
  'id' | 'code' | 'percent_off' | 'amount_off' | 'currency' | 'valid_until' | 'max_redemptions' | 'redemptions'
>;

/**
 * Applies a coupon code to an amount, refusing an unknown, expired, used-up or wrong-currency coupon.
 *
 * @example
 * const { amount, coupon } = applyCoupon(db, 45_000, 'gbp', 'SPRING10', '2026-09-01');
 */
export function applyCoupon(
  db: Db,
  amount: number,
  currency: string,
  code: string | undefined,
  today: string,
): { amount: number; coupon: CouponRow | null } {
  if (code === undefined) return { amount, coupon: null };
  const coupon = findRow<CouponRow>(db, 'Coupon', 'SELECT * FROM coupons WHERE code = ?', code);
  const refuse = (why: string): never => {
    throw new DomainError('conflict', `Coupon ${code} ${why}`);
  };
  if (coupon.valid_until !== null && coupon.valid_until < today) refuse(`expired on ${coupon.valid_until}`);
  if (coupon.max_redemptions !== null && coupon.redemptions >= coupon.max_redemptions)
    refuse(`has been used ${coupon.redemptions} times, its limit`);
  if (coupon.amount_off !== null && coupon.currency !== currency)
    refuse(`is for ${coupon.currency ?? 'another currency'}, not ${currency}`);
  const off = coupon.percent_off !== null ? Math.round((amount * coupon.percent_off) / 100) : (coupon.amount_off ?? 0);
  return { amount: Math.max(0, amount - off), coupon };
}

/** Counts a coupon's use. */
export function redeemCoupon(db: Db, coupon: CouponRow | null): void {
  if (coupon) run(db, 'UPDATE coupons SET redemptions = redemptions + 1 WHERE id = ?', coupon.id);
}

/**
 * What an upgrade from the subscription's current seats and plan to new ones costs today: the difference of
 * the term prices for the days left in the term. A trial upgrades into a new full term at the full price.
 *
 * @example
 * upgradeCost(sub, current, next, 60, 5, '2026-09-01')
 */
export function upgradeCost(
  sub: SubscriptionRow,
  current: PlanRow | undefined,
  next: PlanRow,
  seats: number,
  teacherSeats: number,
  today: string,
): number {
  const price = termPrice(next, seats, teacherSeats);
  if (sub.state === 'trial' || current === undefined || sub.expiry === null) return price;
  const before = termPrice(current, sub.seats, sub.teacher_seats);
  const whole = daysBetween(sub.start_date, sub.expiry) + 1;
  const left = daysBetween(today < sub.start_date ? sub.start_date : today, sub.expiry) + 1;
  return prorate(price - before, left, whole);
}

/** Multi-year discount: 5% per year beyond the first, at most 15%. */
export function multiYearPrice(annual: number, years: number): number {
  const discount = Math.min(15, 5 * (years - 1));
  return Math.round((annual * years * (100 - discount)) / 100);
}

export interface RefundLine {
  readonly invoice_id: number;
  readonly amount: number;
}

/**
 * The refund due if the subscription is cancelled today: each paid invoice prorated by the unused days of
 * the term (all of it if the term has not started).
 *
 * @example
 * const { amount, lines } = refundDue(db, sub, '2026-09-01');
 */
export function refundDue(
  db: Db,
  sub: SubscriptionRow,
  today: string,
): { amount: number; lines: RefundLine[]; daysLeft: number; daysInTerm: number } {
  const paid = all<Pick<Row<'invoices'>, 'id' | 'total'>>(
    db,
    "SELECT id, total FROM invoices WHERE subscription_id = ? AND state = 'paid' ORDER BY id",
    sub.id,
  );
  if (sub.expiry === null) return { amount: 0, lines: [], daysLeft: 0, daysInTerm: 0 };
  const whole = daysBetween(sub.start_date, sub.expiry) + 1;
  const left = Math.max(0, daysBetween(today < sub.start_date ? sub.start_date : today, sub.expiry) + 1);
  const lines = paid
    .map((inv) => ({ invoice_id: inv.id, amount: prorate(inv.total, left, whole) }))
    .filter((l) => l.amount > 0);
  return { amount: lines.reduce((sum, l) => sum + l.amount, 0), lines, daysLeft: left, daysInTerm: whole };
}
