/** Engagement reports: a synchronous preview, and snapshots computed by a background job (status, data, CSV download). */
import { callerId } from '../../kit/reach.js';
import { addDays, day } from '../../domain/billing/dates.js';
import { assertSnapshotDone, ENGAGEMENT_JOB, engagementOf, type EngagementRow, serializeSnapshot, findSnapshot, snapshotRows, type SnapshotRow } from '../../domain/billing/engagement.js';
import { invalid, page, parseIds, pathId } from '../../kit/input.js';
import { HttpError, type HandlerContext, type PartialHandlerMap } from '../../kit/handler.js';
import { enqueueJob } from '../../kit/jobs.js';
import { toCsv } from '../../domain/schools/csv.js';
import { reply } from '../../kit/reply.js';
import { all, allValues, one, oneValue, run } from '../../kit/sql.js';


const PREVIEW_MAX = 50;

function period(ctx: HandlerContext, given: { start?: string; end?: string }): { start: string; end: string } {
  const end = given.end ?? day(ctx.now());
  const start = given.start ?? addDays(end, -89);
  if (end < start) throw new HttpError(422, 'Invalid data', `end: ${end} is before start ${start}`, { errors: [{ path: 'end', message: 'before start' }] });
  return { start, end };
}

const COLUMNS: readonly (keyof EngagementRow)[] = ['school_id', 'school_name', 'country', 'pupils', 'teachers', 'active_pupils', 'plays', 'sign_ins', 'live_subscriptions', 'seats', 'assigned_users', 'engagement_rate'];

export const engagementHandlers = {
  'POST superuser/sales/reports/engagement/preview': (ctx) => {
    const body = ctx.input;
    // A preview computes each school on the spot, so it takes at most PREVIEW_MAX of them.
    if (body.take !== undefined && body.take > PREVIEW_MAX) throw invalid('take', `Too big: a preview takes at most ${PREVIEW_MAX} schools`);
    const { start, end } = period(ctx, body);
    const ids = body.school_ids !== undefined ? parseIds(body.school_ids, 'school_ids') as number[] : (allValues<number>(ctx.db, 'SELECT id FROM schools WHERE deleted_at IS NULL ORDER BY id LIMIT ?', body.take ?? 20));
    const known = ids.filter((id) => one(ctx.db, 'SELECT 1 FROM schools WHERE id = ? AND deleted_at IS NULL', id) !== undefined);
    return reply(ctx, 'preview', known.map((id) => engagementOf(ctx.db, id, start, end)), { start, end });
  },
  'POST superuser/sales/reports/engagement/snapshots': (ctx) => {
    const { start, end } = period(ctx, ctx.input);
    const now = ctx.now();
    const job = enqueueJob(ctx.db, { queue: 'reports', namespace: 'engagement-snapshots', kind: ENGAGEMENT_JOB, payload: {}, now });
    const { lastInsertRowid } = run(ctx.db, 'INSERT INTO engagement_snapshots (start, end, job_id, created_by, created_at) VALUES (?, ?, ?, ?, ?)', start, end, job.id, callerId(ctx), now.toISOString());
    const id = Number(lastInsertRowid);
    run(ctx.db, 'UPDATE jobs SET payload = ? WHERE id = ?', JSON.stringify({ snapshotId: id }), job.id);
    return reply(ctx, 'snapshot', serializeSnapshot(ctx.db, findSnapshot(ctx.db, id)), {}, 202);
  },
  'GET superuser/sales/reports/engagement/snapshots': (ctx) => {
    const { skip, take } = page(ctx);
    const total = oneValue<number>(ctx.db, 'SELECT COUNT(*) FROM engagement_snapshots WHERE deleted_at IS NULL') as number;
    const rows = all<SnapshotRow>(ctx.db, 'SELECT * FROM engagement_snapshots WHERE deleted_at IS NULL ORDER BY id DESC LIMIT ? OFFSET ?', take, skip);
    return reply(ctx, 'snapshots', rows.map((r) => serializeSnapshot(ctx.db, r)), { total });
  },
  'GET superuser/sales/reports/engagement/snapshots/{id}': (ctx) => reply(ctx, 'snapshot', serializeSnapshot(ctx.db, findSnapshot(ctx.db, pathId(ctx, 'Snapshot')))),
  'GET superuser/sales/reports/engagement/snapshots/{id}/data': (ctx) => {
    const snapshot = findSnapshot(ctx.db, pathId(ctx, 'Snapshot'));
    assertSnapshotDone(ctx.db, snapshot);
    const { skip, take } = page(ctx);
    const total = oneValue<number>(ctx.db, 'SELECT COUNT(*) FROM engagement_rows WHERE snapshot_id = ?', snapshot.id) as number;
    return reply(ctx, 'data', snapshotRows(ctx.db, snapshot.id, skip, take), { total });
  },
  'GET superuser/sales/reports/engagement/snapshots/{id}/download': (ctx) => {
    const snapshot = findSnapshot(ctx.db, pathId(ctx, 'Snapshot'));
    assertSnapshotDone(ctx.db, snapshot);
    const rows = snapshotRows(ctx.db, snapshot.id, 0, 1_000_000);
    const csv = toCsv(COLUMNS, rows.map((row) => COLUMNS.map((c) => row[c])), '\n');
    return reply(ctx, 'download', { filename: `engagement-${snapshot.start}-to-${snapshot.end}.csv`, content_type: 'text/csv', rows: rows.length, content: csv });
  },
  'DELETE superuser/sales/reports/engagement/snapshots/{id}': (ctx) => {
    const snapshot = findSnapshot(ctx.db, pathId(ctx, 'Snapshot'));
    run(ctx.db, 'UPDATE engagement_snapshots SET deleted_at = ? WHERE id = ?', ctx.now().toISOString(), snapshot.id);
    return reply(ctx, 'deleted', true, { id: snapshot.id });
  },
} satisfies PartialHandlerMap;
