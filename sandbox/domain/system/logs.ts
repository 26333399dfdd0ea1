/** What the operations calls read and change: the email log and its suppressions, background jobs, system errors. */
import { type EmailRow, logEmail } from '../billing/email.js';
import { DomainError, notFound } from '../errors.js';
import { parseIds } from '../../kit/input.js';
import type { ParsedPayload } from '../../../core/endpoints/define.js';
import type { EMAIL_LOG_FILTER } from '../../../core/endpoints/system.js';
import { type JobRow } from '../../kit/jobs.js';
import { toCsv } from '../schools/csv.js';
import { containsNamed } from '../../kit/search.js';
import { findRow } from '../../kit/reach.js';
import { all, allArrays, one, oneValue, run, type Db } from '../../kit/sql.js';
import type { Row } from '../../db/rows.js';

export type LogFilter = ParsedPayload<typeof EMAIL_LOG_FILTER>;

/** A page of a list: how many to skip and take. */
export interface Page {
  readonly skip: number;
  readonly take: number;
}

function logWhere(f: LogFilter): { where: string; args: Record<string, unknown> } {
  const ids = f.ids === undefined ? null : parseIds(f.ids, 'ids');
  return {
    where: `(@ids IS NULL OR id IN (SELECT value FROM json_each(@ids))) AND (@status IS NULL OR status = @status) AND (@template IS NULL OR template = @template)
      AND (@recipient IS NULL OR ${containsNamed('recipient', 'recipient')}) AND (@school IS NULL OR school_id = @school)
      AND (@from IS NULL OR sent_at >= @from) AND (@to IS NULL OR sent_at < date(@to, '+1 day'))`,
    args: {
      ids: ids && JSON.stringify(ids),
      status: f.status ?? null,
      template: f.template ?? null,
      recipient: f.recipient || null,
      school: f.school_id ?? null,
      from: f.from ?? null,
      to: f.to ?? null,
    },
  };
}

/**
 * Sends logged email `id` again, as a new log entry (404 for no such email, 409 while its recipient is suppressed).
 *
 * @example
 * resendEmail(db, 12, now).resent_from // 12
 */
export function resendEmail(db: Db, id: number, now: Date): ReturnType<typeof logEmail> {
  const original = findRow<EmailRow>(db, 'Email', 'SELECT * FROM email_logs WHERE id = ?', id);
  const suppressed = one<Pick<Row<'email_suppressions'>, 'reason' | 'created_at'>>(
    db,
    'SELECT reason, created_at FROM email_suppressions WHERE email = ? COLLATE NOCASE',
    original.recipient,
  );
  if (suppressed)
    throw new DomainError(
      'conflict',
      `${original.recipient} is suppressed (${suppressed.reason} on ${suppressed.created_at.slice(0, 10)}); remove the suppression before resending`,
    );
  return logEmail(
    db,
    {
      recipient: original.recipient,
      subject: original.subject,
      template: original.template,
      schoolId: original.school_id,
      userId: original.user_id,
      resentFrom: original.id,
    },
    now,
  );
}

/**
 * Counts of the logged emails the filter picks: by status and template, delivery and open rates, and the suppressions.
 *
 * @example
 * emailStats(db, {}).delivery_rate // 0.95
 */
export function emailStats(db: Db, filter: LogFilter): Record<string, unknown> {
  const { where, args } = logWhere(filter);
  const byStatus = all<{ status: string; count: number }>(
    db,
    `SELECT status, COUNT(*) AS count FROM email_logs WHERE ${where} GROUP BY status ORDER BY status`,
    args,
  );
  const byTemplate = all(
    db,
    `SELECT template, COUNT(*) AS count FROM email_logs WHERE ${where} GROUP BY template ORDER BY count DESC, template`,
    args,
  );
  const total = byStatus.reduce((s, r) => s + r.count, 0);
  const delivered = byStatus
    .filter((r) => r.status === 'delivered' || r.status === 'opened')
    .reduce((s, r) => s + r.count, 0);
  const opened = byStatus.find((r) => r.status === 'opened')?.count ?? 0;
  return {
    total,
    by_status: Object.fromEntries(byStatus.map((r) => [r.status, r.count])),
    by_template: byTemplate,
    delivery_rate: total === 0 ? null : Math.round((delivered / total) * 1000) / 1000,
    open_rate: delivered === 0 ? null : Math.round((opened / delivered) * 1000) / 1000,
    suppressions: oneValue(db, 'SELECT COUNT(*) FROM email_suppressions'),
  };
}

/**
 * A page of the logged emails the filter picks, newest first, and how many it picks.
 *
 * @example
 * emailLogs(db, { status: 'bounced' }, { skip: 0, take: 50 }).total
 */
export function emailLogs(db: Db, filter: LogFilter, page: Page): { rows: unknown[]; total: number } {
  const { where, args } = logWhere(filter);
  const total = oneValue<number>(db, `SELECT COUNT(*) FROM email_logs WHERE ${where}`, args) as number;
  const rows = all(
    db,
    `SELECT * FROM email_logs WHERE ${where} ORDER BY sent_at DESC, id DESC LIMIT @take OFFSET @skip`,
    { ...args, take: page.take, skip: page.skip },
  );
  return { rows, total };
}

/**
 * The logged emails the filter picks as CSV, oldest first.
 *
 * @example
 * emailCsv(db, {}).rows // 120
 */
export function emailCsv(db: Db, filter: LogFilter): { rows: number; content: string } {
  const { where, args } = logWhere(filter);
  const rows = allArrays(
    db,
    `SELECT id, sent_at, recipient, template, status, subject FROM email_logs WHERE ${where} ORDER BY sent_at, id`,
    args,
  );
  return {
    rows: rows.length,
    content: toCsv(['id', 'sent_at', 'recipient', 'template', 'status', 'subject'], rows, '\n'),
  };
}

/**
 * The addresses suppressed after a bounce, newest first.
 *
 * @example
 * bounces(db).length
 */
export function bounces(db: Db): unknown[] {
  return all(db, "SELECT * FROM email_suppressions WHERE reason = 'bounce' ORDER BY created_at DESC");
}

/**
 * Lifts a bounce suppression (404 when the address has none).
 *
 * @example
 * removeBounce(db, 'ada@example.org');
 */
export function removeBounce(db: Db, email: string): void {
  if (
    run(db, "DELETE FROM email_suppressions WHERE email = ? COLLATE NOCASE AND reason = 'bounce'", email).changes === 0
  )
    throw notFound('Bounce', email);
}

/**
 * A page of the jobs in a state, namespace and queue (each if given), newest first, and how many there are.
 *
 * @example
 * jobs(db, { state: 'failed', namespace: null, queue: null }, { skip: 0, take: 50 }).total
 */
export function jobs(
  db: Db,
  filter: { state: string | null; namespace: string | null; queue: string | null },
  page: Page,
): { rows: JobRow[]; total: number } {
  const where =
    '(@state IS NULL OR state = @state) AND (@namespace IS NULL OR namespace_id = @namespace) AND (@queue IS NULL OR queue_id = @queue)';
  const total = oneValue<number>(db, `SELECT COUNT(*) FROM jobs WHERE ${where}`, filter) as number;
  const rows = all<JobRow>(db, `SELECT * FROM jobs WHERE ${where} ORDER BY id DESC LIMIT @take OFFSET @skip`, {
    ...filter,
    take: page.take,
    skip: page.skip,
  });
  return { rows, total };
}

/**
 * Job counts by state for each namespace and queue.
 *
 * @example
 * jobNamespaces(db)[0]?.failed
 */
export function jobNamespaces(db: Db): unknown[] {
  return all(
    db,
    `SELECT namespace_id, queue_id, COUNT(*) AS total, SUM(state = 'queued') AS queued, SUM(state = 'running') AS running, SUM(state = 'done') AS done,
           SUM(state = 'failed') AS failed, MAX(updated_at) AS last_activity FROM jobs GROUP BY namespace_id, queue_id ORDER BY namespace_id`,
  );
}

/**
 * A page of the system errors, of one source if given, newest first, and how many there are.
 *
 * @example
 * systemErrors(db, 'client', { skip: 0, take: 50 }).total
 */
export function systemErrors(db: Db, source: string | null, page: Page): { rows: unknown[]; total: number } {
  const total = oneValue<number>(
    db,
    'SELECT COUNT(*) FROM system_errors WHERE (? IS NULL OR source = ?)',
    source,
    source,
  ) as number;
  const rows = all(
    db,
    'SELECT * FROM system_errors WHERE (? IS NULL OR source = ?) ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?',
    source,
    source,
    page.take,
    page.skip,
  );
  return { rows, total };
}

/**
 * Records an error a client reported; returns the stored row.
 *
 * @example
 * recordClientError(db, { message: 'boom' }, 4, now)
 */
export function recordClientError(
  db: Db,
  report: {
    message: string;
    stack?: string | undefined;
    url?: string | undefined;
    rest: Readonly<Record<string, unknown>>;
  },
  userId: number | null,
  now: Date,
): unknown {
  const { lastInsertRowid } = run(
    db,
    "INSERT INTO system_errors (source, message, stack, url, user_id, data, created_at) VALUES ('client', ?, ?, ?, ?, ?, ?)",
    report.message,
    report.stack ?? null,
    report.url ?? null,
    userId,
    JSON.stringify(report.rest),
    now.toISOString(),
  );
  return findRow(db, 'Error', 'SELECT * FROM system_errors WHERE id = ?', Number(lastInsertRowid));
}
