import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpTestServer, type HttpTestServer } from '../helpers/http-test-server.js';
import { BIN } from '../helpers/sandbox-process.js';
import { auditLines } from '../helpers/transcript.js';

// A server that accepts a request and never answers must not hang the CLI: the command has a time
// limit for the API, retries and their waits included (30 s by default; --timeout SECONDS,
// EDSHED_TIMEOUT), and a write that timed out is of unknown outcome in the audit log.

let silent: HttpTestServer;
let dir: string;

const edshed = (args: readonly string[], env: Readonly<Record<string, string>> = {}) =>
  execa(process.execPath, [BIN, ...args], {
    reject: false,
    input: '',
    // The test's own limit: a CLI that ignored its timeout would hang here, and fail, not pass.
    timeout: 20_000,
    env: {
      EDSHED_CONFIG_DIR: join(dir, 'config'),
      XDG_STATE_HOME: join(dir, 'state'),
      EDSHED_API_URL: silent.url,
      EDSHED_TOKEN: 'tok',
      EDSHED_TIMEOUT: '',
      NO_COLOR: '1',
      ...env,
    },
  });

beforeAll(async () => {
  // Accepts each request, reads it, and never answers.
  silent = await startHttpTestServer(() => undefined);
  dir = mkdtempSync(join(tmpdir(), 'edshed-timeout-'));
});
afterAll(() => silent.close());

describe('request timeout', () => {
  it('--timeout: a read gives up with exit 1 naming the limit', async () => {
    const result = await edshed(['api', 'GET', 'users/me', '--timeout', '0.5']);
    expect(result.timedOut).toBe(false);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/No answer within 0\.5 s/);
  });

  it('EDSHED_TIMEOUT: a write that timed out is of unknown outcome (exit 1, audit log)', async () => {
    const before = silent.requests.length;
    const result = await edshed(['invoices', 'mark-paid', '6', '--method', 'bacs', '--date', '2026-11-02'], {
      EDSHED_TIMEOUT: '0.5',
    });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/No answer within 0\.5 s: the outcome is unknown/);
    expect(silent.requests.length - before).toBeGreaterThanOrEqual(1);
    expect(auditLines(join(dir, 'state')).at(-1)).toMatchObject({
      path: 'superuser/invoices/6/paid',
      outcome: 'unknown',
      status: null,
    });
  });

  it('refuses a timeout that is not a number of seconds (exit 2, nothing sent)', async () => {
    const before = silent.requests.length;
    const flag = await edshed(['api', 'GET', 'users/me', '--timeout', 'soon']);
    expect(flag.exitCode).toBe(2);
    expect(flag.stderr).toMatch(/--timeout: expected a number of seconds/);
    const variable = await edshed(['api', 'GET', 'users/me'], { EDSHED_TIMEOUT: '-3' });
    expect(variable.exitCode).toBe(2);
    expect(variable.stderr).toMatch(/EDSHED_TIMEOUT: expected a number of seconds/);
    expect(silent.requests.length).toBe(before);
  });

  it("is the command's budget, not each attempt's: a silent server gets one attempt, and the command ends near the budget", async () => {
    const before = silent.requests.length;
    const started = performance.now();
    const result = await edshed(['api', 'GET', 'users/me', '--timeout', '2']);
    const elapsed = performance.now() - started;
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/No answer within 2 s$/m);
    // A GET is retried 3 times: with a limit per attempt this was 4 requests and over 8 s.
    expect(silent.requests.length - before).toBe(1);
    expect(elapsed).toBeLessThan(6_000);
  });

  it('the retries share it: a dropped connection, then silence, ends saying how many attempts were made', async () => {
    let seen = 0;
    const flaky = await startHttpTestServer((_req, res) => {
      seen += 1;
      if (seen === 1) res.socket?.destroy();
    });
    try {
      const result = await edshed(['api', 'GET', 'users/me', '--timeout', '2'], { EDSHED_API_URL: flaky.url });
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toMatch(/No answer within 2 s \(2 attempts\)/);
      expect(flaky.requests.length).toBe(2);
    } finally {
      await flaky.close();
    }
  });

  it('is stated in --help and in edshed help environment: the whole command, retries included; per item with --from', async () => {
    const help = (await edshed(['invoices', 'mark-paid', '--help'])).stdout.replace(/\s+/g, ' ');
    expect(help).toMatch(
      /--timeout <seconds> longest the command waits for the API in all, retries and the waits between them included, in seconds \(default 30; 0: no limit\); with --from, each item's request \(and its retries\)/,
    );
    const environment = (await edshed(['help', 'environment'])).stdout.replace(/\s+/g, ' ');
    expect(environment).toMatch(
      /EDSHED_TIMEOUT as --timeout: longest the command waits for the API in all, retries and the waits between them included.*with --from, each item's request/,
    );
  });
});
