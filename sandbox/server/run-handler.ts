/**
 * Runs a handler inside a transaction on the one connection: the write counter and the idempotency
 * record commit together with the handler's own writes, and a thrown error rolls all of them back.
 */
import type { Endpoint } from '../../core/endpoints/index.js';
import { domainErrorReply, errorReply } from './errors-shape.js';
import { DomainError } from '../domain/errors.js';
import { requireKnownNames } from '../domain/path-names.js';
import { HttpError, type Handler, type HandlerContext, type HandlerResult, type SessionUser } from '../kit/handler.js';
import type { SandboxReply, SandboxState } from './state.js';
import { run } from '../kit/sql.js';

/** One routed, authorised, validated call. */
export interface Execution {
  readonly endpoint: Endpoint;
  readonly params: Readonly<Record<string, string>>;
  readonly user: SessionUser | null;
  readonly input: Readonly<Record<string, unknown>>;
  /** The request path, parameters filled in: the write counter's target. */
  readonly target: string;
  readonly handler: Handler;
}

/** Where to store the response of an Idempotency-Key request. */
export interface IdempotencySlot {
  readonly userKey: string;
  readonly key: string;
  readonly requestHash: string;
}

function isSqliteConstraint(error: unknown): error is Error & { code: string } {
  return (
    error instanceof Error &&
    'code' in error &&
    typeof error.code === 'string' &&
    error.code.startsWith('SQLITE_CONSTRAINT')
  );
}

function failure(error: unknown): SandboxReply {
  if (error instanceof DomainError) return domainErrorReply(error);
  if (error instanceof HttpError) return errorReply(error.status, error.error, error.message, error.data ?? {});
  if (isSqliteConstraint(error))
    return errorReply(409, 'Conflict', `The change conflicts with stored data (${error.message})`);
  const message = error instanceof Error ? error.message : String(error);
  return errorReply(500, 'Internal server error', `The sandbox failed: ${message}`);
}

function transact(
  state: SandboxState,
  execution: Execution,
  slot: IdempotencySlot | null,
): HandlerResult | Promise<HandlerResult> {
  const { db } = state;
  let counted = false;
  const ctx: HandlerContext = {
    db,
    endpoint: execution.endpoint,
    user: execution.user,
    params: execution.params,
    input: execution.input,
    now: state.now,
    countWrite: () => {
      counted = true;
    },
  };
  const rollback = (error: unknown): never => {
    if (db.inTransaction) run(db, 'ROLLBACK');
    throw error;
  };
  const commit = (result: HandlerResult): HandlerResult => {
    try {
      const status = result.status ?? 200;
      if (counted || (execution.endpoint.method !== 'GET' && status < 400 && result.unchanged !== true)) {
        run(db, 'INSERT INTO write_log (route, target) VALUES (?, ?)', execution.endpoint.route, execution.target);
      }
      if (slot)
        state.keys.save(db, { ...slot, route: execution.endpoint.route, status, body: result.body, now: state.now() });
      run(db, 'COMMIT');
      return result;
    } catch (error) {
      return rollback(error);
    }
  };
  // A provider the path names is a parent like a row: an unknown one is 404 before anything is written.
  requireKnownNames(execution.endpoint.path, execution.params);
  run(db, 'BEGIN');
  let result: HandlerResult | Promise<HandlerResult>;
  try {
    result = execution.handler(ctx);
  } catch (error) {
    return rollback(error);
  }
  return result instanceof Promise ? result.then(commit, rollback) : commit(result);
}

/**
 * Runs one call and turns its result or error into a reply: directly when the handler is synchronous and
 * the lock free, else as a promise.
 *
 * @example
 * const reply = await runHandler(state, execution, null);
 */
export function runHandler(
  state: SandboxState,
  execution: Execution,
  slot: IdempotencySlot | null,
): SandboxReply | Promise<SandboxReply> {
  const answered = (result: HandlerResult): SandboxReply => ({
    kind: 'json',
    status: result.status ?? 200,
    headers: {},
    body: result.body,
  });
  const failed = (error: unknown): SandboxReply => {
    const reply = failure(error);
    if (reply.kind === 'json' && reply.status >= 500) state.logError(error);
    return reply;
  };
  try {
    const result = state.lock.run(() => transact(state, execution, slot));
    return result instanceof Promise ? result.then(answered, failed) : answered(result);
  } catch (error) {
    return failed(error);
  }
}
