/**
 * The request pipeline, independent of the HTTP framework: faults, rate limit, route, auth, role, payload
 * validation, idempotency, then the handler in a transaction with the write counter.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { HEADERS } from '../../core/api/headers.js';
import { payloadSchema } from '../../core/endpoints/schemas.js';
import { ROLE_HOLDERS } from '../../core/endpoints/roles.js';
import { mayCall } from './roles.js';
import { lookupSession } from './session.js';
import { handleControl } from './control.js';
import { isLoopback } from './loopback.js';
import { errorReply, retryHeaders, TOO_MANY } from './errors-shape.js';
import type { FaultPlan } from './faults.js';
import { handlerFor } from '../routes/index.js';
import { answerMedia } from '../routes/curricula-resources/media.js';
import { isMediaPath } from '../domain/resources/paths.js';
import { answerDocs, isDocsPath } from './docs.js';
import { requestHash } from './idempotency.js';
import { describeIssues } from '../kit/input.js';
import { rateLimitHeaders } from './rate-limit.js';
import { readInput } from './request-input.js';
import { runHandler, type Execution } from './run-handler.js';
import type { SandboxReply, SandboxRequest, SandboxState } from './state.js';

const INJECTED: Readonly<Record<number, string>> = {
  429: 'Too many requests',
  500: 'Internal server error',
  502: 'Bad gateway',
  503: 'Service unavailable',
  504: 'Gateway timeout',
};

function injected(status: number): SandboxReply {
  const error = INJECTED[status] ?? (status >= 500 ? 'Server error' : 'Request failed');
  const message = status === 429 ? TOO_MANY : `Injected fault: ${status}`;
  const headers = status === 429 || status === 503 ? { ...retryHeaders(1), [HEADERS.rateLimitRemaining]: '0' } : {};
  return errorReply(status, error, message, {}, headers);
}

function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

const CONTROL = '__sandbox';

/** Whether a path is one of the reserved `__sandbox/` routes (not part of the API). */
export function isControlPath(path: string): boolean {
  return path.startsWith(CONTROL) && (path.length === CONTROL.length || path[CONTROL.length] === '/');
}

/**
 * The `__sandbox/` routes can empty the database or switch faults on, without a token: only a client on
 * this machine may call them, and never a web page (browsers send Origin on cross-origin calls and on
 * every POST, PUT and DELETE, so a page cannot reset the sandbox of the person viewing it).
 */
function controlRefusal(request: SandboxRequest): SandboxReply | null {
  if (!isLoopback(request.ip))
    return errorReply(
      403,
      'Forbidden',
      `The ${CONTROL}/ routes answer only clients on this machine, not ${request.ip}`,
    );
  if (request.header('origin') !== undefined)
    return errorReply(
      403,
      'Forbidden',
      `The ${CONTROL}/ routes do not answer web pages (the request has an Origin header)`,
    );
  return null;
}

/**
 * Answers one request: directly when nothing on its way waits (no injected latency, a synchronous handler,
 * the lock free), else as a promise. Most requests take the direct path, which spares a chain of promises.
 *
 * @example
 * const reply = await handleRequest(state, request);
 */
export function handleRequest(state: SandboxState, request: SandboxRequest): SandboxReply | Promise<SandboxReply> {
  if (isControlPath(request.path)) {
    const refused = controlRefusal(request);
    return refused
      ? withBase(refused, request.requestId)
      : handleControl(state, request).then((reply) => withBase(reply, request.requestId));
  }
  if (isMediaPath(request.path)) return withBase(answerMedia(state, request), request.requestId);
  if (isDocsPath(request.path)) return withBase(answerDocs(state, request), request.requestId);
  const reply = pipeline(state, request);
  return reply instanceof Promise
    ? reply.then((r) => withBase(r, request.requestId))
    : withBase(reply, request.requestId);
}

/**
 * A reply with the headers every answer carries: the API target, the request id and, on an error, the
 * error reference.
 *
 * @example
 * withBase(errorReply(400, 'Bad request', 'The request body is not valid JSON'), 'req_1');
 */
export function withBase(reply: SandboxReply, requestId: string): SandboxReply {
  if (reply.kind === 'drop') return reply;
  const headers: Record<string, string> = { [HEADERS.apiTarget]: 'sandbox', [HEADERS.requestId]: requestId };
  if (reply.kind === 'file') return { ...reply, headers: Object.assign(headers, reply.headers) };
  if (reply.status >= 400) headers[HEADERS.errorReference] = requestId;
  return { kind: 'json', status: reply.status, body: reply.body, headers: Object.assign(headers, reply.headers) };
}

function pipeline(state: SandboxState, request: SandboxRequest): SandboxReply | Promise<SandboxReply> {
  const plan = state.faults.plan();
  if (plan.latencyMs > 0) return sleep(plan.latencyMs).then(() => planned(state, request, plan));
  return planned(state, request, plan);
}

function planned(state: SandboxState, request: SandboxRequest, plan: FaultPlan): SandboxReply | Promise<SandboxReply> {
  if (plan.dropBefore) return { kind: 'drop', phase: 'before' };
  if (plan.status !== null) return injected(plan.status);
  const token = request.header(HEADERS.token) || undefined;
  const now = state.now();
  const decision = state.limiter.take(token ? `token:${token}` : `ip:${request.ip}`, now);
  const limits = rateLimitHeaders(decision);
  if (!decision.allowed) return errorReply(429, 'Too many requests', TOO_MANY, {}, limits);
  const finish = (reply: Routed): SandboxReply => {
    if (reply.kind !== 'json') return reply;
    if (plan.dropAfter && reply.ran) return { kind: 'drop', phase: 'after' };
    return { kind: 'json', status: reply.status, body: reply.body, headers: Object.assign(limits, reply.headers) };
  };
  const reply = routed(state, request, token, now);
  return reply instanceof Promise ? reply.then(finish) : finish(reply);
}

type Routed = SandboxReply & { readonly ran?: boolean };

function ran(reply: SandboxReply): Routed {
  return reply.kind === 'json'
    ? { kind: 'json', status: reply.status, body: reply.body, headers: reply.headers, ran: true }
    : reply;
}

function routed(
  state: SandboxState,
  request: SandboxRequest,
  token: string | undefined,
  now: Date,
): Routed | Promise<Routed> {
  const match = state.router.match(request.method, request.path);
  const handler = match && handlerFor(state.handlers, match.endpoint.route);
  if (!match || !handler)
    return errorReply(
      404,
      'Not found',
      state.router.explainMiss(request.method, request.path) ??
        `No route ${request.method} ${decodedPath(request.path)}`,
    );
  const { endpoint, params } = match;
  const user = token ? lookupSession(state.db, token, now) : null;
  if (endpoint.role !== 'public') {
    if (!token)
      return errorReply(
        401,
        'Unauthorised',
        `Sign in first: ${endpoint.route} needs a session token in the ${HEADERS.token} header`,
      );
    if (!user) return errorReply(401, 'Unauthorised', 'The session token is invalid or has expired; sign in again');
    if (!mayCall(user, endpoint))
      return errorReply(403, 'Forbidden', `${endpoint.route} is only for ${ROLE_HOLDERS[endpoint.role]}`);
  }
  const raw = readInput(endpoint, request);
  if (!raw.ok)
    return raw.status === 415
      ? errorReply(415, 'Unsupported media type', raw.message)
      : errorReply(400, 'Bad request', raw.message);
  const parsed = payloadSchema(endpoint).safeParse(raw.input);
  if (!parsed.success) {
    const { message, errors } = describeIssues(parsed.error);
    return errorReply(422, 'Invalid data', message, { errors });
  }
  const target = request.path.endsWith('/') ? request.path.replace(/\/+$/, '') : request.path;
  const execution: Execution = { endpoint, params, user, input: parsed.data, target, handler };
  const key = endpoint.method === 'GET' ? undefined : request.header(HEADERS.idempotencyKey) || undefined;
  if (key) return idempotent(state, request, execution, key, raw.input);
  const reply = runHandler(state, execution, null);
  return reply instanceof Promise ? reply.then(ran) : ran(reply);
}

async function idempotent(
  state: SandboxState,
  request: SandboxRequest,
  execution: Execution,
  key: string,
  body: unknown,
): Promise<Routed> {
  const userKey = execution.user ? String(execution.user.id) : 'anon';
  const hash = requestHash(execution.endpoint.method, execution.target, body);
  const check = state.keys.check(state.db, userKey, key, hash);
  switch (check.kind) {
    case 'replay':
      return {
        kind: 'json',
        status: check.status,
        body: check.body,
        headers: { [HEADERS.idempotentReplayed]: 'true' },
      };
    case 'mismatch':
      return errorReply(422, 'Invalid data', `Idempotency-Key ${key} was already used for a different request`, {
        errors: [{ path: HEADERS.idempotencyKey, message: 'reused with a different request' }],
      });
    case 'in-flight':
      return errorReply(
        409,
        'Conflict',
        `A request with Idempotency-Key ${key} is still in progress; retry after it finishes`,
      );
    case 'new':
      try {
        return ran(await runHandler(state, execution, { userKey, key, requestHash: hash }));
      } finally {
        state.keys.release(userKey, key);
      }
  }
}
