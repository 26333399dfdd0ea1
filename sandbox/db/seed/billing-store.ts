/**
 * The merchandise store: three warehouses, a dozen items with stock per warehouse (one sold out), and
 * purchases in every state. Stock figures are after the seeded purchases took theirs.
 */
import type { Db } from '../database.js';

const LOCATIONS: readonly (readonly [string, string, string, number])[] = [
  ['UK warehouse', 'GB', 'gbp', 695],
  ['US warehouse', 'US', 'usd', 995],
  ['AU warehouse', 'AU', 'aud', 1495],
];

/** sku, name, category, tags, gbp price, stock per location */
const ITEMS: readonly (readonly [
  string,
  string,
  string,
  readonly string[],
  number,
  readonly [number, number, number],
])[] = [
  ['BEE-PLUSH', 'Spelling bee plush toy', 'toys', ['bee', 'gift'], 1299, [120, 60, 35]],
  ['BEE-STICKERS', 'Bee reward stickers (500)', 'rewards', ['bee', 'stickers'], 599, [800, 400, 200]],
  ['SPELL-CARDS', 'Spelling rule flash cards', 'classroom', ['spelling'], 1899, [75, 40, 20]],
  ['PHONICS-FRIEZE', 'Phonics frieze set', 'classroom', ['phonics', 'display'], 2499, [50, 0, 12]],
  ['MATHS-DICE', 'Times tables dice (class set)', 'classroom', ['maths'], 1499, [90, 45, 30]],
  ['PENCILS-10', 'Shed pencils (10)', 'stationery', ['pencils'], 350, [1500, 900, 500]],
  ['NOTEBOOK-A5', 'A5 spelling notebook', 'stationery', ['spelling'], 299, [1000, 600, 300]],
  ['TSHIRT-KIDS', "Children's bee T-shirt", 'apparel', ['bee', 'clothing'], 999, [200, 150, 80]],
  ['MUG-TEACHER', "Teacher's shed mug", 'gifts', ['gift'], 899, [140, 70, 40]],
  ['CERT-PACK', 'Certificates pack (100)', 'rewards', ['certificates'], 799, [300, 200, 100]],
  ['BADGE-STAR', 'Star speller badges (30)', 'rewards', ['badges'], 1099, [250, 100, 60]],
  ['STAMP-SET', 'Teacher stamp set', 'stationery', ['stamps'], 1599, [0, 0, 0]],
];

const FACTORS: Readonly<Record<string, number>> = { gbp: 1, usd: 1.3, aud: 1.9 };

/** purchase: school, location, origin, state, lines [sku index, qty], shipping set, po */
const PURCHASES: readonly (readonly [
  number,
  number,
  string,
  string,
  readonly (readonly [number, number])[],
  boolean,
  string | null,
])[] = [
  [
    1,
    1,
    'draft',
    'draft',
    [
      [0, 10],
      [1, 2],
    ],
    false,
    null,
  ],
  [
    1,
    1,
    'invoice',
    'finalised',
    [
      [2, 5],
      [6, 30],
    ],
    true,
    'PO-OAK-STORE-1',
  ],
  [1, 1, 'invoice', 'promised', [[9, 4]], true, 'PO-OAK-STORE-2'],
  [
    1,
    1,
    'card',
    'paid',
    [
      [7, 12],
      [8, 2],
    ],
    true,
    null,
  ],
  [1, 1, 'invoice', 'shipped', [[5, 20]], true, null],
  [2, 2, 'card', 'shipped', [[0, 25]], true, null],
  [2, 2, 'invoice', 'void', [[4, 3]], true, 'MAPLE-PO-88'],
  [
    3,
    3,
    'draft',
    'draft',
    [
      [3, 2],
      [10, 6],
    ],
    true,
    null,
  ],
];

/**
 * Seeds the store.
 *
 * @example
 * seedStore(db, now);
 */
export function seedStore(db: Db, now: Date): void {
  const stamp = now.toISOString();
  const location = db.prepare(
    'INSERT INTO store_locations (name, country, currency, shipping_price, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  for (const [name, country, currency, shipping] of LOCATIONS) location.run(name, country, currency, shipping, stamp);
  const item = db.prepare(
    'INSERT INTO store_items (sku, name, description, category, tags, prices, image, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const stock = db.prepare('INSERT INTO store_stock (item_id, location_id, quantity) VALUES (?, ?, ?)');
  const prices: Record<string, number>[] = [];
  ITEMS.forEach(([sku, name, category, tags, gbp, perLocation]) => {
    const price = Object.fromEntries(Object.entries(FACTORS).map(([c, f]) => [c, Math.round((gbp * f) / 10) * 10 - 1]));
    prices.push(price);
    const id = Number(
      item.run(
        sku,
        name,
        `${name} from the EdShed store`,
        category,
        JSON.stringify(tags),
        JSON.stringify(price),
        `store/${sku.toLowerCase()}.jpg`,
        stamp,
        stamp,
      ).lastInsertRowid,
    );
    perLocation.forEach((quantity, index) => stock.run(id, index + 1, quantity));
  });
  const purchase = db.prepare(
    `INSERT INTO store_purchases (id, number, school_id, user_id, location_id, origin, state, currency, subtotal, shipping, total, po_number, payment_method,
       promised_reference, tracking, finalised_at, promised_at, paid_at, shipped_at, voided_at, created_at, updated_at)
     VALUES (@id, @number, @school, @user, @location, @origin, @state, @currency, @subtotal, @shipping, @total, @po, @method, @ref, @tracking,
       @finalised, @promised, @paid, @shipped, @voided, @created, @created)`,
  );
  const line = db.prepare(
    'INSERT INTO store_purchase_lines (purchase_id, item_id, quantity, unit_price) VALUES (?, ?, ?, ?)',
  );
  PURCHASES.forEach(([school, loc, origin, state, lines, shippingSet, po], index) => {
    const id = index + 1;
    const currency = LOCATIONS[loc - 1]?.[2] ?? 'gbp';
    const subtotal = lines.reduce((sum, [i, q]) => sum + (prices[i]?.[currency] ?? 0) * q, 0);
    const shipping = shippingSet ? (LOCATIONS[loc - 1]?.[3] ?? 0) : null;
    const day = `2026-08-${String(10 + index).padStart(2, '0')}T10:00:00.000Z`;
    const reached = (s: string): string | null =>
      ['finalised', 'promised', 'paid', 'shipped', 'void'].indexOf(state) >=
        ['finalised', 'promised', 'paid', 'shipped', 'void'].indexOf(s) && state !== 'void'
        ? day
        : null;
    purchase.run({
      id,
      number: `ORD-${String(id).padStart(6, '0')}`,
      school,
      user: school === 1 ? 2 : null,
      location: loc,
      origin,
      state,
      currency,
      subtotal,
      shipping,
      total: subtotal + (shipping ?? 0),
      po,
      method: state === 'paid' || state === 'shipped' ? (origin === 'card' ? 'card visa 4242' : 'bacs') : null,
      ref: state === 'promised' ? 'BACS-REF-2291' : null,
      tracking: state === 'shipped' ? `TRK${id}0042` : null,
      finalised: state === 'draft' ? null : day,
      promised: state === 'promised' ? day : null,
      paid: reached('paid'),
      shipped: reached('shipped'),
      voided: state === 'void' ? day : null,
      created: day,
    });
    lines.forEach(([i, q]) => line.run(id, i + 1, q, prices[i]?.[currency] ?? 0));
  });
}
