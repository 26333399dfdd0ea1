/** Engagement reports: a synchronous preview, and snapshots computed by a background job (status, data, CSV download). */
import { callerId } from '../../kit/reach.js';
import { assertSnapshotDone, findSnapshot, serializeSnapshot } from '../../domain/billing/engagement.js';
import {
  deleteSnapshot,
  listSnapshots,
  previewEngagement,
  reportPeriod,
  requestSnapshot,
  snapshotCsv,
  snapshotData,
} from '../../domain/billing/engagement-requests.js';
import { invalid, page, parseIds, pathId } from '../../kit/input.js';
import type { PartialHandlerMap } from '../../kit/handler.js';
import { reply } from '../../kit/reply.js';

const PREVIEW_MAX = 50;

export const engagementHandlers = {
  'POST superuser/sales/reports/engagement/preview': (ctx) => {
    const body = ctx.input;
    // A preview computes each school on the spot, so it takes at most PREVIEW_MAX of them.
    if (body.take !== undefined && body.take > PREVIEW_MAX)
      throw invalid('take', `Too big: a preview takes at most ${PREVIEW_MAX} schools`);
    const { start, end } = reportPeriod(body, ctx.now());
    const ids = body.school_ids !== undefined ? (parseIds(body.school_ids, 'school_ids') as number[]) : undefined;
    return reply(ctx, 'preview', previewEngagement(ctx.db, ids, body.take ?? 20, start, end), { start, end });
  },
  'POST superuser/sales/reports/engagement/snapshots': (ctx) => {
    const period = reportPeriod(ctx.input, ctx.now());
    return reply(
      ctx,
      'snapshot',
      serializeSnapshot(ctx.db, requestSnapshot(ctx.db, period, callerId(ctx), ctx.now())),
      {},
      202,
    );
  },
  'GET superuser/sales/reports/engagement/snapshots': (ctx) => {
    const { rows, total } = listSnapshots(ctx.db, page(ctx));
    return reply(
      ctx,
      'snapshots',
      rows.map((r) => serializeSnapshot(ctx.db, r)),
      { total },
    );
  },
  'GET superuser/sales/reports/engagement/snapshots/{id}': (ctx) =>
    reply(ctx, 'snapshot', serializeSnapshot(ctx.db, findSnapshot(ctx.db, pathId(ctx, 'Snapshot')))),
  'GET superuser/sales/reports/engagement/snapshots/{id}/data': (ctx) => {
    const snapshot = findSnapshot(ctx.db, pathId(ctx, 'Snapshot'));
    // Not done is answered before a bad page is.
    assertSnapshotDone(ctx.db, snapshot);
    const { rows, total } = snapshotData(ctx.db, snapshot, page(ctx));
    return reply(ctx, 'data', rows, { total });
  },
  'GET superuser/sales/reports/engagement/snapshots/{id}/download': (ctx) =>
    reply(ctx, 'download', snapshotCsv(ctx.db, findSnapshot(ctx.db, pathId(ctx, 'Snapshot')))),
  'DELETE superuser/sales/reports/engagement/snapshots/{id}': (ctx) => {
    const snapshot = findSnapshot(ctx.db, pathId(ctx, 'Snapshot'));
    deleteSnapshot(ctx.db, snapshot, ctx.now());
    return reply(ctx, 'deleted', true, { id: snapshot.id });
  },
} satisfies PartialHandlerMap;
