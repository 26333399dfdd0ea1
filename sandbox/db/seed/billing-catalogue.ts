import type { Db } from '../database.js';
import { planChecksum } from '../../domain/pricing/catalogue.js';

/** code, name, permissions, gbp price of a school plan (minor units) */
const PRODUCTS: readonly (readonly [string, string, readonly string[], number])[] = [
  ['spelling', 'Spelling Shed', ['spelling'], 45_000],
  ['number', 'Maths Shed', ['number'], 40_000],
  ['phonics', 'Phonics Shed', ['phonics'], 55_000],
  ['literacy', 'Literacy Shed Plus', ['litshed'], 30_000],
  ['complete', 'EdShed Complete', ['spelling', 'number', 'phonics', 'litshed'], 120_000],
  ['resources', 'Free Teaching Resources', ['resources'], 0],
];

/** How many units of each currency a pound of list price becomes (rounded list prices, not exchange rates). */
export const PRICE_FACTORS: Readonly<Record<string, number>> = {
  gbp: 1,
  usd: 1.3,
  aud: 1.9,
  eur: 1.15,
  nzd: 2.1,
  zar: 23,
};

/** The school-scope plan id of a product in a currency: plans are seeded in this order. */
export function schoolPlanId(productIndex: number, currency: string): number {
  const currencies = Object.keys(PRICE_FACTORS);
  return productIndex * currencies.length * 2 + currencies.indexOf(currency) + 1;
}

/**
 * Seeds products, their scopes (whole school, classroom) and a plan per scope and currency, with a
 * three-year child plan under each gbp school plan, the coupons and the plans cache.
 *
 * @example
 * seedCatalogue(db, now);
 */
export function seedCatalogue(db: Db, now: Date): void {
  const stamp = now.toISOString();
  const product = db.prepare(
    'INSERT INTO products (code, name, description, permissions, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const scope = db.prepare(
    'INSERT INTO product_scopes (product_id, name, seat_type, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
  );
  const plan = db.prepare(
    `INSERT INTO plans (id, scope_id, parent_id, name, currency, price, seats, teacher_seats, seat_price, term_months, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  let planId = 0;
  const children: [number, string, number][] = [];
  PRODUCTS.forEach(([code, name, permissions, gbp]) => {
    const productId = Number(
      product.run(code, name, `${name} for schools`, JSON.stringify(permissions), stamp, stamp).lastInsertRowid,
    );
    const school = Number(scope.run(productId, 'Whole school', 'school', stamp, stamp).lastInsertRowid);
    const classroom = Number(scope.run(productId, 'Classroom', 'teachers', stamp, stamp).lastInsertRowid);
    for (const [currency, factor] of Object.entries(PRICE_FACTORS)) {
      planId += 1;
      const price = Math.round((gbp * factor) / 100) * 100;
      plan.run(
        planId,
        school,
        null,
        `${name} School (${currency.toUpperCase()})`,
        currency,
        price,
        300,
        20,
        Math.round(150 * factor),
        12,
        stamp,
        stamp,
      );
      if (currency === 'gbp' && gbp > 0) children.push([planId, name, price]);
    }
    for (const [currency, factor] of Object.entries(PRICE_FACTORS)) {
      planId += 1;
      const price = Math.round((gbp * factor) / 400) * 100;
      plan.run(
        planId,
        classroom,
        null,
        `${name} Classroom (${currency.toUpperCase()})`,
        currency,
        price,
        35,
        1,
        Math.round(300 * factor),
        12,
        stamp,
        stamp,
      );
    }
  });
  for (const [parent, name, price] of children) {
    planId += 1;
    const scopeId = db.prepare('SELECT scope_id FROM plans WHERE id = ?').pluck().get(parent) as number;
    plan.run(
      planId,
      scopeId,
      parent,
      `${name} School 3-year (GBP)`,
      'gbp',
      Math.round((price * 3 * 0.9) / 100) * 100,
      300,
      20,
      150,
      36,
      stamp,
      stamp,
    );
  }
  const coupon = db.prepare(
    'INSERT INTO coupons (code, description, percent_off, amount_off, currency, valid_until, max_redemptions, redemptions, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  coupon.run('WELCOME10', '10% off a first subscription', 10, null, null, null, null, 14, stamp);
  coupon.run('SPRING25', '£25 off in spring', null, 2500, 'gbp', '2027-05-31', 500, 37, stamp);
  coupon.run('CONF2025', 'Conference offer, 15% off', 15, null, null, '2025-12-31', null, 52, stamp);
  coupon.run('PILOT1', 'One pilot school, half price', 50, null, null, null, 1, 1, stamp);
  const { checksum, count } = planChecksum(db);
  db.prepare('INSERT INTO plan_cache (id, checksum, plan_count, refreshed_at) VALUES (1, ?, ?, ?)').run(
    checksum,
    count,
    stamp,
  );
}
