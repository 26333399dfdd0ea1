/** One invoice of `edshed invoices mark`: its request sent, the answer judged, the invoice as answered (read back only when not). */
import { ApiError, ForbiddenError, InvalidDataError, UnauthorisedError } from '../../../core/api/errors/index.js';
import { buildRequest } from '../../../core/endpoints/call.js';
import { CliError } from '../../errors/cli-error.js';
import type { Factory } from '../../factory/factory.js';
import { conflictHint } from '../../write/describe.js';
import { changedNothing, sendWrite } from '../../write/send.js';
import { ACTIONS, actionInput, endpointOfAction, type ActionDetails, type ActionName } from './actions.js';
import { readBack, repliedInvoice, type ListedInvoice } from '../../read/invoices.js';

export type MarkStatus = 'done' | 'unchanged' | 'failed';

/** One line of the result, as `--json` prints it (total in minor units of its currency). */
export interface MarkResult {
  readonly id: number;
  readonly number: string | null;
  readonly before: string | null;
  readonly after: string | null;
  readonly total: number | null;
  readonly currency: string | null;
  readonly status: MarkStatus;
  readonly message: string;
  readonly request_id: string | null;
}

/** What a mark keeps of an invoice before its write: what its line shows, and the subscription a restore's route needs. */
export type MarkTarget = Pick<ListedInvoice, 'number' | 'state' | 'total' | 'currency' | 'subscription_id'>;

/**
 * An invoice as a mark keeps it before its write (a bulk run keeps this, not the invoice, per row).
 *
 * @example
 * markTarget(invoice) // { number: 'INV-000008', state: 'open', total: 54000, currency: 'gbp', subscription_id: 3 }
 */
export function markTarget(invoice: ListedInvoice): MarkTarget {
  const { number, state, total, currency, subscription_id } = invoice;
  return { number, state, total, currency, subscription_id };
}

export interface MarkItem {
  readonly action: ActionName;
  readonly details: ActionDetails;
  readonly id: number;
  readonly before: MarkTarget | undefined;
  readonly idempotencyKey: string;
  readonly runId: string;
}

/** The failure in words: the server's own message where it sent one, else the client's, with field errors. */
function failureText(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  const data = error.data !== null && typeof error.data === 'object' ? (error.data as Record<string, unknown>) : {};
  if (typeof data.message === 'string' && data.message !== '') return data.message;
  const fields =
    error instanceof InvalidDataError
      ? Object.entries(error.fieldErrors).map(([field, messages]) => `${field}: ${messages.join('; ')}`)
      : [];
  return [error.message, ...fields].join('; ');
}

const isAuthError = (error: unknown): boolean => error instanceof UnauthorisedError || error instanceof ForbiddenError;

/**
 * Sends one invoice's write through the audit log and reports it as a line. A refusal by the server is a
 * failed line, not an exception; only a 401 or 403 is rethrown (`stop`), since every later item would fail alike.
 *
 * @example
 * const { result } = await markOne(c, { action: 'paid', details, id: 8, before, idempotencyKey: 'k-8', runId: 'k' });
 */
export async function markOne(
  f: Factory,
  item: MarkItem,
): Promise<{ result: MarkResult; stop?: unknown; error?: unknown }> {
  const { before, id } = item;
  const spec = ACTIONS[item.action];
  const endpoint = endpointOfAction(item.action);
  const line = (
    known: MarkTarget | undefined,
    after: string | null,
    status: MarkStatus,
    message: string,
    requestId: string | undefined,
  ): MarkResult => ({
    id,
    number: known?.number ?? null,
    before: before?.state ?? null,
    after,
    total: known?.total ?? null,
    currency: known?.currency ?? null,
    status,
    message,
    request_id: requestId ?? null,
  });
  let input: Record<string, unknown> = {};
  try {
    input = actionInput(item.action, id, item.details, before);
    const response = await sendWrite(f, buildRequest(endpoint, input, { idempotencyKey: item.idempotencyKey }), {
      runId: item.runId,
    });
    // The entry declares that the answer carries the invoice: trusted when it does, read back when not.
    const after =
      repliedInvoice(endpoint, response.data) ?? (await readBack(await f.api(), id, before).catch(() => undefined));
    // A replay on the first attempt is an earlier run's write; on a retry it is this run's own.
    const replayed = response.replayed && response.attempts === 1;
    const unchanged = changedNothing(response.data) || replayed;
    const detail = after ? spec.detail?.(after) : undefined;
    const message = replayed
      ? 'already sent with this idempotency key; nothing changed'
      : unchanged
        ? `${spec.already}; nothing changed`
        : (detail ?? '');
    return {
      result: line(
        after ?? before,
        after?.state ?? null,
        unchanged ? 'unchanged' : 'done',
        message,
        response.requestId,
      ),
    };
  } catch (error) {
    if (!(error instanceof ApiError) && !(error instanceof CliError)) throw error;
    const hint =
      error instanceof ApiError && error.status === 409
        ? await conflictHint(endpoint, input, error.message, before)
        : undefined;
    const failure = failureText(error);
    const message = hint ? `${failure}${/[.!?]$/.test(failure) ? '' : '.'} ${hint}` : failure;
    const result = line(before, null, 'failed', message, error instanceof ApiError ? error.requestId : undefined);
    return isAuthError(error) ? { result, stop: error, error } : { result, error };
  }
}
