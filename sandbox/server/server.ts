/**
 * The sandbox server: a local, stateful API speaking the whole endpoint table on a SQLite database.
 * One Fastify catch-all route hands every request to the pipeline (the platform's paths do not fit
 * Fastify's router); `fetch` answers in-process through Fastify's inject, with no socket.
 */
import { randomBytes } from 'node:crypto';
import { Socket } from 'node:net';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { FetchLike } from '../../core/api/types.js';
import { ENDPOINTS } from '../../core/endpoints/index.js';
import { BILLING_JOB_KINDS } from '../domain/billing/job-kinds.js';
import { corsHeaders, DEFAULT_CORS_ORIGINS, normaliseOrigin } from './cors.js';
import { openDatabase, type SandboxDb } from '../db/database.js';
import { isSeeded, seed, SEED_ACCOUNTS, type SeedAccount, type SeedSize } from '../db/seed/index.js';
import { createExclusive, type Exclusive } from './exclusive.js';
import { createFaultInjector, parseFaults, type FaultInjector, type FaultSpec } from './faults.js';
import type { HandlerMap, PartialHandlerMap } from '../kit/handler.js';
import { HANDLERS } from '../routes/index.js';
import { createIdempotencyKeys } from './idempotency.js';
import { inProcessFetch } from './in-process-fetch.js';
import { createJobRunner } from './jobs.js';
import { defaultDatabasePath } from './paths.js';
import { bodyParts } from '../kit/json-text.js';
import { clientErrorHandler } from './client-error.js';
import { errorReply } from './errors-shape.js';
import { hostProblem, type Listening } from './host-check.js';
import { handleRequest, isControlPath, withBase } from './pipeline.js';
import { createRateLimiter, DEFAULT_RATE_LIMIT } from './rate-limit.js';
import { createRouter } from './router.js';
import type { SandboxReply, SandboxState } from './state.js';

export interface SandboxOptions {
  /** A database file, or `:memory:`; default: sandbox.db under the user's data directory. */
  readonly db?: string;
  /** How to seed an empty (or reset) database; `none` leaves it empty. Default `demo`. */
  readonly seed?: SeedSize | 'none';
  /** Delete the database file first, then migrate and seed it afresh. */
  readonly reset?: boolean;
  /** Fault injection: a spec such as `500=0.1,latency=50-200` (see FAULTS_HELP) or a parsed spec. */
  readonly faults?: string | FaultSpec;
  /** Requests per minute per token (or per address without one); default 600. */
  readonly rateLimit?: number;
  /** The sandbox clock. */
  readonly now?: () => Date;
  /** Fastify's request logging. */
  readonly logger?: boolean;
  /** Handlers replacing the built-in ones for some routes (tests use this for slow or failing handlers). */
  readonly handlers?: PartialHandlerMap;
  /** The toolkit's version, shown in `openapi.json`; default `0.0.0-dev`. */
  readonly version?: string;
  /** Origins answered under CORS besides the site's dev and preview origins (`http://host:port`). */
  readonly corsOrigins?: readonly string[];
}

export interface Sandbox {
  readonly app: FastifyInstance;
  readonly db: SandboxDb;
  /** The base URL (ending in `/`) once `listen` has resolved. */
  readonly url: string | undefined;
  /** Answers in-process, without a socket: give it to the API client in tests. */
  readonly fetch: FetchLike;
  /** The seeded accounts (password `sandbox`). */
  readonly accounts: readonly SeedAccount[];
  /** Whether this start seeded the database (it was empty or reset). */
  readonly seeded: boolean;
  /** Runs work that writes outside a request (background jobs) without interleaving with a request's transaction. */
  readonly lock: Exclusive;
  readonly faults: FaultInjector;
  /** Starts listening; port 0 picks a free port. Resolves to the base URL. */
  listen(options?: { readonly port?: number; readonly host?: string }): Promise<string>;
  /** Stops the server, then the background jobs, then closes the database. */
  close(): Promise<void>;
}

function openFresh(path: string, reset: boolean): SandboxDb {
  if (path !== ':memory:') {
    if (reset) for (const suffix of DB_FILES) rmSync(`${path}${suffix}`, { force: true });
    // Sessions and the seeded passwords' hashes live here: only the user reads it, whatever the umask.
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    if (dirname(path) === dirname(defaultDatabasePath())) chmodSync(dirname(path), 0o700);
    closeSync(openSync(path, 'a', 0o600));
  }
  const db = openDatabase(path);
  // SQLite gives -wal and -shm the database file's mode; files an older version left open to others are closed here.
  if (path !== ':memory:') for (const suffix of DB_FILES) if (existsSync(`${path}${suffix}`)) chmodSync(`${path}${suffix}`, 0o600);
  return db;
}

const DB_FILES = ['', '-wal', '-shm'];

/** Request ids: a random prefix per server and a counter, unique without a random draw per request. */
function requestIds(): () => string {
  const prefix = randomBytes(4).toString('hex');
  let count = 0;
  return () => {
    count = (count + 1) >>> 0;
    return `req_${prefix}${count.toString(16).padStart(8, '0')}`;
  };
}

const NO_QUERY: Readonly<Record<string, string | string[]>> = Object.freeze({});

function queryOf(search: string): Readonly<Record<string, string | string[]>> {
  if (search === '') return NO_QUERY;
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    const previous = query[key];
    query[key] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  return query;
}

function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** Writes a reply straight to Node's response: one header list, then the body's parts (Fastify's reply adds nothing here). */
function send(reply: FastifyReply, status: number, headers: Readonly<Record<string, string>>, body: readonly (string | Buffer)[] | undefined): void {
  reply.hijack();
  const list: string[] = [];
  for (const name in headers) list.push(name, headers[name] as string);
  const res = reply.raw;
  if (body === undefined) {
    res.writeHead(status, list).end();
    return;
  }
  let length = 0;
  for (const part of body) length += typeof part === 'string' ? Buffer.byteLength(part) : part.length;
  list.push('content-type', 'application/json; charset=utf-8', 'content-length', String(length));
  res.writeHead(status, list);
  // Corked, the head and every part leave in one write to the socket.
  res.cork();
  for (let i = 0; i < body.length - 1; i += 1) res.write(body[i] as string | Buffer);
  res.end(body[body.length - 1]);
  res.uncork();
}

interface Web {
  /** Where the server listens, once it does (the Host check's port). */
  listening: Listening | undefined;
  readonly origins: ReadonlySet<string>;
}

const STATUS_NAMES: Readonly<Record<number, string>> = { 400: 'Bad request', 404: 'Not found', 405: 'Method not allowed', 413: 'Payload too large', 415: 'Unsupported media type', 500: 'Internal server error' };

function answer(state: SandboxState, web: Web, request: FastifyRequest, reply: FastifyReply): void | Promise<void> {
  const url = request.raw.url ?? '/';
  const q = url.indexOf('?');
  const path = (q < 0 ? url : url.slice(0, q)).replace(/^\/+/, '');
  const requestId = state.nextRequestId();
  // Before anything else, the control routes and preflights included: a rebound host name gets nothing.
  // An in-process call (Fastify inject) has no real socket; one over the network always has.
  const wrongHost = hostProblem(headerOf(request, 'host'), web.listening, !(request.raw.socket instanceof Socket));
  if (wrongHost !== null) {
    respond(reply, { vary: 'origin' }, withBase(errorReply(421, 'Misdirected request', wrongHost), requestId));
    return;
  }
  // The control routes are for clients on this machine, never for web pages: no CORS at all.
  const cors = isControlPath(path) ? {} : corsHeaders(headerOf(request, 'origin'), request.method === 'OPTIONS', web.origins);
  if (request.method === 'OPTIONS') {
    send(reply, 204, cors, undefined);
    return;
  }
  const result = handleRequest(state, {
    method: request.method,
    path,
    query: queryOf(q < 0 ? '' : url.slice(q + 1)),
    body: Buffer.isBuffer(request.body) ? request.body : undefined,
    header: (name) => headerOf(request, name),
    ip: request.ip,
    requestId,
  });
  if (result instanceof Promise) return result.then((r) => respond(reply, cors, r));
  respond(reply, cors, result);
}

function respond(reply: FastifyReply, cors: Record<string, string>, result: SandboxReply): void {
  if (result.kind === 'drop') {
    reply.hijack();
    reply.raw.destroy(new Error(`Sandbox fault: connection dropped ${result.phase} the handler`));
    return;
  }
  const headers = Object.assign(cors, result.headers);
  if (result.kind === 'file') {
    reply.hijack();
    const list: string[] = [];
    for (const name in headers) list.push(name, headers[name] as string);
    reply.raw.writeHead(result.status, list).end(result.body);
    return;
  }
  send(reply, result.status, headers, result.status === 204 || result.body === undefined ? undefined : bodyParts(result.body));
}

/**
 * Opens (migrating and, when empty, seeding) the database and builds the server. Nothing listens until
 * `listen`; `fetch` works at once.
 *
 * @example
 * const sandbox = createSandbox({ db: ':memory:' });
 * const res = await sandbox.fetch('http://sandbox.test/auth', { method: 'POST', body: JSON.stringify({ username: 'superuser', password: 'sandbox' }), headers: { 'content-type': 'application/json' } });
 * await sandbox.close();
 */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const origins = new Set(DEFAULT_CORS_ORIGINS);
  for (const origin of options.corsOrigins ?? []) {
    const normal = normaliseOrigin(origin);
    if (normal === null) throw new Error(`${origin} is not an origin: give scheme, host and port only, as in http://localhost:3000`);
    origins.add(normal);
  }
  const web: Web = { listening: undefined, origins };
  const db = openFresh(options.db ?? defaultDatabasePath(), options.reset ?? false);
  const seedSize = options.seed ?? 'demo';
  const seeded = seedSize !== 'none' && !isSeeded(db);
  if (seeded) seed(db, { size: seedSize });
  const faults = typeof options.faults === 'string' ? parseFaults(options.faults) : options.faults;
  const nextRequestId = requestIds();
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 20 * 1024 * 1024,
    clientErrorHandler: clientErrorHandler(nextRequestId),
    frameworkErrors: (error, _request, reply) => fail(reply, 400, error.message),
  });
  const state: SandboxState = {
    db,
    router: createRouter(ENDPOINTS),
    handlers: (options.handlers ? { ...HANDLERS, ...options.handlers } : HANDLERS) as HandlerMap,
    limiter: createRateLimiter(options.rateLimit ?? DEFAULT_RATE_LIMIT),
    faults: createFaultInjector(faults),
    keys: createIdempotencyKeys(),
    lock: createExclusive(),
    now: options.now ?? (() => new Date()),
    seedSize,
    startedAt: new Date(),
    nextRequestId,
    version: options.version ?? '0.0.0-dev',
    logError: (error) => app.log.error(error),
  };
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.route({ method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'], url: '/*', handler: (request, reply) => answer(state, web, request, reply) });
  // What Fastify answers itself (a body over the limit, a malformed request, a method no route takes) in
  // the platform's shape too, with the error reference.
  const fail = (reply: FastifyReply, status: number, message: string): void =>
    respond(reply, { vary: 'origin' }, withBase(errorReply(status, STATUS_NAMES[status] ?? (status >= 500 ? 'Internal server error' : 'Bad request'), message), state.nextRequestId()));
  app.setNotFoundHandler((request, reply) => fail(reply, 404, `No route ${request.method} ${request.url}`));
  app.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) => {
    const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) app.log.error(error);
    fail(reply, status, status >= 500 ? `The sandbox failed: ${error.message}` : error.message);
  });
  const jobs = createJobRunner({ db, kinds: BILLING_JOB_KINDS, lock: state.lock, now: state.now });
  jobs.start();
  let url: string | undefined;
  let closed: Promise<void> | undefined;
  return {
    app,
    db,
    get url() {
      return url;
    },
    fetch: inProcessFetch(app),
    accounts: SEED_ACCOUNTS,
    seeded,
    lock: state.lock,
    faults: state.faults,
    async listen({ port = 8787, host = '127.0.0.1' } = {}) {
      await app.listen({ port, host });
      const address = app.server.address();
      const bound = typeof address === 'object' && address ? address.port : port;
      web.listening = { host, port: bound };
      url = `http://${host.includes(':') ? `[${host}]` : host}:${bound}/`;
      return url;
    },
    close() {
      closed ??= app
        .close()
        .then(() => jobs.stop())
        .then(() =>
          state.lock.run(() => {
            db.close();
          }),
        );
      return closed;
    },
  };
}
