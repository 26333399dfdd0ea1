/** Email logs, stats and suppressions; background jobs; system errors. */
import { invalid, page, pathId } from '../../kit/input.js';
import { type PartialHandlerMap, type RouteHandler } from '../../kit/handler.js';
import { serializeJob } from '../../kit/jobs.js';
import { reply } from '../../kit/reply.js';
import {
  bounces,
  emailCsv,
  emailLogs,
  emailStats,
  jobNamespaces,
  jobs,
  recordClientError,
  removeBounce,
  resendEmail,
  systemErrors,
} from '../../domain/system/logs.js';

function jobsPage(
  ctx: Parameters<RouteHandler<'GET jobs' | 'GET jobs/namespace'>>[0],
  namespace: string | null,
): ReturnType<typeof reply> {
  const f = ctx.input;
  const skipTake = page(ctx);
  const queueId = f['queueId'];
  if (queueId !== undefined && typeof queueId !== 'string') throw invalid('queueId', 'expected text');
  const { rows, total } = jobs(
    ctx.db,
    { state: f.state ?? null, namespace: namespace ?? f.namespace_id ?? null, queue: f.queue_id ?? queueId ?? null },
    skipTake,
  );
  return reply(ctx, 'jobs', rows.map(serializeJob), { total });
}

export const systemHandlers = {
  'PUT email/{id}/send': (ctx) => reply(ctx, 'email', resendEmail(ctx.db, pathId(ctx, 'Email'), ctx.now())),
  'GET email/stats': (ctx) => reply(ctx, 'stats', emailStats(ctx.db, ctx.input)),
  'GET email/logs': (ctx) => {
    const { rows, total } = emailLogs(ctx.db, ctx.input, page(ctx));
    return reply(ctx, 'logs', rows, { total });
  },
  'GET email/download': (ctx) => {
    const { rows, content } = emailCsv(ctx.db, ctx.input);
    return reply(ctx, 'download', { filename: 'email-logs.csv', content_type: 'text/csv', rows, content });
  },
  'GET email/suppressions/bounces': (ctx) => {
    const rows = bounces(ctx.db);
    return reply(ctx, 'bounces', rows, { total: rows.length });
  },
  'DELETE email/suppressions/bounces': (ctx) => {
    const { email } = ctx.input;
    removeBounce(ctx.db, email);
    return reply(ctx, 'deleted', true, { email });
  },
  'GET jobs': (ctx) => jobsPage(ctx, null),
  'GET jobs/namespace': (ctx) => {
    const f = ctx.input;
    if (f.namespace_id) return jobsPage(ctx, f.namespace_id);
    return reply(ctx, 'namespaces', jobNamespaces(ctx.db));
  },
  'GET system/errors': (ctx) => {
    const { rows, total } = systemErrors(ctx.db, ctx.input.source ?? null, page(ctx));
    return reply(ctx, 'errors', rows, { total });
  },
  'POST system/errors/client-error': (ctx) => {
    const { message, stack, url, ...rest } = ctx.input;
    return reply(
      ctx,
      'error',
      recordClientError(ctx.db, { message, stack, url, rest }, ctx.user?.id ?? null, ctx.now()),
      {},
      201,
    );
  },
} satisfies PartialHandlerMap;
