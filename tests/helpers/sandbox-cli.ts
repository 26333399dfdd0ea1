import { afterAll, beforeAll } from 'vitest';
import { ApiClient } from '../../core/api/client.js';
import { BASE, testSandbox, type TestSandbox } from '../sandbox/helpers/sandbox.js';
import { fakeFactory, type FakeFactory } from './fake-factory.js';

/** The CLI run in-process against a sandbox: its factory, and every request sent (`GET path`). */
export interface SandboxCli {
  readonly f: FakeFactory;
  readonly sent: readonly string[];
}

/**
 * A seeded in-memory sandbox for the tests of the calling file (started before them, closed after),
 * with the CLI's factory wired to it as the superuser (or signed out), recording each request it sends.
 *
 * @example
 * const suite = sandboxCliSuite();
 * const { f, sent } = await suite.cli(); expect(await run(['invoices', 'show', '4'], f)).toBe(0);
 */
export function sandboxCliSuite(): {
  readonly sandbox: () => TestSandbox;
  cli(options?: { readonly signedIn?: boolean }): Promise<SandboxCli>;
} {
  let t: TestSandbox | undefined;
  let token: string | undefined;
  beforeAll(async () => {
    t = testSandbox({ now: () => new Date('2026-11-02T10:00:00Z') });
    token = await t.login('superuser');
  });
  afterAll(() => t?.close());
  const sandbox = () => {
    if (!t) throw new Error('the sandbox starts before the tests');
    return t;
  };
  return {
    sandbox,
    async cli(options = {}) {
      const sent: string[] = [];
      const signedIn = options.signedIn !== false && token !== undefined ? { token } : {};
      const client = new ApiClient().init({
        baseUrl: BASE,
        ...signedIn,
        fetch: sandbox().sandbox.fetch,
        retry: { retries: 0 },
        onRequest: (e) => void sent.push(`${e.method} ${new URL(e.url).pathname.slice(1)}`),
      });
      return { f: fakeFactory({ client }), sent };
    },
  };
}
