import { defineArea } from './define.js';
import { inline, listOf } from '../shapes/define.js';
import { EMAIL_LOG, JOB, SUPPRESSION, SYSTEM_ERROR } from '../shapes/system.js';

/** The filters of the email log, its download (and the stats' SQL, which takes none). */
export const EMAIL_LOG_FILTER = {
  ids: 'ids?',
  status: 'string?',
  template: 'string?',
  recipient: 'string?',
  school_id: 'serial?',
  from: 'day?',
  to: 'day?',
} as const;

/** The filters of the job lists. The site also sends the queue as `queueId`, which would be the same CLI flag: it stays an open key. */
const JOB_FILTER = { state: 'string?', namespace_id: 'string?', queue_id: 'string?' } as const;

// Replies: the spec names a response key only where an entry has `response`; every other `reply` below is
// our choice, what the sandbox answers (see `reply` in define.ts).
export const systemArea = defineArea('system', {
  'emails send': {
    route: 'PUT email/{id}/send',
    reply: { email: EMAIL_LOG },
    role: 'superuser',
    summary: 'Send a logged email again',
    idempotent: false,
  },
  'emails stats': {
    route: 'GET email/stats',
    reply: {
      stats: inline({
        total: 'int',
        by_status: inline({ bounced: 'int', delivered: 'int', failed: 'int', opened: 'int' }),
        by_template: [inline({ template: 'string', count: 'int' })],
        delivery_rate: 'number',
        open_rate: 'number',
        suppressions: 'int',
      }),
    },
    role: 'superuser',
    summary: 'Show email delivery statistics',
  },
  'emails logs': {
    route: 'GET email/logs',
    reply: { logs: [EMAIL_LOG], total: 'int' },
    role: 'superuser',
    summary: 'List sent emails from the email log',
    payload: { skip: 'skip?', take: 'take?', ...EMAIL_LOG_FILTER },
    open: true,
  },
  'emails bounces': {
    route: 'GET email/suppressions/bounces',
    reply: { bounces: [SUPPRESSION], total: 'int' },
    role: 'superuser',
    summary: 'List addresses suppressed after bounced emails',
  },
  'emails download': {
    route: 'GET email/download',
    reply: { download: inline({ filename: 'string', content_type: 'string', rows: 'int', content: 'string' }) },
    role: 'superuser',
    summary: 'Download logged emails by id from storage',
    payload: EMAIL_LOG_FILTER,
    open: true,
  },
  'emails remove-bounce': {
    route: 'DELETE email/suppressions/bounces',
    reply: { deleted: 'boolean', email: 'string' },
    role: 'superuser',
    summary: 'Remove a bounced address from the suppression list so mail is sent again',
    payload: { email: { kind: 'text', min: 3 } },
    open: true,
  },
  'jobs list': {
    route: 'GET jobs',
    reply: { jobs: [JOB], total: 'int' },
    role: 'superuser',
    summary: 'Show the progress of background jobs',
    payload: JOB_FILTER,
    open: true,
  },
  'jobs namespace': {
    route: 'GET jobs/namespace',
    // Without namespace_id: a line per namespace and queue; with it, that namespace's jobs, a page at a time.
    reply: {
      namespaces: listOf(
        inline({
          namespace_id: 'string',
          queue_id: 'string',
          total: 'int',
          queued: 'int',
          running: 'int',
          done: 'int',
          failed: 'int',
          last_activity: 'date',
        }),
        { optional: true },
      ),
      jobs: listOf(JOB, { optional: true }),
      total: 'int?',
    },
    role: 'superuser',
    summary: 'Show the progress of background jobs in one namespace',
    payload: JOB_FILTER,
    open: true,
  },
  'system-errors list': {
    route: 'GET system/errors',
    reply: { errors: [SYSTEM_ERROR], total: 'int' },
    role: 'superuser',
    summary: 'List recorded system errors',
    payload: { skip: 'skip?', take: 'take?', source: { oneOf: ['server', 'client'], optional: true } },
    open: true,
  },
  'system-errors report': {
    route: 'POST system/errors/client-error',
    reply: { error: SYSTEM_ERROR },
    role: 'public',
    summary: 'Report an error that happened in a client app',
    payload: {
      message: { kind: 'text', min: 1, max: 2000 },
      stack: { kind: 'string', max: 20_000, optional: true },
      url: { kind: 'string', max: 2000, optional: true },
    },
    open: true,
  },
});
