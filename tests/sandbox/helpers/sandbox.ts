import { afterAll, beforeAll } from 'vitest';
import { buildUrl } from '../../../core/api/query.js';
import { HEADERS } from '../../../core/api/headers.js';
import { ENDPOINTS } from '../../../core/endpoints/index.js';
import { requestShape } from '../../../core/endpoints/request-shape.js';
import { pathParams } from '../../../core/endpoints/route-pattern.js';
import { parseRoute } from '../../../core/endpoints/table.js';
import type { Db } from '../../../sandbox/db/database.js';
import { issueToken, SESSION_DAYS } from '../../../sandbox/domain/auth/tokens.js';
import { one } from '../../../sandbox/kit/sql.js';
import { createSandbox, type Sandbox, type SandboxOptions } from '../../../sandbox/server/server.js';

export interface CallOptions {
  readonly token?: string;
  readonly body?: unknown;
  readonly query?: Readonly<Record<string, string>>;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface CallResult {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly headers: Headers;
}

export interface RequestOptions {
  /** The username to call as, signed in with a session issued at the sandbox clock; omitted: no session. */
  readonly as?: string;
  /** Values for the route's `{name}`s (a concrete path needs none). */
  readonly params?: Readonly<Record<string, string | number>>;
  /** The payload: the JSON body, or the query string of a GET or DELETE, as core's client sends it. */
  readonly body?: Readonly<Record<string, unknown>>;
  readonly headers?: Readonly<Record<string, string>>;
}

/** A sandbox on `:memory:` with small helpers to call it in-process. */
export interface TestSandbox {
  readonly sandbox: Sandbox;
  call(method: string, path: string, options?: CallOptions): Promise<CallResult>;
  /**
   * One request through the server's whole path (router, session, roles, validation, idempotency, write
   * log, rate limit, faults), in process: `route` is a table route with `params`, or a concrete path.
   *
   * @example
   * await t.request('POST superuser/invoices/{id}/paid', { as: 'superuser', params: { id: 8 }, body: { method: 'bacs' } });
   * await t.request('POST superuser/invoices/8/paid', { as: 'superuser', body: { method: 'bacs' } });
   */
  request(route: string, options?: RequestOptions): Promise<CallResult>;
  login(username: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export const BASE = 'http://sandbox.test/';

/** Each table entry by its route (`PUT schools/{id}/addresses/{addressId}`). */
const ENTRY_OF_ROUTE: ReadonlyMap<string, (typeof ENDPOINTS)[number]> = new Map(
  ENDPOINTS.map((e) => [`${e.method} ${e.path}`, e] as const),
);

/**
 * Starts a seeded in-memory sandbox.
 *
 * @example
 * const t = testSandbox(); const token = await t.login('superuser');
 */
export function testSandbox(options: SandboxOptions = {}): TestSandbox {
  const sandbox = createSandbox({ db: ':memory:', ...options });
  const clock = options.now ?? (() => new Date());
  const send = async (
    method: string,
    url: string,
    body: unknown,
    token: string | undefined,
    headers: Readonly<Record<string, string>> = {},
  ): Promise<CallResult> => {
    const res = await sandbox.fetch(url, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { [HEADERS.token]: token } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return {
      status: res.status,
      body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
      headers: res.headers,
    };
  };
  const call = (method: string, path: string, options: CallOptions = {}): Promise<CallResult> => {
    const url = new URL(path, BASE);
    for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
    return send(method, url.toString(), options.body, options.token, options.headers);
  };
  // One session per user, issued at the sandbox clock and issued again once that clock passes its expiry.
  const sessions = new Map<string, { readonly token: string; readonly expires: number }>();
  const sessionOf = async (username: string): Promise<string> => {
    const now = clock();
    const held = sessions.get(username);
    if (held && held.expires > now.getTime()) return held.token;
    const user = one<{ id: number }>(sandbox.db, 'SELECT id FROM users WHERE username = ?', username);
    if (!user) throw new Error(`no user ${username}`);
    // Through the lock: a write outside a request must not land in another request's open transaction.
    const token = await sandbox.lock.run(() => issueToken(sandbox.db, user.id, now));
    sessions.set(username, { token, expires: now.getTime() + SESSION_DAYS * 86_400_000 });
    return token;
  };
  const request = async (route: string, options: RequestOptions = {}): Promise<CallResult> => {
    const { method, path } = parseRoute(route);
    const names = pathParams(path);
    const missing = names.filter((name) => options.params?.[name] === undefined);
    if (missing.length > 0) throw new Error(`${route}: no value given for ${missing.join(', ')}`);
    const params = Object.fromEntries(
      Object.entries(options.params ?? {}).map(([name, value]) => [name, String(value)]),
    );
    // A body the test gives is sent as given, `{}` included; with none, the request is shaped as the client
    // shapes it for the route's entry (an update that takes fields sends `{}`, a write with no payload nothing).
    const entry = ENTRY_OF_ROUTE.get(route);
    const shaped = requestShape(
      { method, path, params: names, payload: entry?.payload, open: options.body !== undefined || entry?.open },
      params,
      options.body === undefined ? undefined : { ...options.body },
    );
    const token = options.as === undefined ? undefined : await sessionOf(options.as);
    return send(method, buildUrl(BASE, shaped.path, shaped.query), shaped.body, token, options.headers);
  };
  return {
    sandbox,
    call,
    request,
    async login(username, password = 'sandbox') {
      const res = await call('POST', 'auth', { body: { username, password } });
      if (res.status !== 200 || typeof res.body.token !== 'string')
        throw new Error(`login ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.token;
    },
    close: () => sandbox.close(),
  };
}

/**
 * A sandbox over a database the test seeded itself (used as it is), on the test's clock, with a rate
 * limit no test reaches and no background job runner (tests step the jobs themselves).
 *
 * @example
 * const sb = sandboxOver(db, () => harness.now);
 * await sb.request('GET users/me', { as: 'admin' });
 */
export function sandboxOver(database: Db, now: () => Date): TestSandbox {
  return testSandbox({ database, now, rateLimit: 1_000_000, backgroundJobs: false });
}

/** A harness call: who calls, the route's parameters and the payload. */
export interface HarnessCallOptions {
  /** Username to call as (the harness's default when omitted); null calls without a session. */
  readonly as?: string | null;
  readonly params?: Readonly<Record<string, string | number>>;
  /** The payload: the JSON body, or the query string of a GET or DELETE. */
  readonly input?: Readonly<Record<string, unknown>>;
}

/**
 * The harnesses' `call(route, { as, params, input })` over `request`, calling as `defaultAs` unless told.
 *
 * @example
 * const call = harnessCall(sandboxOver(db, () => SEED_NOW), 'admin');
 * const { status, body } = await call('GET users/me/school/pupils', { as: 'teacher' });
 */
export function harnessCall(
  t: TestSandbox,
  defaultAs: string,
): (route: string, options?: HarnessCallOptions) => Promise<{ status: number; body: Record<string, unknown> }> {
  return async (route, { as = defaultAs, params, input } = {}) => {
    const { status, body } = await t.request(route, { ...(as === null ? {} : { as }), params, body: input });
    return { status, body };
  };
}

/** How many times the sandbox applied writes to a route (optionally one target). */
export async function writeCount(t: TestSandbox, route: string, target?: string): Promise<number> {
  const res = await t.call('GET', '__sandbox/writes', { query: { route, ...(target ? { target } : {}) } });
  return res.body.total as number;
}

/**
 * A seeded in-memory sandbox listening on an ephemeral loopback port for the tests of the calling
 * `describe` block (started before them, closed after); read its URL inside a test.
 *
 * @example
 * const live = listeningSandbox(); it('answers', async () => { await fetch(`${live.url()}schools`); });
 */
export function listeningSandbox(): { readonly sandbox: () => Sandbox; readonly url: () => string } {
  let sandbox: Sandbox | undefined;
  let url = '';
  beforeAll(async () => {
    sandbox = createSandbox({ db: ':memory:' });
    url = await sandbox.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => sandbox?.close());
  return {
    sandbox: () => {
      if (!sandbox) throw new Error('listeningSandbox: read it inside a test');
      return sandbox;
    },
    url: () => url,
  };
}
