import { describe, expect, it, vi } from 'vitest';
import { engagementOf } from '../../../sandbox/domain/billing/engagement.js';
import { BILLING_JOB_KINDS } from '../../../sandbox/domain/billing/job-kinds.js';
import { createJobRunner, enqueueJob, getJob } from '../../../sandbox/kit/jobs.js';
import { createHarness, obj, rows } from './harness.js';
import { one, run } from '../../../sandbox/kit/sql.js';
import { rowOf } from '../helpers/sql.js';

describe('engagement snapshots run as background jobs', () => {
  const h = createHarness();
  const runner = createJobRunner({ db: h.db, kinds: BILLING_JOB_KINDS, now: () => h.now });
  const route = 'GET superuser/sales/reports/engagement/snapshots/{id}';

  it('queues, reports progress step by step, then serves the data computed from activity', async () => {
    const created = await h.ok(
      'POST superuser/sales/reports/engagement/snapshots',
      { input: { start: '2026-06-01', end: '2026-08-31' } },
      202,
    );
    const id = Number(obj(created, 'snapshot').id);
    expect(obj(created, 'snapshot')).toMatchObject({ state: 'queued', progress: 0 });
    const early = await h.call(`${route}/data`, { params: { id } });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(`Snapshot ${id} is queued; its data is available once it is done`);

    const seen: unknown[] = [];
    while (runner.step()) {
      const snapshot = obj(await h.ok(route, { params: { id } }), 'snapshot');
      seen.push([snapshot.state, snapshot.progress]);
    }
    expect(seen).toEqual([
      ['running', 33],
      ['running', 67],
      ['done', 100],
    ]);

    const data = await h.ok(`${route}/data`, { params: { id } });
    expect(data.total).toBe(3);
    const oak = rows(data, 'data').find((r) => r.school_id === 1);
    expect(oak).toEqual(engagementOf(h.db, 1, '2026-06-01', '2026-08-31'));
    expect(Number(oak?.plays)).toBeGreaterThan(0);
    const download = obj(await h.ok(`${route}/download`, { params: { id } }), 'download');
    const lines = String(download.content).trim().split('\n');
    expect(lines[0]).toBe(
      'school_id,school_name,country,pupils,teachers,active_pupils,plays,sign_ins,live_subscriptions,seats,assigned_users,engagement_rate',
    );
    expect(lines).toHaveLength(4);
  });

  it('a running job resumes from its saved cursor in a new runner (a restart)', async () => {
    const created = await h.ok(
      'POST superuser/sales/reports/engagement/snapshots',
      { input: { start: '2026-01-01', end: '2026-08-31' } },
      202,
    );
    const id = Number(obj(created, 'snapshot').id);
    runner.step();
    const restarted = createJobRunner({ db: h.db, kinds: BILLING_JOB_KINDS, now: () => h.now });
    expect(restarted.drain()).toBe(2);
    expect(obj(await h.ok(route, { params: { id } }), 'snapshot')).toMatchObject({
      state: 'done',
      rows: 3,
      school_count: 3,
    });
  });

  it('refuses a period that ends before it starts', async () => {
    expect(
      (
        await h.call('POST superuser/sales/reports/engagement/snapshots', {
          input: { start: '2026-06-01', end: '2026-05-01' },
        })
      ).status,
    ).toBe(422);
  });

  it('a started runner picks up work by itself and stops cleanly', async () => {
    const live = createJobRunner({ db: h.db, kinds: BILLING_JOB_KINDS, now: () => h.now, idleMs: 5 });
    live.start();
    try {
      const created = await h.ok(
        'POST superuser/sales/reports/engagement/snapshots',
        { input: { start: '2026-08-01', end: '2026-08-31' } },
        202,
      );
      const jobId = Number(obj(created, 'snapshot').job_id);
      await vi.waitFor(() => expect(getJob(h.db, jobId)?.state).toBe('done'), { timeout: 5000, interval: 10 });
    } finally {
      await live.stop();
    }
  });

  it('a job whose step throws is failed with the error, and the jobs listings show it', async () => {
    const job = enqueueJob(h.db, {
      queue: 'reports',
      namespace: 'engagement-snapshots',
      kind: 'no-such-kind',
      payload: {},
      now: h.now,
    });
    runner.drain();
    expect(getJob(h.db, job.id)).toMatchObject({ state: 'failed', error: 'No job kind "no-such-kind"' });
    const failed = rows(await h.ok('GET jobs', { input: { state: 'failed' } }), 'jobs');
    expect(failed.map((j) => j.jobId)).toContain(job.id);
    const namespaces = rows(await h.ok('GET jobs/namespace'), 'namespaces');
    expect(namespaces.find((n) => n.namespace_id === 'engagement-snapshots')).toMatchObject({ failed: 1 });
  });
});

describe('plan actions', () => {
  const h = createHarness();
  const runner = createJobRunner({ db: h.db, kinds: BILLING_JOB_KINDS, now: () => h.now });

  it('a reprice runs as a job: the plan gets the new price and a new version', async () => {
    const created = obj(
      await h.ok(
        'POST subscriptions/plans/{id}/actions',
        { params: { id: 2 }, input: { kind: 'reprice', price: 60_000 } },
        201,
      ),
      'action',
    );
    expect(created.state).toBe('scheduled');
    runner.drain();
    const plan = one(h.db, 'SELECT price, version FROM plans WHERE id = 2');
    expect(plan).toEqual({ price: 60_000, version: 2 });
    expect(h.value('SELECT state FROM plan_actions WHERE id = ?', created.id)).toBe('done');
    expect(obj(await h.ok('GET subscriptions/plans/cache_check'), 'cache').stale).toBe(true);
    await h.ok('PUT subscriptions/plans/refresh');
    expect(obj(await h.ok('GET subscriptions/plans/cache_check'), 'cache').stale).toBe(false);
  });

  it('a migration moves live subscriptions to the target plan; a bad target fails, and retry runs it again', async () => {
    const bad = obj(
      await h.ok(
        'POST subscriptions/plans/{id}/actions',
        { params: { id: 1 }, input: { kind: 'migrate', target_plan_id: 13 } },
        201,
      ),
      'action',
    );
    runner.drain();
    const failed = planAction(h, Number(bad.id));
    expect(failed).toMatchObject({
      state: 'failed',
      error: 'Plan 13 is not of the same product and currency as plan 1',
    });
    run(h.db, 'UPDATE plan_actions SET params = \'{"target_plan_id":73}\' WHERE id = ?', bad.id);
    await h.ok('POST subscriptions/plans/actions/{id}/retry', { params: { id: Number(bad.id) } });
    runner.drain();
    expect(planAction(h, Number(bad.id)).state).toBe('done');
    expect(
      h.value("SELECT COUNT(*) FROM subscriptions WHERE plan_id = 1 AND state IN ('active', 'future', 'cancelling')"),
    ).toBe(0);
  });

  it('a scheduled action waits for its time and can be cancelled before it', async () => {
    const later = obj(
      await h.ok(
        'POST subscriptions/plans/{id}/actions',
        { params: { id: 3 }, input: { kind: 'retire', run_at: '2026-12-01T00:00:00Z' } },
        201,
      ),
      'action',
    );
    expect(runner.drain()).toBe(0);
    await h.ok('DELETE subscriptions/plans/actions/{id}', { params: { id: Number(later.id) } });
    h.now = new Date('2026-12-02T00:00:00Z');
    runner.drain();
    h.now = new Date('2026-09-01T09:00:00Z');
    expect(h.value('SELECT active FROM plans WHERE id = 3')).toBe(1);
    expect(planAction(h, Number(later.id)).state).toBe('cancelled');
  });

  it('refuses to schedule an action at a time that is not on the calendar', async () => {
    const before = h.value('SELECT COUNT(*) FROM plan_actions');
    const reply = await h.call('POST subscriptions/plans/{id}/actions', {
      params: { id: 3 },
      input: { kind: 'retire', run_at: '2026-11-31T00:00:00Z' },
    });
    expect(reply.body).toMatchObject({
      error: 'Invalid data',
      errors: [{ path: 'run_at', message: expect.stringMatching(/2026-11-31 is not a day of the calendar/) }],
    });
    expect(h.value('SELECT COUNT(*) FROM plan_actions')).toBe(before);
  });

  const ACTION_STATES = ['scheduled', 'running', 'done', 'failed', 'cancelled'] as const;
  it.each(ACTION_STATES)('cancel and retry from %s', async (from) => {
    const cancelAllowed = from === 'scheduled' || from === 'failed' || from === 'cancelled';
    const retryAllowed = from === 'failed' || from === 'cancelled';
    for (const [route, allowed] of [
      ['DELETE subscriptions/plans/actions/{id}', cancelAllowed],
      ['POST subscriptions/plans/actions/{id}/retry', retryAllowed],
    ] as const) {
      const id = Number(
        run(
          h.db,
          "INSERT INTO plan_actions (plan_id, kind, state, run_at, created_at, updated_at) VALUES (4, 'retire', ?, '2030-01-01', 'x', 'x')",
          from,
        ).lastInsertRowid,
      );
      const reply = await h.call(route, { params: { id } });
      expect(reply.status, route).toBe(allowed ? 200 : 409);
      if (!allowed) expect(reply.body.message).toContain(`Plan action ${id} is ${from}`);
    }
  });
});

function planAction(h: ReturnType<typeof createHarness>, id: number): Record<string, unknown> {
  return rowOf<Record<string, unknown>>(h.db, 'SELECT * FROM plan_actions WHERE id = ?', id);
}
