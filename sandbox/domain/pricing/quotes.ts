/** Price quotes for a new subscription: the plan (named, or the product's default in the school's currency), seats, coupon and tax. */
import { oneValue, type Db } from '../../kit/sql.js';
import { DomainError } from '../errors.js';
import { defaultPlan, type PlanRow, findPlan, findProduct } from './catalogue.js';
import { schoolCurrency } from '../subscriptions/grants.js';
import type { ParsedPayload } from '../../../core/endpoints/define.js';
import type { QUOTE_PAYLOAD } from '../../../core/endpoints/payloads.js';
import { taxRate } from '../invoices/invoices.js';
import { applyCoupon, multiYearPrice, termPrice } from './pricing.js';

/** What a quote takes: the table's QUOTE_PAYLOAD, as its schema parsed it. */
export type QuoteInput = ParsedPayload<typeof QUOTE_PAYLOAD>;

/**
 * The plan a quote or purchase means: the named plan, else the product's default in the school's currency.
 *
 * @example
 * planFor(db, 1, { product_id: 1 }).id; // the product's default plan in school 1's currency
 */
export function planFor(db: Db, schoolId: number, input: QuoteInput, fallbackProduct = 'spelling'): PlanRow {
  if (input.plan_id !== undefined) return findPlan(db, input.plan_id);
  const productId =
    input.product_id ?? oneValue<number>(db, 'SELECT id FROM products WHERE code = ?', fallbackProduct) ?? 1;
  findProduct(db, productId);
  const currency = schoolCurrency(db, schoolId);
  const plan = defaultPlan(db, productId, currency);
  if (!plan) throw new DomainError('conflict', `Product ${productId} has no active plan in ${currency}`);
  return plan;
}

/**
 * What a subscription would cost a school, one term (or `years` terms at the multi-year discount).
 *
 * @example
 * quote(db, 1, { product_id: 1, seats: 350 }, '2026-09-01')
 */
export function quote(
  db: Db,
  schoolId: number,
  input: QuoteInput,
  today: string,
  multiYear = false,
): Record<string, unknown> {
  const plan = planFor(db, schoolId, input);
  const seats = input.seats ?? plan.seats;
  const teacherSeats = input.teacher_seats ?? plan.teacher_seats;
  const years = multiYear ? (input.years ?? 3) : 1;
  const term = termPrice(plan, seats, teacherSeats);
  const gross = multiYear ? multiYearPrice(term, years) : term;
  const { amount, coupon } = applyCoupon(db, gross, plan.currency, input.coupon, today);
  const tax = Math.round((amount * taxRate(db, schoolId)) / 100);
  return {
    plan_id: plan.id,
    plan: plan.name,
    currency: plan.currency,
    seats,
    teacher_seats: teacherSeats,
    years,
    term_months: plan.term_months * years,
    list_price: gross,
    discount: gross - amount,
    coupon: coupon?.code ?? null,
    amount,
    tax,
    total: amount + tax,
  };
}
