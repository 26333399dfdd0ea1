/** Retention events (renewals to chase): listed for the sales team and updated as they are worked. */
import { findRow } from '../../kit/reach.js';
import { all, one, oneValue, run, type Db } from '../../kit/sql.js';
import { assertSalesPerson } from './sales-people.js';

/** What the list may be filtered by (each left out matches every event). */
export interface RetentionFilter {
  readonly status?: string;
  readonly type?: string;
  readonly sales_person_id?: number;
}

const WHERE =
  '(@status IS NULL OR e.status = @status) AND (@type IS NULL OR e.type = @type) AND (@person IS NULL OR e.sales_person_id = @person)';

/**
 * One page of the events matching `filter`, by due day, each with its school's name, and how many match.
 *
 * @example
 * listRetentionEvents(db, { status: 'open' }, { skip: 0, take: 20 }); // { rows: [...], total: 6 }
 */
export function listRetentionEvents(
  db: Db,
  filter: RetentionFilter,
  page: { readonly skip: number; readonly take: number },
): { rows: unknown[]; total: number } {
  const args = { status: filter.status ?? null, type: filter.type ?? null, person: filter.sales_person_id ?? null };
  const total = oneValue<number>(db, `SELECT COUNT(*) FROM retention_events e WHERE ${WHERE}`, args) ?? 0;
  const rows = all(
    db,
    `SELECT e.*, s.name AS school_name FROM retention_events e JOIN schools s ON s.id = e.school_id WHERE ${WHERE} ORDER BY e.due_at, e.id LIMIT @take OFFSET @skip`,
    { ...args, take: page.take, skip: page.skip },
  );
  return { rows, total };
}

/** What an event's update may change (each when given; a null sales person is nobody). */
export interface RetentionEdit {
  readonly status?: string;
  readonly note?: string;
  readonly sales_person_id?: number | null;
}

/**
 * Updates retention event `id` (404 when there is none; the sales person must exist) and returns it.
 *
 * @example
 * editRetentionEvent(db, 3, { status: 'won', sales_person_id: 2 }, now);
 */
export function editRetentionEvent(db: Db, id: number, edit: RetentionEdit, now: Date): unknown {
  findRow(db, 'Retention event', 'SELECT 1 FROM retention_events WHERE id = ?', id);
  assertSalesPerson(db, edit.sales_person_id, 'sales_person_id');
  run(
    db,
    'UPDATE retention_events SET status = COALESCE(?, status), note = COALESCE(?, note), sales_person_id = CASE WHEN ? THEN ? ELSE sales_person_id END, updated_at = ? WHERE id = ?',
    edit.status ?? null,
    edit.note ?? null,
    edit.sales_person_id !== undefined ? 1 : 0,
    edit.sales_person_id ?? null,
    now.toISOString(),
    id,
  );
  return one(db, 'SELECT * FROM retention_events WHERE id = ?', id);
}
