/**
 * The sandbox server: a local, stateful API speaking the whole endpoint table on a SQLite database.
 * Plain `node:http`: each request goes to the pipeline (sandbox/server/pipeline.ts), which routes it
 * from the table, checks it, runs its handler in a transaction and shapes the reply. `fetch` answers
 * in-process (light-my-request drives the same request listener, with no socket).
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { dirname } from 'node:path';
import lightMyRequest, { type InjectOptions, type Response as InjectResponse } from 'light-my-request';
import type { FetchLike } from '../../core/api/types.js';
import { ENDPOINTS } from '../../core/endpoints/index.js';
import { BILLING_JOB_KINDS } from '../domain/billing/job-kinds.js';
import { corsHeaders, DEFAULT_CORS_ORIGINS, normaliseOrigin } from './cors.js';
import { openDatabase } from '../db/database.js';
import type { Db } from '../kit/sql.js';
import { isSeeded, seed, SEED_ACCOUNTS, type SeedAccount, type SeedSize } from '../db/seed/index.js';
import { createExclusive, type Exclusive } from './exclusive.js';
import { createFaultInjector, parseFaults, type FaultInjector, type FaultSpec } from './faults.js';
import type { HandlerMap, PartialHandlerMap } from '../kit/handler.js';
import { HANDLERS } from '../routes/index.js';
import { createIdempotencyKeys } from './idempotency.js';
import { inProcessFetch } from './in-process-fetch.js';
import { createJobRunner } from '../kit/jobs.js';
import { defaultDatabasePath } from './paths.js';
import { bodyParts } from '../db/fast/json-text.js';
import { clientErrorHandler } from './client-error.js';
import { errorReply } from './errors-shape.js';
import { hostProblem, type Listening } from './host-check.js';
import { handleRequest, isControlPath, withBase } from './pipeline.js';
import { createRateLimiter, DEFAULT_RATE_LIMIT } from './rate-limit.js';
import { createRequestLog, type RequestLog } from './request-log.js';
import { createRouter } from './router.js';
import type { SandboxReply, SandboxState } from './state.js';

export interface SandboxOptions {
  /** A database file, or `:memory:`; default: sandbox.db under the user's data directory. */
  readonly db?: string;
  /** How to seed an empty (or reset) database; `none` leaves it empty. Default `demo`. */
  readonly seed?: SeedSize | 'none';
  /** Delete the database file first, then migrate and seed it afresh. */
  readonly reset?: boolean;
  /** An open database to serve instead of `db`, used as it is (not migrated or seeded): tests seed their own. `close` closes it. */
  readonly database?: Db;
  /** Run queued jobs in the background (default true); tests that step the jobs themselves turn it off. */
  readonly backgroundJobs?: boolean;
  /** Fault injection: a spec such as `500=0.1,latency=50-200` (see FAULTS_HELP) or a parsed spec. */
  readonly faults?: string | FaultSpec;
  /** Requests per minute per token (or per address without one); default 600. */
  readonly rateLimit?: number;
  /** The sandbox clock. */
  readonly now?: () => Date;
  /** Logs each request (one JSON line when it arrives, one when it is answered) and each 5xx to stdout. */
  readonly logger?: boolean;
  /** Handlers replacing the built-in ones for some routes (tests use this for slow or failing handlers). */
  readonly handlers?: PartialHandlerMap;
  /** The toolkit's version, shown in `openapi.json`; default `0.0.0-dev`. */
  readonly version?: string;
  /** Origins answered under CORS besides the site's dev and preview origins (`http://host:port`). */
  readonly corsOrigins?: readonly string[];
}

export interface Sandbox {
  /** The HTTP server (listening once `listen` has resolved). */
  readonly server: Server;
  /** Sends a request in-process with the given socket details (a remote address, say): for tests. */
  inject(options: InjectOptions): Promise<InjectResponse>;
  readonly db: Db;
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

function openFresh(path: string, reset: boolean): Db {
  if (path !== ':memory:') {
    if (reset) for (const suffix of DB_FILES) rmSync(`${path}${suffix}`, { force: true });
    // Sessions and the seeded passwords' hashes live here: only the user reads it, whatever the umask.
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    if (dirname(path) === dirname(defaultDatabasePath())) chmodSync(dirname(path), 0o700);
    closeSync(openSync(path, 'a', 0o600));
  }
  const db = openDatabase(path);
  // SQLite gives -wal and -shm the database file's mode; files an older version left open to others are closed here.
  if (path !== ':memory:')
    for (const suffix of DB_FILES) if (existsSync(`${path}${suffix}`)) chmodSync(`${path}${suffix}`, 0o600);
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

function headerOf(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Writes a reply: one header list, then the body's parts. */
function send(
  res: ServerResponse,
  status: number,
  headers: Readonly<Record<string, string>>,
  body: readonly (string | Buffer)[] | undefined,
): void {
  const list: string[] = [];
  for (const name in headers) list.push(name, headers[name] as string);
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
  readonly log: RequestLog | undefined;
}

/**
 * The methods the table uses, HEAD (the media addresses answer it: Node sends the head without the
 * body) and OPTIONS for CORS preflights; any other is no route.
 */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Methods whose request body is read (the pipeline decides what it may hold). */
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The largest request body taken (a bulk import of a whole school is a few MB). */
const BODY_LIMIT = 20 * 1024 * 1024;

/**
 * The body of a request, or undefined when it has none; 'too large' past BODY_LIMIT (reading stops),
 * 'aborted' when the client went away first.
 */
function readBody(request: IncomingMessage): Promise<Buffer | undefined | 'too large' | 'aborted'> | undefined {
  const length = request.headers['content-length'];
  if (request.headers['transfer-encoding'] === undefined && (length === undefined || length === '0')) return undefined;
  if (length !== undefined && Number(length) > BODY_LIMIT) return Promise.resolve('too large');
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT) {
        request.removeAllListeners('data');
        request.pause();
        resolve('too large');
        return;
      }
      chunks.push(chunk);
    });
    request.once('end', () => resolve(chunks.length === 0 ? undefined : Buffer.concat(chunks)));
    request.once('aborted', () => resolve('aborted'));
    request.once('error', () => resolve('aborted'));
  });
}

function answer(state: SandboxState, web: Web, request: IncomingMessage, res: ServerResponse): void | Promise<void> {
  const url = request.url ?? '/';
  const method = request.method ?? 'GET';
  const q = url.indexOf('?');
  const path = (q < 0 ? url : url.slice(0, q)).replace(/^\/+/, '');
  const requestId = state.nextRequestId();
  web.log?.arrived(requestId, method, url, res);
  // Before anything else, the control routes and preflights included: a rebound host name gets nothing.
  // An in-process call (light-my-request) has no real socket; one over the network always has.
  const wrongHost = hostProblem(headerOf(request, 'host'), web.listening, !(request.socket instanceof Socket));
  if (wrongHost !== null) {
    respond(res, { vary: 'origin' }, withBase(errorReply(421, 'Misdirected request', wrongHost), requestId));
    return;
  }
  if (!METHODS.has(method)) {
    respond(res, { vary: 'origin' }, withBase(errorReply(404, 'Not found', `No route ${method} ${url}`), requestId));
    return;
  }
  // The control routes are for clients on this machine, never for web pages: no CORS at all.
  const cors = isControlPath(path) ? {} : corsHeaders(headerOf(request, 'origin'), method === 'OPTIONS', web.origins);
  if (method === 'OPTIONS') {
    send(res, 204, cors, undefined);
    return;
  }
  const handle = (body: Buffer | undefined): void | Promise<void> => {
    const result = handleRequest(state, {
      method,
      path,
      query: queryOf(q < 0 ? '' : url.slice(q + 1)),
      body,
      header: (name) => headerOf(request, name.toLowerCase()),
      ip: request.socket.remoteAddress ?? '',
      requestId,
    });
    if (result instanceof Promise) return result.then((r) => respond(res, cors, r));
    respond(res, cors, result);
  };
  const reading = WITH_BODY.has(method) ? readBody(request) : undefined;
  if (reading === undefined) return handle(undefined);
  return reading.then((body) => {
    if (body === 'aborted') return;
    if (body === 'too large') {
      res.setHeader('connection', 'close');
      respond(
        res,
        { ...cors, vary: 'origin' },
        withBase(
          errorReply(
            413,
            'Payload too large',
            `The request body is larger than the ${BODY_LIMIT / 1024 / 1024} MiB the sandbox accepts`,
          ),
          requestId,
        ),
      );
      return;
    }
    return handle(body);
  });
}

function respond(res: ServerResponse, cors: Record<string, string>, result: SandboxReply): void {
  if (result.kind === 'drop') {
    res.destroy(new Error(`Sandbox fault: connection dropped ${result.phase} the handler`));
    return;
  }
  const headers = Object.assign(cors, result.headers);
  if (result.kind === 'file') {
    const list: string[] = [];
    for (const name in headers) list.push(name, headers[name] as string);
    res.writeHead(result.status, list).end(result.body);
    return;
  }
  send(
    res,
    result.status,
    headers,
    result.status === 204 || result.body === undefined ? undefined : bodyParts(result.body),
  );
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
    if (normal === null)
      throw new Error(`${origin} is not an origin: give scheme, host and port only, as in http://localhost:3000`);
    origins.add(normal);
  }
  const log = options.logger === true ? createRequestLog(process.stdout) : undefined;
  const web: Web = { listening: undefined, origins, log };
  const db = options.database ?? openFresh(options.db ?? defaultDatabasePath(), options.reset ?? false);
  const seedSize = options.seed ?? 'demo';
  const seeded = options.database === undefined && seedSize !== 'none' && !isSeeded(db);
  if (seeded) seed(db, { size: seedSize });
  const faults = typeof options.faults === 'string' ? parseFaults(options.faults) : options.faults;
  const nextRequestId = requestIds();
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
    logError: (error) => log?.failed(error),
  };
  // A failure outside the handlers' own error path (a bug in the pipeline) still answers in the
  // platform's shape, with the error reference.
  const failed = (res: ServerResponse, error: unknown): void => {
    state.logError(error);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    respond(
      res,
      { vary: 'origin' },
      withBase(errorReply(500, 'Internal server error', `The sandbox failed: ${message}`), state.nextRequestId()),
    );
  };
  let closing = false;
  const listener = (request: IncomingMessage, res: ServerResponse): void => {
    // A keep-alive connection answered while the server closes is closed after its answer.
    if (closing) res.shouldKeepAlive = false;
    try {
      const done = answer(state, web, request, res);
      if (done instanceof Promise) done.catch((error: unknown) => failed(res, error));
    } catch (error) {
      failed(res, error);
    }
  };
  const server = createServer(listener);
  // What Node refuses before the listener sees it (headers too large, malformed HTTP) in the platform's shape too.
  server.on('clientError', clientErrorHandler(nextRequestId));
  const inject = (injected: InjectOptions): Promise<InjectResponse> => lightMyRequest(listener, injected);
  const jobs = createJobRunner({ db, kinds: BILLING_JOB_KINDS, lock: state.lock, now: state.now });
  if (options.backgroundJobs !== false) jobs.start();
  let url: string | undefined;
  let closed: Promise<void> | undefined;
  return {
    server,
    inject,
    db,
    get url() {
      return url;
    },
    fetch: inProcessFetch(inject),
    accounts: SEED_ACCOUNTS,
    seeded,
    lock: state.lock,
    faults: state.faults,
    async listen({ port = 8787, host = '127.0.0.1' } = {}) {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : port;
      web.listening = { host, port: bound };
      url = `http://${host.includes(':') ? `[${host}]` : host}:${bound}/`;
      return url;
    },
    close() {
      if (closed) return closed;
      closing = true;
      // Stops accepting connections, closes the idle ones, and settles once the requests in flight are answered.
      const stopped = server.listening
        ? new Promise<void>((resolve) => server.close(() => resolve()))
        : Promise.resolve();
      server.closeIdleConnections();
      closed = stopped
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
