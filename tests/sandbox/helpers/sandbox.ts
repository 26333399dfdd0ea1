import { afterAll, beforeAll } from 'vitest';
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

/** A sandbox on `:memory:` with small helpers to call it in-process. */
export interface TestSandbox {
  readonly sandbox: Sandbox;
  call(method: string, path: string, options?: CallOptions): Promise<CallResult>;
  login(username: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export const BASE = 'http://sandbox.test/';

/**
 * Starts a seeded in-memory sandbox.
 *
 * @example
 * const t = testSandbox(); const token = await t.login('superuser');
 */
export function testSandbox(options: SandboxOptions = {}): TestSandbox {
  const sandbox = createSandbox({ db: ':memory:', ...options });
  const call = async (method: string, path: string, options: CallOptions = {}): Promise<CallResult> => {
    const url = new URL(path, BASE);
    for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
    const res = await sandbox.fetch(url.toString(), {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { 'x-token': options.token } : {}),
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const text = await res.text();
    return { status: res.status, body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>), headers: res.headers };
  };
  return {
    sandbox,
    call,
    async login(username, password = 'sandbox') {
      const res = await call('POST', 'auth', { body: { username, password } });
      if (res.status !== 200 || typeof res.body.token !== 'string') throw new Error(`login ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.token;
    },
    close: () => sandbox.close(),
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
