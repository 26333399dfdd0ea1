/**
 * The large seed's billing history: yearly subscriptions going back from each school's current term, each
 * with its invoice and some upgrade invoices, until the database holds 10,000 invoices. Prepared
 * statements in the caller's transaction keep it fast.
 */
import type { Db } from '../database.js';
import type { SeedContext } from './context.js';
import { addDays, addMonths, day } from '../../domain/billing/dates.js';
import { currencyFor } from '../../domain/pricing/money.js';
import { termEnd } from '../../domain/pricing/pricing.js';
import { schoolPlanId } from './billing-catalogue.js';
import { hex } from './billing-ids.js';

export const LARGE_INVOICES = 10_000;
const DEPTS = ['uk-schools', 'us-schools', 'international', 'renewals', null] as const;

function pickState(ctx: SeedContext, current: boolean): string {
  const r = ctx.rng.next();
  if (current) return r < 0.3 ? 'open' : r < 0.45 ? 'promised' : r < 0.95 ? 'paid' : 'void';
  return r < 0.93 ? 'paid' : r < 0.96 ? 'void' : r < 0.98 ? 'uncollectable' : 'refunded';
}

/**
 * Fills the non-demo schools' billing history up to LARGE_INVOICES invoices.
 *
 * @example
 * seedLargeBilling(db, ctx);
 */
export function seedLargeBilling(db: Db, ctx: SeedContext): void {
  const today = day(ctx.now);
  const schools = db
    .prepare(
      'SELECT s.id, s.country, COALESCE(c.eu, 0) AS eu, COALESCE(c.vat_rate, 0) AS rate FROM schools s LEFT JOIN countries c ON c.code = s.country WHERE s.id > 3 ORDER BY s.id',
    )
    .all() as {
    id: number;
    country: string;
    eu: number;
    rate: number;
  }[];
  if (schools.length === 0) return;
  const prices = new Map(
    (db.prepare('SELECT id, price FROM plans').all() as { id: number; price: number }[]).map((p) => [p.id, p.price]),
  );
  const sub = db.prepare(
    `INSERT INTO subscriptions (school_id, product_id, plan_id, kind, state, billing, currency, seats, teacher_seats, start_date, expiry, permissions, created_at, updated_at)
     VALUES (?, ?, ?, 'full', ?, 'invoice', ?, 300, 20, ?, ?, '[]', ?, ?)`,
  );
  const invoice = db.prepare(
    `INSERT INTO invoices (id, number, shareable_id, school_id, subscription_id, kind, billing, state, currency, amount, tax, total, description, issued_at, due_at,
       paid_method, paid_date, voided_at, uncollectable_at, amount_refunded, refunded_at, promised_reference, promised_at, source_person_id, source_dept, created_at, updated_at)
     VALUES (@id, @number, @shareable, @school, @sub, @kind, 'invoice', @state, @currency, @amount, @tax, @total, @description, @issued, @due,
       @method, @paid, @voided, @uncollectable, @refunded, @refundedAt, @reference, @promisedAt, @person, @dept, @created, @created)`,
  );
  let nextId = (db.prepare('SELECT COALESCE(MAX(id), 0) + 1 FROM invoices').pluck().get() as number) ?? 1;
  let remaining = LARGE_INVOICES - (nextId - 1);
  schools.forEach((school, index) => {
    const currency = currencyFor(school.country, school.eu === 1);
    const quota = Math.ceil(remaining / (schools.length - index));
    const products = [0, 1, 2, 3, 4]
      .filter(() => ctx.rng.chance(0.7))
      .concat([0])
      .filter((p, i, all) => all.indexOf(p) === i);
    const month = ctx.rng.int(0, 11);
    let currentStart = `${today.slice(0, 4)}-${String(month + 1).padStart(2, '0')}-01`;
    if (currentStart > today) currentStart = addMonths(currentStart, -12);
    let made = 0;
    for (let k = 0; made < quota; k += 1) {
      for (const p of products) {
        if (made >= quota) break;
        const start = addMonths(currentStart, -12 * k);
        const expiry = termEnd(start, 12);
        const state =
          k === 0 ? (ctx.rng.chance(0.1) ? 'cancelling' : 'active') : ctx.rng.chance(0.05) ? 'cancelled' : 'expired';
        const planId = schoolPlanId(p, currency);
        const created = `${start}T09:00:00.000Z`;
        const subId = Number(
          sub.run(school.id, p + 1, planId, state, currency, start, expiry, created, created).lastInsertRowid,
        );
        const count = Math.min(quota - made, 1 + (ctx.rng.chance(0.6) ? ctx.rng.int(1, 3) : 0));
        for (let n = 0; n < count; n += 1) {
          const issued = n === 0 ? start : addDays(start, ctx.rng.int(20, 300));
          const amount =
            n === 0 ? (prices.get(planId) ?? 0) : Math.round(((prices.get(planId) ?? 0) * ctx.rng.int(5, 40)) / 100);
          const tax = Math.round((amount * school.rate) / 100);
          const stateOf = issued > today ? 'open' : pickState(ctx, k === 0);
          const paidOn = addDays(issued, ctx.rng.int(3, 60));
          const paid = stateOf === 'paid' || stateOf === 'refunded' ? (paidOn > today ? today : paidOn) : null;
          invoice.run({
            id: nextId,
            number: `INV-${String(nextId).padStart(6, '0')}`,
            shareable: hex(ctx.rng, 20),
            school: school.id,
            sub: subId,
            kind: n === 0 ? 'subscription' : 'upgrade',
            state: stateOf,
            currency,
            amount,
            tax,
            total: amount + tax,
            description:
              n === 0 ? `Subscription ${subId}: ${start} to ${expiry}` : `Subscription ${subId}: extra seats`,
            issued,
            due: addDays(issued, 30),
            method: paid ? ctx.rng.pick(['bacs', 'bacs', 'card', 'cheque', 'direct_debit']) : null,
            paid,
            voided: stateOf === 'void' ? `${addDays(issued, 10)}T10:00:00.000Z` : null,
            uncollectable: stateOf === 'uncollectable' ? `${addDays(issued, 120)}T10:00:00.000Z` : null,
            refunded: stateOf === 'refunded' ? Math.round((amount + tax) / 2) : 0,
            refundedAt: stateOf === 'refunded' ? `${paid ?? issued}T12:00:00.000Z` : null,
            reference: stateOf === 'promised' ? `PO-${school.id}-${nextId}` : null,
            promisedAt: stateOf === 'promised' ? `${issued}T12:00:00.000Z` : null,
            person: ctx.rng.chance(0.7) ? ctx.rng.int(1, 3) : null,
            dept: ctx.rng.pick(DEPTS),
            created: `${issued}T09:00:00.000Z`,
          });
          nextId += 1;
          made += 1;
        }
      }
    }
    remaining -= made;
  });
}
