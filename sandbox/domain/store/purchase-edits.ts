/** Listing store purchases and editing a draft one (its location, PO number, lines). */
import { all, oneValue, type Db } from '../../kit/sql.js';
import type { Row } from '../../db/rows.js';
import { purchaseLifecycle, updatePurchase } from './lifecycle.js';
import { getPurchase, locationFor, setLines, type PurchaseLine, type PurchaseRow } from './purchases.js';

/**
 * One page of purchases (of `school`, and in `state`, when not null), newest first, and how many match.
 *
 * @example
 * listPurchases(db, { school: 1, state: null }, { skip: 0, take: 20 }); // { rows: [...], total: 2 }
 */
export function listPurchases(
  db: Db,
  filter: { readonly school: number | null; readonly state: string | null },
  page: { readonly skip: number; readonly take: number },
): { rows: PurchaseRow[]; total: number } {
  const where = '(@school IS NULL OR school_id = @school) AND (@state IS NULL OR state = @state)';
  const total = oneValue<number>(db, `SELECT COUNT(*) FROM store_purchases WHERE ${where}`, filter) ?? 0;
  const rows = all<PurchaseRow>(
    db,
    `SELECT * FROM store_purchases WHERE ${where} ORDER BY id DESC LIMIT @take OFFSET @skip`,
    { ...filter, take: page.take, skip: page.skip },
  );
  return { rows, total };
}

/** What a draft's edit may change. */
export interface DraftEdit {
  readonly location_id?: number;
  readonly po_number?: string;
  readonly skip_email?: number;
  readonly items?: readonly PurchaseLine[];
}

/**
 * Edits a purchase the lifecycle lets be edited: a new location resets its currency and shipping; the
 * lines (the ones given, else its own) are priced again.
 *
 * @example
 * editDraft(db, purchase, { items: [{ item_id: 1, quantity: 3 }] }, now);
 */
export function editDraft(db: Db, purchase: PurchaseRow, edit: DraftEdit, now: Date): PurchaseRow {
  purchaseLifecycle.check('edit', purchase.id, purchase.state);
  let current = purchase;
  if (edit.location_id !== undefined && edit.location_id !== purchase.location_id) {
    const location = locationFor(db, purchase.school_id, edit.location_id);
    current = updatePurchase(
      db,
      purchase.id,
      { location_id: location.id, currency: location.currency, shipping: null },
      now,
    );
  }
  if (edit.po_number !== undefined || edit.skip_email !== undefined) {
    current = updatePurchase(
      db,
      purchase.id,
      { po_number: edit.po_number ?? current.po_number, skip_email: edit.skip_email ?? current.skip_email },
      now,
    );
  }
  const lines =
    edit.items ??
    all<Pick<Row<'store_purchase_lines'>, 'item_id' | 'quantity'>>(
      db,
      'SELECT item_id, quantity FROM store_purchase_lines WHERE purchase_id = ?',
      purchase.id,
    );
  setLines(db, current, lines, now);
  return getPurchase(db, purchase.id) as PurchaseRow;
}
