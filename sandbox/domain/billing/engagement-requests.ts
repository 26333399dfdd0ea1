/** What the engagement report calls ask of the domain: the period, a preview, snapshots (requested, listed, read, deleted). */
import { toCsv } from '../schools/csv.js';
import { enqueueJob } from '../../kit/jobs.js';
import { all, allValues, one, oneValue, run, type Db } from '../../kit/sql.js';
import { DomainError } from '../errors.js';
import { addDays, day } from './dates.js';
import {
  assertSnapshotDone,
  ENGAGEMENT_JOB,
  engagementOf,
  findSnapshot,
  snapshotRows,
  type EngagementRow,
  type SnapshotRow,
} from './engagement.js';

/**
 * The period a report covers: `end` defaults to today, `start` to 89 days before it; invalid when it ends before it starts.
 *
 * @example
 * reportPeriod({}, now); // { start: '2026-06-04', end: '2026-09-01' }
 */
export function reportPeriod(
  given: { readonly start?: string; readonly end?: string },
  now: Date,
): { start: string; end: string } {
  const end = given.end ?? day(now);
  const start = given.start ?? addDays(end, -89);
  if (end < start)
    throw new DomainError('invalid', `end: ${end} is before start ${start}`, {
      errors: [{ path: 'end', message: 'before start' }],
    });
  return { start, end };
}

/**
 * The engagement of schools `ids` (those that exist), or of the first `take` schools, over the period.
 *
 * @example
 * previewEngagement(db, [1, 2], 20, '2026-06-04', '2026-09-01');
 */
export function previewEngagement(
  db: Db,
  ids: readonly number[] | undefined,
  take: number,
  start: string,
  end: string,
): EngagementRow[] {
  const chosen =
    ids ?? allValues<number>(db, 'SELECT id FROM schools WHERE deleted_at IS NULL ORDER BY id LIMIT ?', take);
  const known = chosen.filter(
    (id) => one(db, 'SELECT 1 FROM schools WHERE id = ? AND deleted_at IS NULL', id) !== undefined,
  );
  return known.map((id) => engagementOf(db, id, start, end));
}

/**
 * A new snapshot of the period, computed by a background job.
 *
 * @example
 * requestSnapshot(db, { start, end }, 1, now);
 */
export function requestSnapshot(
  db: Db,
  period: { readonly start: string; readonly end: string },
  createdBy: number | null,
  now: Date,
): SnapshotRow {
  const job = enqueueJob(db, {
    queue: 'reports',
    namespace: 'engagement-snapshots',
    kind: ENGAGEMENT_JOB,
    payload: {},
    now,
  });
  const { lastInsertRowid } = run(
    db,
    'INSERT INTO engagement_snapshots (start, end, job_id, created_by, created_at) VALUES (?, ?, ?, ?, ?)',
    period.start,
    period.end,
    job.id,
    createdBy,
    now.toISOString(),
  );
  const id = Number(lastInsertRowid);
  run(db, 'UPDATE jobs SET payload = ? WHERE id = ?', JSON.stringify({ snapshotId: id }), job.id);
  return findSnapshot(db, id);
}

/**
 * One page of the snapshots not deleted, newest first, and how many there are.
 *
 * @example
 * listSnapshots(db, { skip: 0, take: 20 }); // { rows: [...], total: 3 }
 */
export function listSnapshots(
  db: Db,
  page: { readonly skip: number; readonly take: number },
): { rows: SnapshotRow[]; total: number } {
  const total = oneValue<number>(db, 'SELECT COUNT(*) FROM engagement_snapshots WHERE deleted_at IS NULL') ?? 0;
  const rows = all<SnapshotRow>(
    db,
    'SELECT * FROM engagement_snapshots WHERE deleted_at IS NULL ORDER BY id DESC LIMIT ? OFFSET ?',
    page.take,
    page.skip,
  );
  return { rows, total };
}

/**
 * One page of a snapshot's rows, and how many it has (the caller has checked it is done: assertSnapshotDone).
 *
 * @example
 * snapshotData(db, snapshot, { skip: 0, take: 50 }); // { rows: [...], total: 120 }
 */
export function snapshotData(
  db: Db,
  snapshot: SnapshotRow,
  page: { readonly skip: number; readonly take: number },
): { rows: EngagementRow[]; total: number } {
  const total = oneValue<number>(db, 'SELECT COUNT(*) FROM engagement_rows WHERE snapshot_id = ?', snapshot.id) ?? 0;
  return { rows: snapshotRows(db, snapshot.id, page.skip, page.take), total };
}

const COLUMNS: readonly (keyof EngagementRow)[] = [
  'school_id',
  'school_name',
  'country',
  'pupils',
  'teachers',
  'active_pupils',
  'plays',
  'sign_ins',
  'live_subscriptions',
  'seats',
  'assigned_users',
  'engagement_rate',
];

/**
 * A finished snapshot as a CSV download (a conflict while it is not done).
 *
 * @example
 * snapshotCsv(db, snapshot); // { filename: 'engagement-2026-06-04-to-2026-09-01.csv', content_type: 'text/csv', rows: 120, content: '...' }
 */
export function snapshotCsv(db: Db, snapshot: SnapshotRow): Record<string, unknown> {
  assertSnapshotDone(db, snapshot);
  const rows = snapshotRows(db, snapshot.id, 0, 1_000_000);
  const csv = toCsv(
    COLUMNS,
    rows.map((row) => COLUMNS.map((c) => row[c])),
    '\n',
  );
  return {
    filename: `engagement-${snapshot.start}-to-${snapshot.end}.csv`,
    content_type: 'text/csv',
    rows: rows.length,
    content: csv,
  };
}

/**
 * Deletes a snapshot (it leaves the lists; its rows stay).
 *
 * @example
 * deleteSnapshot(db, snapshot, now);
 */
export function deleteSnapshot(db: Db, snapshot: SnapshotRow, now: Date): void {
  run(db, 'UPDATE engagement_snapshots SET deleted_at = ? WHERE id = ?', now.toISOString(), snapshot.id);
}
