import { ApiError } from '../../core/api/errors/api-error.js';
import { isOutcomeUnknown } from '../../core/api/errors/outcome.js';
import type { ApiRequest, ApiResponse } from '../../core/api/types.js';
import type { AuditRecord } from '../audit/writer.js';
import type { Factory } from '../factory/factory.js';

/** The runs (by their streams) already told they write to production: once per run, not per item. */
const warned = new WeakSet<object>();

/**
 * Sends one write and records it in the audit log, whatever the outcome (a network failure after
 * sending, a timeout or an answer that was not the API's is recorded as `unknown`: the server may have
 * applied it). In production it first says so on stderr, once per
 * run, naming the profile, user and API, so nobody writes there by mistake.
 *
 * @example
 * const response = await sendWrite(c, request);
 */
export async function sendWrite<T = unknown>(
  f: Factory,
  request: ApiRequest,
  options: { readonly runId?: string; readonly banner?: boolean } = {},
): Promise<ApiResponse<T>> {
  if (options.banner !== false) await warnIfProduction(f);
  const client = await f.client();
  const audit = await f.audit();
  const base = {
    method: request.method,
    path: request.path,
    idempotency_key: request.idempotencyKey ?? null,
    ...(options.runId ? { run_id: options.runId } : {}),
  };
  let response: ApiResponse<T>;
  try {
    response = await client.request<T>(request);
  } catch (error) {
    // A dropped connection, a timeout or an answer that was not the API's: the server may have applied it.
    const answered =
      error instanceof ApiError
        ? { status: error.status ?? null, request_id: error.requestId ?? null }
        : { status: null, request_id: null };
    const record: AuditRecord = { ...base, ...answered, outcome: isOutcomeUnknown(error) ? 'unknown' : 'failed' };
    audit.record(record);
    throw error;
  }
  audit.record({
    ...base,
    status: response.status,
    request_id: response.requestId ?? null,
    outcome: changedNothing(response.data) ? 'unchanged' : 'ok',
  });
  return response;
}

/**
 * Says on stderr that writes go to production, naming the profile, user and API (unless --quiet), once
 * per run (by its streams), not once per item.
 *
 * @example
 * await warnIfProduction(c); // Writing to PRODUCTION (profile live, user jane, https://api.edshed.com/)
 */
export async function warnIfProduction(f: Factory): Promise<void> {
  const connection = await f.connection();
  if (connection.environment === 'production' && !f.globals.quiet && !warned.has(f.io)) {
    warned.add(f.io);
    f.io.stderr.write(
      f.colors.yellow(
        `Writing to PRODUCTION (profile ${connection.profile ?? 'default'}, user ${connection.username ?? 'from token'}, ${connection.baseUrl})\n`,
      ),
    );
  }
}

/** True when the server answered that the write changed nothing (`changed: false`, an idempotent repeat). */
export function changedNothing(data: unknown): boolean {
  return data !== null && typeof data === 'object' && (data as Record<string, unknown>).changed === false;
}
