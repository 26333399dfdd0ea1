/** Email logs, stats and suppressions; background jobs; system errors. */
import { type EmailRow, logEmail } from '../../domain/billing/email.js';
import { invalid, notFound, page, parseIds, pathId } from '../../kit/input.js';
import type { ParsedPayload } from '../../../core/endpoints/define.js';
import type { EMAIL_LOG_FILTER } from '../../../core/endpoints/system.js';
import { HttpError, type PartialHandlerMap, type RouteHandler } from '../../kit/handler.js';
import { type JobRow, serializeJob } from '../../kit/jobs.js';
import { toCsv } from '../../domain/schools/csv.js';
import { reply } from '../../kit/reply.js';
import { containsNamed } from '../../kit/search.js';
import { all, allArrays, one, oneValue, run } from '../../kit/sql.js';
import type { Row } from '../../db/rows.js';

type LogFilter = ParsedPayload<typeof EMAIL_LOG_FILTER>;

function logWhere(f: LogFilter): { where: string; args: Record<string, unknown> } {
  const ids = f.ids === undefined ? null : parseIds(f.ids, 'ids');
  return {
    where: `(@ids IS NULL OR id IN (SELECT value FROM json_each(@ids))) AND (@status IS NULL OR status = @status) AND (@template IS NULL OR template = @template)
      AND (@recipient IS NULL OR ${containsNamed('recipient', 'recipient')}) AND (@school IS NULL OR school_id = @school)
      AND (@from IS NULL OR sent_at >= @from) AND (@to IS NULL OR sent_at < date(@to, '+1 day'))`,
    args: { ids: ids && JSON.stringify(ids), status: f.status ?? null, template: f.template ?? null, recipient: f.recipient || null, school: f.school_id ?? null, from: f.from ?? null, to: f.to ?? null },
  };
}

function jobsPage(ctx: Parameters<RouteHandler<'GET jobs' | 'GET jobs/namespace'>>[0], namespace: string | null): ReturnType<typeof reply> {
  const f = ctx.input;
  const { skip, take } = page(ctx);
  const where = '(@state IS NULL OR state = @state) AND (@namespace IS NULL OR namespace_id = @namespace) AND (@queue IS NULL OR queue_id = @queue)';
  const queueId = f['queueId'];
  if (queueId !== undefined && typeof queueId !== 'string') throw invalid('queueId', 'expected text');
  const args = { state: f.state ?? null, namespace: namespace ?? f.namespace_id ?? null, queue: f.queue_id ?? queueId ?? null };
  const total = oneValue<number>(ctx.db, `SELECT COUNT(*) FROM jobs WHERE ${where}`, args) as number;
  const rows = all<JobRow>(ctx.db, `SELECT * FROM jobs WHERE ${where} ORDER BY id DESC LIMIT @take OFFSET @skip`, { ...args, take, skip });
  return reply(ctx, 'jobs', rows.map(serializeJob), { total });
}

export const systemHandlers = {
  'PUT email/{id}/send': (ctx) => {
    const id = pathId(ctx, 'Email');
    const original = one<EmailRow>(ctx.db, 'SELECT * FROM email_logs WHERE id = ?', id);
    if (!original) throw notFound('Email', id);
    const suppressed = one<Pick<Row<'email_suppressions'>, 'reason' | 'created_at'>>(ctx.db, 'SELECT reason, created_at FROM email_suppressions WHERE email = ? COLLATE NOCASE', original.recipient);
    if (suppressed) throw new HttpError(409, 'Conflict', `${original.recipient} is suppressed (${suppressed.reason} on ${suppressed.created_at.slice(0, 10)}); remove the suppression before resending`);
    const sent = logEmail(ctx.db, { recipient: original.recipient, subject: original.subject, template: original.template, schoolId: original.school_id, userId: original.user_id, resentFrom: original.id }, ctx.now());
    return reply(ctx, 'email', sent);
  },
  'GET email/stats': (ctx) => {
    const { where, args } = logWhere(ctx.input);
    const byStatus = all<{ status: string; count: number }>(ctx.db, `SELECT status, COUNT(*) AS count FROM email_logs WHERE ${where} GROUP BY status ORDER BY status`, args);
    const byTemplate = all(ctx.db, `SELECT template, COUNT(*) AS count FROM email_logs WHERE ${where} GROUP BY template ORDER BY count DESC, template`, args);
    const total = byStatus.reduce((s, r) => s + r.count, 0);
    const delivered = byStatus.filter((r) => r.status === 'delivered' || r.status === 'opened').reduce((s, r) => s + r.count, 0);
    const opened = byStatus.find((r) => r.status === 'opened')?.count ?? 0;
    return reply(ctx, 'stats', {
      total,
      by_status: Object.fromEntries(byStatus.map((r) => [r.status, r.count])),
      by_template: byTemplate,
      delivery_rate: total === 0 ? null : Math.round((delivered / total) * 1000) / 1000,
      open_rate: delivered === 0 ? null : Math.round((opened / delivered) * 1000) / 1000,
      suppressions: oneValue(ctx.db, 'SELECT COUNT(*) FROM email_suppressions'),
    });
  },
  'GET email/logs': (ctx) => {
    const { where, args } = logWhere(ctx.input);
    const { skip, take } = page(ctx);
    const total = oneValue<number>(ctx.db, `SELECT COUNT(*) FROM email_logs WHERE ${where}`, args) as number;
    const rows = all(ctx.db, `SELECT * FROM email_logs WHERE ${where} ORDER BY sent_at DESC, id DESC LIMIT @take OFFSET @skip`, { ...args, take, skip });
    return reply(ctx, 'logs', rows, { total });
  },
  'GET email/download': (ctx) => {
    const { where, args } = logWhere(ctx.input);
    const rows = allArrays(ctx.db, `SELECT id, sent_at, recipient, template, status, subject FROM email_logs WHERE ${where} ORDER BY sent_at, id`, args);
    const content = toCsv(['id', 'sent_at', 'recipient', 'template', 'status', 'subject'], rows, '\n');
    return reply(ctx, 'download', { filename: 'email-logs.csv', content_type: 'text/csv', rows: rows.length, content });
  },
  'GET email/suppressions/bounces': (ctx) => {
    const rows = all(ctx.db, "SELECT * FROM email_suppressions WHERE reason = 'bounce' ORDER BY created_at DESC");
    return reply(ctx, 'bounces', rows, { total: rows.length });
  },
  'DELETE email/suppressions/bounces': (ctx) => {
    const { email } = ctx.input;
    if (run(ctx.db, "DELETE FROM email_suppressions WHERE email = ? COLLATE NOCASE AND reason = 'bounce'", email).changes === 0) throw notFound('Bounce', email);
    return reply(ctx, 'deleted', true, { email });
  },
  'GET jobs': (ctx) => jobsPage(ctx, null),
  'GET jobs/namespace': (ctx) => {
    const f = ctx.input;
    if (f.namespace_id) return jobsPage(ctx, f.namespace_id);
    const rows = all(ctx.db, `SELECT namespace_id, queue_id, COUNT(*) AS total, SUM(state = 'queued') AS queued, SUM(state = 'running') AS running, SUM(state = 'done') AS done,
           SUM(state = 'failed') AS failed, MAX(updated_at) AS last_activity FROM jobs GROUP BY namespace_id, queue_id ORDER BY namespace_id`);
    return reply(ctx, 'namespaces', rows);
  },
  'GET system/errors': (ctx) => {
    const { source } = ctx.input;
    const { skip, take } = page(ctx);
    const total = oneValue<number>(ctx.db, 'SELECT COUNT(*) FROM system_errors WHERE (? IS NULL OR source = ?)', source ?? null, source ?? null) as number;
    const rows = all(ctx.db, 'SELECT * FROM system_errors WHERE (? IS NULL OR source = ?) ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?', source ?? null, source ?? null, take, skip);
    return reply(ctx, 'errors', rows, { total });
  },
  'POST system/errors/client-error': (ctx) => {
    const body = ctx.input;
    const { message, stack, url, ...rest } = body;
    const { lastInsertRowid } = run(ctx.db, "INSERT INTO system_errors (source, message, stack, url, user_id, data, created_at) VALUES ('client', ?, ?, ?, ?, ?, ?)", message, stack ?? null, url ?? null, ctx.user?.id ?? null, JSON.stringify(rest), ctx.now().toISOString());
    return reply(ctx, 'error', one(ctx.db, 'SELECT * FROM system_errors WHERE id = ?', Number(lastInsertRowid)), {}, 201);
  },
} satisfies PartialHandlerMap;
