/** The sales people an invoice, a purchase or a retention event can be credited to, and their upkeep. */
import { findRow } from '../../kit/reach.js';
import { all, one, oneValue, run, type Db } from '../../kit/sql.js';
import { DomainError } from '../errors.js';

/**
 * Refuses (invalid, on `path`) a sales person who does not exist; null or undefined, for nobody, passes.
 *
 * @example
 * assertSalesPerson(db, 4);
 * assertSalesPerson(db, body.sales_person_id, 'sales_person_id');
 */
export function assertSalesPerson(db: Db, person: number | string | null | undefined, path = 'source_person_id'): void {
  if (
    person !== null &&
    person !== undefined &&
    one(db, 'SELECT 1 FROM sales_people WHERE id = ?', person) === undefined
  ) {
    throw new DomainError('invalid', `${path}: no sales person ${person}`, {
      errors: [{ path, message: 'unknown sales person' }],
    });
  }
}

/**
 * Sales person `id`, or 404.
 *
 * @example
 * findSalesPerson(db, 2); // { id: 2, name: 'Sam', is_active: 1, ... }
 */
export function findSalesPerson(db: Db, id: number): Record<string, unknown> {
  return findRow<Record<string, unknown>>(db, 'Sales person', 'SELECT * FROM sales_people WHERE id = ?', id);
}

/**
 * Every sales person, with how many live (not void or uncollectable) invoices they are the source of.
 *
 * @example
 * listSalesPeople(db); // [{ id: 1, name: 'Sam', ..., invoices: 4 }]
 */
export function listSalesPeople(db: Db): unknown[] {
  return all(
    db,
    "SELECT sp.*, (SELECT COUNT(*) FROM invoices i WHERE i.source_person_id = sp.id AND i.state NOT IN ('void', 'uncollectable')) AS invoices FROM sales_people sp ORDER BY sp.id",
  );
}

/**
 * A new sales person (active unless told).
 *
 * @example
 * createSalesPerson(db, 'Sam', undefined, now);
 */
export function createSalesPerson(
  db: Db,
  name: string,
  isActive: number | undefined,
  now: Date,
): Record<string, unknown> {
  const stamp = now.toISOString();
  const { lastInsertRowid } = run(
    db,
    'INSERT INTO sales_people (name, is_active, created_at, updated_at) VALUES (?, ?, ?, ?)',
    name,
    isActive ?? 1,
    stamp,
    stamp,
  );
  return findSalesPerson(db, Number(lastInsertRowid));
}

/**
 * Renames or (de)activates sales person `id` (each when given); 404 when there is none.
 *
 * @example
 * updateSalesPerson(db, 2, { is_active: 0 }, now);
 */
export function updateSalesPerson(
  db: Db,
  id: number,
  changes: { readonly name?: string; readonly is_active?: number },
  now: Date,
): Record<string, unknown> {
  findSalesPerson(db, id);
  run(
    db,
    'UPDATE sales_people SET name = COALESCE(?, name), is_active = COALESCE(?, is_active), updated_at = ? WHERE id = ?',
    changes.name ?? null,
    changes.is_active ?? null,
    now.toISOString(),
    id,
  );
  return findSalesPerson(db, id);
}

/**
 * Deletes sales person `id`, who must be the source of no sale (else they are to be deactivated); their
 * retention events are left with nobody.
 *
 * @example
 * deleteSalesPerson(db, 2);
 */
export function deleteSalesPerson(db: Db, id: number): void {
  findSalesPerson(db, id);
  const used =
    oneValue<number>(
      db,
      'SELECT (SELECT COUNT(*) FROM invoices WHERE source_person_id = ?) + (SELECT COUNT(*) FROM store_purchases WHERE source_person_id = ?)',
      id,
      id,
    ) ?? 0;
  if (used > 0)
    throw new DomainError(
      'conflict',
      `Sales person ${id} is the source of ${used} sales; set is_active 0 instead of deleting`,
    );
  run(db, 'UPDATE retention_events SET sales_person_id = NULL WHERE sales_person_id = ?', id);
  run(db, 'DELETE FROM sales_people WHERE id = ?', id);
}
