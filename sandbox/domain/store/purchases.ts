import { z } from 'zod';
import { all, one, oneValue, run, type Db } from '../../kit/sql.js';
import { DomainError } from '../errors.js';
import type { DomainContext } from '../context.js';
import { findReachable, findRow } from '../../kit/reach.js';
import { parseField } from '../../kit/input.js';
import type { EntryOfRoute, ParsedPayload, PayloadOf } from '../../../core/endpoints/index.js';
import { fieldsSchema } from '../../../core/endpoints/schemas.js';
import { jsonObject } from '../../kit/json-columns.js';
import { type ItemRow, type LocationRow, findLocation } from './items.js';

export { PURCHASE_STATES, type PurchaseState } from '../../../core/domain/billing.js';
import type { Purchase } from '../../../core/shapes/types.js';
import type { Row } from '../../db/rows.js';
import { fieldsOf, shapeValue, type RowShape } from '../../db/fast/shape.js';

export type PurchaseRow = Row<'store_purchases'>;

/** A line of a purchase with its item's SKU and name. */
export type LineRow = Pick<Row<'store_purchase_lines'>, 'item_id' | 'quantity' | 'unit_price'> &
  Pick<Row<'store_items'>, 'sku' | 'name'>;

/**
 * One line of a purchase, inside its `items` (the table names `items` as JSON: the spec does not show a
 * line, so the sandbox chose these keys). A line names its item by `item_id` or by `sku`.
 */
export const LINE_FIELDS = {
  item_id: 'serial?',
  sku: { kind: 'text', min: 1, optional: true },
  quantity: { kind: 'int', min: 1, max: 10_000 },
} as const;

export type PurchaseLine = ParsedPayload<typeof LINE_FIELDS>;

/**
 * The lines of a purchase's `items` key, checked (every bad key of every line in one 422, `items.1.quantity`),
 * or undefined when not given.
 *
 * @example
 * linesOf([{ sku: 'BEE-PLUSH', quantity: 2 }]) // [{ sku: 'BEE-PLUSH', quantity: 2 }]
 */
export function linesOf(items: unknown): PurchaseLine[] | undefined {
  // The list is a nested json shape; its lines are the table's field kinds, derived from LINE_FIELDS.
  return items === undefined
    ? undefined
    : (parseField('items', z.array(fieldsSchema(LINE_FIELDS, { open: true })), items) as PurchaseLine[]);
}

// `Omit` would drop the named keys of an open payload (its index signature swallows them); remapping keeps them.
type WithoutItems<T> = { readonly [K in keyof T as K extends 'items' ? never : K]: T[K] };

/** What creating a purchase takes: the table's payload of `store-purchases create`, its lines checked. */
export type PurchaseInput = WithoutItems<PayloadOf<EntryOfRoute<'POST store/purchases'>>> & {
  readonly items?: readonly PurchaseLine[];
};

const PURCHASE_BY_ID = 'SELECT * FROM store_purchases WHERE id = ?';

export function getPurchase(db: Db, id: number): PurchaseRow | undefined {
  return one<PurchaseRow>(db, PURCHASE_BY_ID, id);
}

/**
 * The purchase a call names; 404 when missing or another school's.
 *
 * @example
 * const purchase = visiblePurchase(ctx, 7);
 */
export function visiblePurchase(ctx: DomainContext, id: number): PurchaseRow {
  return findReachable<PurchaseRow>(ctx.db, ctx.user, 'Purchase', PURCHASE_BY_ID, id, { purpose: 'billing' });
}

export function purchaseLines(db: Db, purchaseId: number): LineRow[] {
  return all<LineRow>(
    db,
    `SELECT l.item_id, i.sku, i.name, l.quantity, l.unit_price FROM store_purchase_lines l JOIN store_items i ON i.id = l.item_id
       WHERE l.purchase_id = ? ORDER BY l.item_id`,
    purchaseId,
  );
}

const purchase = fieldsOf<PurchaseRow & { readonly items: LineRow[] }>();

/** The row, `skip_email` as a boolean, then its lines. */
const PURCHASE_SHAPE: RowShape<PurchaseRow & { readonly items: LineRow[] }, Purchase> = {
  id: purchase.column('id'),
  number: purchase.column('number'),
  school_id: purchase.column('school_id'),
  user_id: purchase.column('user_id'),
  location_id: purchase.column('location_id'),
  origin: purchase.column('origin'),
  state: purchase.column('state'),
  currency: purchase.column('currency'),
  subtotal: purchase.column('subtotal'),
  shipping: purchase.column('shipping'),
  total: purchase.column('total'),
  po_number: purchase.column('po_number'),
  skip_email: purchase.flag('skip_email'),
  payment_method: purchase.column('payment_method'),
  promised_reference: purchase.column('promised_reference'),
  tracking: purchase.column('tracking'),
  source_person_id: purchase.column('source_person_id'),
  source_dept: purchase.column('source_dept'),
  accounting_id: purchase.column('accounting_id'),
  finalised_at: purchase.column('finalised_at'),
  promised_at: purchase.column('promised_at'),
  paid_at: purchase.column('paid_at'),
  shipped_at: purchase.column('shipped_at'),
  voided_at: purchase.column('voided_at'),
  created_at: purchase.column('created_at'),
  updated_at: purchase.column('updated_at'),
  items: purchase.column('items'),
};

export function serializePurchase(db: Db, row: PurchaseRow): Purchase {
  return shapeValue(PURCHASE_SHAPE, { ...row, items: purchaseLines(db, row.id) });
}

/** The location a school's orders ship from: one in its country, else the first. */
export function locationFor(db: Db, schoolId: number, locationId: number | undefined): LocationRow {
  if (locationId !== undefined) return findLocation(db, locationId);
  const none = (): DomainError => new DomainError('conflict', 'The store has no locations');
  return findRow<LocationRow>(
    db,
    none,
    'SELECT l.* FROM store_locations l LEFT JOIN schools s ON s.country = l.country AND s.id = ? ORDER BY s.id IS NULL, l.id LIMIT 1',
    schoolId,
  );
}

/**
 * Replaces a purchase's lines, pricing each item in the purchase's currency, and recomputes its totals.
 *
 * @example
 * setLines(db, purchase, [{ sku: 'BEE-PLUSH', quantity: 2 }], now);
 */
export function setLines(db: Db, purchase: PurchaseRow, lines: readonly PurchaseLine[], now: Date): void {
  const merged = new Map<number, { quantity: number; price: number }>();
  for (const line of lines) {
    const item =
      line.item_id !== undefined
        ? one<ItemRow>(db, 'SELECT * FROM store_items WHERE id = ?', line.item_id)
        : one<ItemRow>(db, 'SELECT * FROM store_items WHERE sku = ? COLLATE NOCASE', line.sku ?? '');
    if (!item)
      throw new DomainError('invalid', `No store item ${line.item_id ?? line.sku ?? '(none given)'}`, {
        errors: [{ path: 'items', message: 'unknown item' }],
      });
    if (item.active !== 1) throw new DomainError('conflict', `Item ${item.sku} is not on sale`);
    const price = jsonObject(item.prices)[purchase.currency];
    if (typeof price !== 'number')
      throw new DomainError('invalid', `Item ${item.sku} is not sold in ${purchase.currency}`, {
        errors: [{ path: 'items', message: 'no price' }],
      });
    const before = merged.get(item.id);
    merged.set(item.id, { quantity: (before?.quantity ?? 0) + line.quantity, price });
  }
  run(db, 'DELETE FROM store_purchase_lines WHERE purchase_id = ?', purchase.id);
  let subtotal = 0;
  for (const [itemId, { quantity, price }] of merged) {
    run(
      db,
      'INSERT INTO store_purchase_lines (purchase_id, item_id, quantity, unit_price) VALUES (?, ?, ?, ?)',
      purchase.id,
      itemId,
      quantity,
      price,
    );
    subtotal += quantity * price;
  }
  run(
    db,
    'UPDATE store_purchases SET subtotal = ?, total = ? + COALESCE(shipping, 0), updated_at = ? WHERE id = ?',
    subtotal,
    subtotal,
    now.toISOString(),
    purchase.id,
  );
}

/** Inserts an empty purchase for a school. */
export function insertPurchase(
  db: Db,
  fieldsIn: {
    schoolId: number;
    userId: number | null;
    location: LocationRow;
    origin: PurchaseRow['origin'];
    input: PurchaseInput;
  },
  now: Date,
): PurchaseRow {
  const id = oneValue<number>(db, 'SELECT COALESCE(MAX(id), 0) + 1 FROM store_purchases') ?? 1;
  const stamp = now.toISOString();
  run(
    db,
    `INSERT INTO store_purchases (id, number, school_id, user_id, location_id, origin, state, currency, po_number, skip_email, source_dept, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, 'draft', ?, ?, ?, ?, ?, ?)`,
    id,
    `ORD-${String(id).padStart(6, '0')}`,
    fieldsIn.schoolId,
    fieldsIn.userId,
    fieldsIn.location.id,
    fieldsIn.origin,
    fieldsIn.location.currency,
    fieldsIn.input.po_number ?? null,
    fieldsIn.input.skip_email ?? 0,
    fieldsIn.input.source_dept ?? null,
    stamp,
    stamp,
  );
  return getPurchase(db, id) as PurchaseRow;
}
