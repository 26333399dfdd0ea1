/** The sales people an invoice or a purchase can be credited to. */
import { one, type Db } from '../../kit/sql.js';
import { DomainError } from '../errors.js';

/**
 * Refuses (invalid, on `source_person_id`) a sales person who does not exist; null, for nobody, passes.
 *
 * @example
 * assertSalesPerson(db, 4);
 */
export function assertSalesPerson(db: Db, person: number | string | null): void {
  if (person !== null && one(db, 'SELECT 1 FROM sales_people WHERE id = ?', person) === undefined) {
    throw new DomainError('invalid', `source_person_id: no sales person ${person}`, { errors: [{ path: 'source_person_id', message: 'unknown sales person' }] });
  }
}
