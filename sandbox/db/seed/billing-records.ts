/**
 * Background and system records: plan actions with their jobs, engagement snapshots (computed from the
 * seeded activity), email logs and suppressions, and system errors.
 */
import type { Db } from '../database.js';
import type { SeedContext } from './context.js';
import { engagementOf } from '../../domain/billing/engagement.js';

const TEMPLATES: readonly (readonly [string, string])[] = [
  ['invoice-issued', 'Your invoice {n} is ready'],
  ['payment-received', 'Thank you for your payment'],
  ['renewal-reminder', 'Your subscription renews soon'],
  ['trial-ending', 'Your trial ends in 7 days'],
  ['password-reset', 'Reset your password'],
  ['welcome', 'Welcome to EdShed'],
  ['store-order', 'Your order {n}'],
];
const STATUSES = ['delivered', 'delivered', 'delivered', 'opened', 'opened', 'bounced', 'failed'] as const;

function insertJob(
  db: Db,
  job: {
    queue: string;
    namespace: string;
    kind: string;
    payload: unknown;
    state: string;
    progress: number;
    error?: string;
    result?: unknown;
    at: string;
    runAt?: string;
  },
): number {
  const finished = job.state === 'done' || job.state === 'failed' ? job.at : null;
  return Number(
    db
      .prepare(
        `INSERT INTO jobs (queue_id, namespace_id, kind, payload, state, progress, result, error, attempts, run_at, created_at, started_at, finished_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        job.queue,
        job.namespace,
        job.kind,
        JSON.stringify(job.payload),
        job.state,
        job.progress,
        job.result === undefined ? null : JSON.stringify(job.result),
        job.error ?? null,
        job.state === 'queued' ? 0 : 1,
        job.runAt ?? job.at,
        job.at,
        job.state === 'queued' ? null : job.at,
        finished,
        job.at,
      ).lastInsertRowid,
  );
}

/** Plan actions in three states, each with its job. */
export function seedPlanActions(db: Db): void {
  const action = db.prepare(
    'INSERT INTO plan_actions (id, plan_id, kind, params, state, run_at, attempts, job_id, error, result, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const done = insertJob(db, {
    queue: 'billing',
    namespace: 'plan-actions',
    kind: 'plan-action',
    payload: { actionId: 1 },
    state: 'done',
    progress: 100,
    result: { price: 45_000 },
    at: '2026-04-01T02:00:00.000Z',
  });
  action.run(
    1,
    1,
    'reprice',
    JSON.stringify({ price: 45_000 }),
    'done',
    '2026-04-01T02:00:00.000Z',
    1,
    done,
    null,
    JSON.stringify({ price: 45_000, seat_price: 150, version: 2 }),
    '2026-03-15T09:00:00.000Z',
    '2026-04-01T02:00:00.000Z',
  );
  db.prepare('UPDATE plans SET version = 2 WHERE id = 1').run();
  const later = insertJob(db, {
    queue: 'billing',
    namespace: 'plan-actions',
    kind: 'plan-action',
    payload: { actionId: 2 },
    state: 'queued',
    progress: 0,
    at: '2026-08-20T09:00:00.000Z',
    runAt: '2027-01-01T02:00:00.000Z',
  });
  action.run(
    2,
    19,
    'retire',
    '{}',
    'scheduled',
    '2027-01-01T02:00:00.000Z',
    0,
    later,
    null,
    null,
    '2026-08-20T09:00:00.000Z',
    '2026-08-20T09:00:00.000Z',
  );
  const failed = insertJob(db, {
    queue: 'billing',
    namespace: 'plan-actions',
    kind: 'plan-action',
    payload: { actionId: 3 },
    state: 'failed',
    progress: 0,
    error: 'Target plan 999 does not exist',
    at: '2026-08-30T02:00:00.000Z',
  });
  action.run(
    3,
    2,
    'migrate',
    JSON.stringify({ target_plan_id: 999 }),
    'failed',
    '2026-08-30T02:00:00.000Z',
    1,
    failed,
    'Target plan 999 does not exist',
    null,
    '2026-08-29T09:00:00.000Z',
    '2026-08-30T02:00:00.000Z',
  );
}

/** Two finished engagement snapshots over the demo schools, computed from the seeded activity. */
export function seedSnapshots(db: Db): void {
  const schools = db.prepare('SELECT id FROM schools WHERE id <= 3 ORDER BY id').pluck().all() as number[];
  const periods: readonly (readonly [string, string, string])[] = [
    ['2026-04-01', '2026-06-30', '2026-07-01T06:00:00.000Z'],
    ['2026-06-01', '2026-08-31', '2026-09-01T06:00:00.000Z'],
  ];
  const row = db.prepare('INSERT INTO engagement_rows (snapshot_id, school_id, data) VALUES (?, ?, ?)');
  for (const [start, end, at] of periods) {
    const jobId = insertJob(db, {
      queue: 'reports',
      namespace: 'engagement-snapshots',
      kind: 'engagement-snapshot',
      payload: { snapshotId: 0 },
      state: 'done',
      progress: 100,
      result: { schools: schools.length },
      at,
    });
    const id = Number(
      db
        .prepare(
          'INSERT INTO engagement_snapshots (start, end, job_id, school_count, created_by, created_at) VALUES (?, ?, ?, ?, 1, ?)',
        )
        .run(start, end, jobId, schools.length, at).lastInsertRowid,
    );
    db.prepare('UPDATE jobs SET payload = ? WHERE id = ?').run(JSON.stringify({ snapshotId: id }), jobId);
    for (const school of schools) row.run(id, school, JSON.stringify(engagementOf(db, school, start, end)));
  }
  insertJob(db, {
    queue: 'email',
    namespace: 'email-digests',
    kind: 'email-digest',
    payload: { week: '2026-W35' },
    state: 'done',
    progress: 100,
    result: { sent: 3 },
    at: '2026-08-31T05:00:00.000Z',
  });
}

/**
 * Email logs over the last two months, suppressions and system errors.
 *
 * @example
 * seedMail(db, ctx);
 */
export function seedMail(db: Db, ctx: SeedContext): void {
  const recipients = db
    .prepare(
      "SELECT id, email, school_id FROM users WHERE email IS NOT NULL AND kind IN ('teacher', 'parent') ORDER BY id LIMIT 12",
    )
    .all() as {
    id: number;
    email: string;
    school_id: number | null;
  }[];
  const log = db.prepare(
    'INSERT INTO email_logs (recipient, subject, template, status, school_id, user_id, storage, sent_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const count = ctx.size === 'large' ? 2000 : 48;
  for (let i = 0; i < count; i += 1) {
    const to = ctx.rng.pick(recipients);
    const [template, subject] = ctx.rng.pick(TEMPLATES);
    const at = new Date(ctx.now.getTime() - ctx.rng.int(60, 60 * 24 * 60) * 60_000).toISOString();
    log.run(
      to.email,
      subject.replace('{n}', String(1000 + i)),
      template,
      ctx.rng.pick(STATUSES),
      to.school_id,
      to.id,
      `mail/${at.slice(0, 7)}/${i + 1}.eml`,
      at,
    );
  }
  const suppress = db.prepare('INSERT INTO email_suppressions (email, reason, created_at) VALUES (?, ?, ?)');
  suppress.run('old.head@maple.sandbox.test', 'bounce', '2026-05-12T10:00:00.000Z');
  suppress.run('typo@oakfeild.sandbox.test', 'bounce', '2026-07-03T08:30:00.000Z');
  suppress.run('no-more-mail@wattle.sandbox.test', 'complaint', '2026-08-14T13:15:00.000Z');
  const error = db.prepare(
    'INSERT INTO system_errors (source, message, stack, url, user_id, data, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  error.run(
    'server',
    'SQLITE_BUSY: database is locked',
    'Error: SQLITE_BUSY\n    at Statement.run',
    'POST superuser/invoices/7/paid',
    1,
    '{}',
    '2026-08-02T11:04:00.000Z',
  );
  error.run(
    'server',
    'Card provider webhook timed out',
    null,
    'POST {card_provider}',
    null,
    '{"attempts":3}',
    '2026-06-15T09:00:05.000Z',
  );
  error.run(
    'client',
    "TypeError: Cannot read properties of undefined (reading 'items')",
    'at SearchResults (resources.js:120:14)',
    '/resources?search=bee',
    null,
    '{"browser":"Safari 17"}',
    '2026-08-21T14:22:00.000Z',
  );
  error.run(
    'client',
    'ChunkLoadError: Loading chunk 12 failed',
    null,
    '/lessons',
    3,
    '{"browser":"Chrome 126"}',
    '2026-08-28T08:10:00.000Z',
  );
}
