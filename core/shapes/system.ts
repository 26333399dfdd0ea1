/** Records of the platform's running: emails sent, background jobs, logged errors, engagement snapshots. */
import { EMAIL_STATUSES, ERROR_SOURCES, JOB_STATES, SUPPRESSION_REASONS } from '../domain/accounts.js';
import { defineShape, nullable } from './define.js';

/** An email the platform sent: to whom, which template, how it was delivered, and where its copy is stored. */
export const EMAIL_LOG = defineShape(
  'email_log',
  {
    id: 'serial',
    recipient: 'string',
    subject: 'string',
    template: 'string',
    status: { oneOf: EMAIL_STATUSES },
    school_id: nullable('serial'),
    user_id: nullable('serial'),
    resent_from: nullable('serial'),
    storage: 'string',
    sent_at: 'date',
  },
  {
    summary: 'An email the platform sent and how it was delivered',
    columns: ['id', 'recipient', 'template', 'status', 'sent_at'],
  },
);

/** An address the platform no longer sends to, and why. */
export const SUPPRESSION = defineShape(
  'suppression',
  { email: 'string', reason: { oneOf: SUPPRESSION_REASONS }, created_at: 'date' },
  { summary: 'A suppressed email address', columns: ['email', 'reason', 'created_at'] },
);

/** A background job: its queue and namespace, state, progress, attempts and times. */
export const JOB = defineShape(
  'job',
  {
    id: 'serial',
    jobId: 'serial',
    queueId: 'string',
    namespace_id: 'string',
    kind: 'string',
    state: { oneOf: JOB_STATES },
    progress: 'int',
    error: nullable('string'),
    attempts: 'int',
    run_at: 'date',
    created_at: 'date',
    started_at: nullable('date'),
    finished_at: nullable('date'),
  },
  {
    summary: 'A background job and its progress',
    columns: ['id', 'queueId', 'kind', 'state', 'progress', 'created_at'],
  },
);

/** An error the platform logged (from the server or a client), with where it happened and for whom. */
export const SYSTEM_ERROR = defineShape(
  'system_error',
  {
    id: 'serial',
    source: { oneOf: ERROR_SOURCES },
    message: 'string',
    stack: nullable('string'),
    url: nullable('string'),
    user_id: nullable('serial'),
    data: 'string',
    created_at: 'date',
  },
  { summary: 'An error the platform logged', columns: ['id', 'source', 'message', 'url', 'created_at'] },
);

/** An engagement snapshot: the period it covers, the job computing it and how far it got, and how many schools it holds. */
export const SNAPSHOT = defineShape(
  'snapshot',
  {
    id: 'serial',
    start: 'day',
    end: 'day',
    state: { oneOf: JOB_STATES },
    progress: 'int',
    error: nullable('string'),
    job_id: nullable('serial'),
    school_count: 'int',
    rows: 'int',
    created_by: nullable('serial'),
    created_at: 'date',
    completed_at: nullable('date'),
  },
  {
    summary: 'An engagement snapshot of a period',
    columns: ['id', 'start', 'end', 'state', 'school_count', 'created_at'],
  },
);

/** One school's row of an engagement snapshot: its people, plays (by game: any game's key), sign-ins, seats and engagement. */
export const ENGAGEMENT_ROW = defineShape(
  'engagement_row',
  {
    school_id: 'serial',
    school_name: 'string',
    country: 'string',
    pupils: 'int',
    teachers: 'int',
    active_pupils: 'int',
    plays: 'int',
    plays_by_game: 'object',
    sign_ins: 'int',
    live_subscriptions: 'int',
    seats: 'int',
    assigned_users: 'int',
    engagement_rate: 'number',
  },
  {
    summary: "A school's engagement over a snapshot's period",
    columns: ['school_id', 'school_name', 'active_pupils', 'plays', 'engagement_rate'],
  },
);
