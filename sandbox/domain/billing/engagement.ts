/**
 * Engagement of schools over a period, computed from the data: pupils and teachers, game plays and the
 * pupils who played, sign-ins, live subscriptions and seat use. Snapshots are computed by a background
 * job a slice of schools per step (about ten steps whatever the size), so progress is visible.
 */
import { z } from 'zod';
import { all, allValues, one, oneValue, run, type Db } from '../../kit/sql.js';
import { DomainError } from '../errors.js';
import { getJob, type JobKind, type JobRow } from '../../kit/jobs.js';
import { addDays } from './dates.js';
import type { Snapshot } from '../../../core/shapes/types.js';
import type { Row } from '../../db/rows.js';
import { findRow } from '../../kit/reach.js';
import { fieldsOf, shapeValue, type RowShape } from '../../db/fast/shape.js';

export const ENGAGEMENT_JOB = 'engagement-snapshot';

export interface EngagementRow {
  school_id: number;
  school_name: string;
  country: string;
  pupils: number;
  teachers: number;
  active_pupils: number;
  plays: number;
  plays_by_game: Record<string, number>;
  sign_ins: number;
  live_subscriptions: number;
  seats: number;
  assigned_users: number;
  engagement_rate: number;
}

export type SnapshotRow = Row<'engagement_snapshots'>;

/**
 * The engagement of one school between two days (inclusive).
 *
 * @example
 * engagementOf(db, 1, '2026-06-01', '2026-08-31')
 */
export function engagementOf(db: Db, schoolId: number, start: string, end: string): EngagementRow {
  const from = `${start}T00:00:00.000Z`;
  const to = `${addDays(end, 1)}T00:00:00.000Z`;
  const school = one<Pick<Row<'schools'>, 'name' | 'country'>>(
    db,
    'SELECT name, country FROM schools WHERE id = ?',
    schoolId,
  ) as Pick<Row<'schools'>, 'name' | 'country'>;
  const count = (sql: string, ...args: unknown[]): number => oneValue<number>(db, sql, ...args) ?? 0;
  const pupils = count(
    "SELECT COUNT(*) FROM users WHERE school_id = ? AND kind = 'pupil' AND deleted_at IS NULL",
    schoolId,
  );
  const games = all<Pick<Row<'game_sessions'>, 'game'> & { n: number }>(
    db,
    'SELECT game, COUNT(*) AS n FROM game_sessions WHERE school_id = ? AND created_at >= ? AND created_at < ? GROUP BY game ORDER BY game',
    schoolId,
    from,
    to,
  );
  const active = count(
    'SELECT COUNT(DISTINCT user_id) FROM game_sessions WHERE school_id = ? AND created_at >= ? AND created_at < ?',
    schoolId,
    from,
    to,
  );
  const subs = one<{ n: number; seats: number; assigned: number }>(
    db,
    `SELECT COUNT(*) AS n, COALESCE(SUM(seats), 0) AS seats, COALESCE(SUM((SELECT COUNT(*) FROM subscription_members m WHERE m.subscription_id = s.id AND m.target = 'user')), 0) AS assigned
       FROM subscriptions s WHERE school_id = ? AND deleted_at IS NULL AND state NOT IN ('pending', 'deactivated') AND start_date <= ? AND (expiry IS NULL OR expiry >= ?)`,
    schoolId,
    end,
    start,
  ) as { n: number; seats: number; assigned: number };
  return {
    school_id: schoolId,
    school_name: school.name,
    country: school.country,
    pupils,
    teachers: count(
      "SELECT COUNT(*) FROM users WHERE school_id = ? AND kind = 'teacher' AND deleted_at IS NULL",
      schoolId,
    ),
    active_pupils: active,
    plays: games.reduce((sum, g) => sum + g.n, 0),
    plays_by_game: Object.fromEntries(games.map((g) => [g.game, g.n])),
    sign_ins: count(
      'SELECT COUNT(*) FROM tokens t JOIN users u ON u.id = t.user_id WHERE u.school_id = ? AND t.created_at >= ? AND t.created_at < ?',
      schoolId,
      from,
      to,
    ),
    live_subscriptions: subs.n,
    seats: subs.seats,
    assigned_users: subs.assigned,
    engagement_rate: pupils === 0 ? 0 : Math.round((active / pupils) * 1000) / 1000,
  };
}

/** An engagement snapshot that has not been deleted, or 404. */
export function findSnapshot(db: Db, id: number): SnapshotRow {
  return findRow<SnapshotRow>(
    db,
    'Snapshot',
    'SELECT * FROM engagement_snapshots WHERE id = ? AND deleted_at IS NULL',
    id,
  );
}

/** A snapshot's row with the job that builds it and how many rows it holds so far. */
type SnapshotWith = SnapshotRow & { readonly job: JobRow | undefined; readonly rows: number };

const snapshot = fieldsOf<SnapshotWith>();

/** The snapshot, its job's state and progress (failed when the job is gone), and when the job finished. */
const SNAPSHOT_SHAPE: RowShape<SnapshotWith, Snapshot> = {
  id: snapshot.column('id'),
  start: snapshot.column('start'),
  end: snapshot.column('end'),
  state: { value: (row) => row.job?.state ?? 'failed' },
  progress: { value: (row) => row.job?.progress ?? 0 },
  error: { value: (row) => row.job?.error ?? null },
  job_id: snapshot.column('job_id'),
  school_count: snapshot.column('school_count'),
  rows: snapshot.column('rows'),
  created_by: snapshot.column('created_by'),
  created_at: snapshot.column('created_at'),
  completed_at: { value: (row) => (row.job?.state === 'done' ? row.job.finished_at : null) },
};

/** A snapshot with its job's state and progress. */
export function serializeSnapshot(db: Db, row: SnapshotRow): Snapshot {
  const job = getJob(db, row.job_id);
  const rows = oneValue<number>(db, 'SELECT COUNT(*) FROM engagement_rows WHERE snapshot_id = ?', row.id) as number;
  return shapeValue(SNAPSHOT_SHAPE, { ...row, job, rows });
}

/** Refuses reading a snapshot's data before its job is done (409 naming its state and progress). */
export function assertSnapshotDone(db: Db, row: SnapshotRow): void {
  const job = getJob(db, row.job_id);
  if (job?.state === 'done') return;
  const state = job?.state ?? 'failed';
  const detail = state === 'running' ? `running (${job?.progress ?? 0}%)` : state;
  throw new DomainError('conflict', `Snapshot ${row.id} is ${detail}; its data is available once it is done`, {
    state,
  });
}

export function snapshotRows(db: Db, snapshotId: number, skip: number, take: number): EngagementRow[] {
  const rows = allValues<string>(
    db,
    'SELECT data FROM engagement_rows WHERE snapshot_id = ? ORDER BY school_id LIMIT ? OFFSET ?',
    snapshotId,
    take,
    skip,
  );
  return rows.map((text) => JSON.parse(text) as EngagementRow);
}

const cursorSchema = z.object({ after: z.number(), done: z.number(), total: z.number() });

/** The job computing a snapshot, a slice of schools per step. */
export const engagementJob: JobKind = {
  step(db, job: JobRow, cursor) {
    const { snapshotId } = z.object({ snapshotId: z.number() }).parse(JSON.parse(job.payload));
    const snapshot = one<SnapshotRow>(db, 'SELECT * FROM engagement_snapshots WHERE id = ?', snapshotId);
    if (!snapshot || snapshot.deleted_at !== null) return { progress: 100, done: true, result: { skipped: 'deleted' } };
    const parsed = cursorSchema.safeParse(cursor);
    const total = parsed.success
      ? parsed.data.total
      : (oneValue<number>(db, 'SELECT COUNT(*) FROM schools WHERE deleted_at IS NULL') as number);
    const position = parsed.success ? parsed.data : { after: 0, done: 0, total };
    if (!parsed.success) run(db, 'UPDATE engagement_snapshots SET school_count = ? WHERE id = ?', total, snapshotId);
    const slice = Math.max(1, Math.ceil(total / 10));
    const ids = allValues<number>(
      db,
      'SELECT id FROM schools WHERE deleted_at IS NULL AND id > ? ORDER BY id LIMIT ?',
      position.after,
      slice,
    );
    for (const id of ids)
      run(
        db,
        'INSERT OR REPLACE INTO engagement_rows (snapshot_id, school_id, data) VALUES (?, ?, ?)',
        snapshotId,
        id,
        JSON.stringify(engagementOf(db, id, snapshot.start, snapshot.end)),
      );
    const done = position.done + ids.length;
    const finished = ids.length < slice || done >= total;
    return {
      progress: total === 0 ? 100 : (done / total) * 100,
      done: finished,
      cursor: { after: ids[ids.length - 1] ?? position.after, done, total },
      result: finished ? { schools: done } : undefined,
    };
  },
};
