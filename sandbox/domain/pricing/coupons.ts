/** Coupons as the API lists and shows them: each with whether it can still be redeemed. */
import { findRow } from '../../kit/reach.js';
import { all, type Db } from '../../kit/sql.js';
import type { Row } from '../../db/rows.js';

/**
 * Every coupon, in id order.
 *
 * @example
 * listCoupons(db); // [{ id: 1, code: 'SPRING10', percent_off: 10, ... }]
 */
export function listCoupons(db: Db): unknown[] {
  return all(db, 'SELECT * FROM coupons ORDER BY id');
}

/**
 * The coupon `key` names (its id, or its code in any case), with whether it is usable on `today`; 404 when none.
 *
 * @example
 * findCoupon(db, 'spring10', '2026-09-01'); // { id: 1, code: 'SPRING10', ..., usable: true }
 */
export function findCoupon(db: Db, key: string, today: string): Row<'coupons'> & { usable: boolean } {
  const row = findRow<Row<'coupons'>>(
    db,
    'Coupon',
    'SELECT * FROM coupons WHERE code = ? COLLATE NOCASE OR id = ?',
    key,
    /^\d+$/.test(key) ? Number(key) : -1,
  );
  const usable =
    (row.valid_until === null || row.valid_until >= today) &&
    (row.max_redemptions === null || row.redemptions < row.max_redemptions);
  return { ...row, usable };
}
