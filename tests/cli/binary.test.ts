import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sendJson, startHttpTestServer, type HttpTestServer } from '../helpers/http-test-server.js';
import { isolatedEnv } from '../helpers/isolated-env.js';
import { scalarOf } from '../sandbox/helpers/sql.js';

// Black-box tests of the built binary (npm test builds before vitest runs).
const bin = fileURLToPath(new URL('../../bin/edshed.cjs', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
let server: HttpTestServer;
let configDir: string;
let dir: string;

const edshed = (args: string[], options: { input?: string; env?: Record<string, string> } = {}) =>
  execa(process.execPath, [bin, ...args], {
    reject: false,
    input: options.input ?? '',
    env: { ...isolatedEnv(dir), ...options.env },
  });

beforeAll(async () => {
  server = await startHttpTestServer((req, res) => {
    if (req.url.startsWith('/auth'))
      return sendJson(res, 200, { user: { id: 1, username: 'superuser' }, token: 'tok_SECRET_123' });
    if (req.url.startsWith('/missing')) return sendJson(res, 404, { error: 'Not found', message: 'No invoice 99' });
    if (req.headers['x-token'] !== 'tok_SECRET_123')
      return sendJson(res, 401, { error: 'Unauthorised', message: 'Sign in first' });
    if (req.url.startsWith('/users/me')) return sendJson(res, 200, { user: { id: 1, username: 'superuser' } });
    sendJson(res, 200, {
      invoices: [{ id: 12, status: 'open', token: 'tok_SECRET_123' }],
      echo: { method: req.method, url: req.url, body: req.body.toString() },
    });
  });
});
afterAll(() => server.close());
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'edshed-cli-'));
  configDir = join(dir, 'config');
});

describe('edshed binary', () => {
  it('prints the Node and the SQLite it runs on with --version --verbose, one line each', async () => {
    // The driver the sandbox loads on this Node (13 from Node 22, 12 on Node 20), read here apart.
    const major = Number(process.versions.node.split('.')[0]);
    const driverDir = major >= 22 ? 'better-sqlite3-13' : 'better-sqlite3';
    const driver = JSON.parse(
      readFileSync(new URL(`../../node_modules/${driverDir}/package.json`, import.meta.url), 'utf8'),
    ) as { version: string };
    expect(driver.version.split('.')[0]).toBe(major >= 22 ? '13' : '12');
    const { Database } = await import('../../sandbox/db/driver.js');
    const db = new Database(':memory:');
    const sqlite = scalarOf<string>(db, 'SELECT sqlite_version()');
    db.close();
    for (const args of [
      ['--version', '--verbose'],
      ['--verbose', '-V'],
    ]) {
      const result = await edshed(args);
      expect(result.exitCode, result.stderr).toBe(0);
      expect(result.stdout.split('\n')).toEqual([
        `edshed ${pkg.version}`,
        `Node.js ${process.version}`,
        `SQLite ${sqlite} (better-sqlite3 ${driver.version})`,
      ]);
    }
    expect(sqlite).toMatch(/^3\.\d+\.\d+$/);
  });

  it('prints its version and help, and exits 2 on an unknown command', async () => {
    expect((await edshed(['--version'])).stdout).toBe(pkg.version);
    const help = await edshed(['--help']);
    expect(help.exitCode).toBe(0);
    expect(help.stdout).toMatch(/invoices\s/);
    expect(help.stdout).toMatch(/Exit codes/);
    const sub = await edshed(['invoices', 'mark-paid', '--help']);
    expect(sub.stdout).toMatch(/Usage: edshed invoices mark-paid \[options\] <id>/);
    expect(sub.stdout).toMatch(/--method <value> +method: one of bacs, card, cheque/);
    expect(sub.stdout).toMatch(/Calls POST superuser\/invoices\/\{id\}\/paid \(role: superuser\)/);
    expect((await edshed([])).exitCode).toBe(2);
    const noVerb = await edshed(['invoices']);
    expect(noVerb.exitCode).toBe(2);
    expect(noVerb.stderr).toMatch(/mark-paid \[options\] <id> +Mark an invoice paid/);
    // A reader that stops early is not an error: no EPIPE stack trace, exit 0.
    const piped = await execa('bash', ['-c', `set -o pipefail; "${process.execPath}" "${bin}" --help | head -1`], {
      reject: false,
    });
    expect(piped.exitCode).toBe(0);
    expect(piped.stderr).toBe('');
    // A reader gone before the message on stderr: the command's own exit code (2 here), not a crash's 1.
    const gone = await execa(
      'bash',
      ['-c', `set -o pipefail; "${process.execPath}" "${bin}" invoices list --take 0 2>&1 | true`],
      { reject: false, env: isolatedEnv(dir) },
    );
    expect(gone.exitCode).toBe(2);
    const bad = await edshed(['invoices', 'mark-payd']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/mark-paid/);
  });

  it("prints every error line as `edshed: ...`, commander's own usage errors (exit 2) as ours", async () => {
    const cases: [string[], number, string][] = [
      [['invoices', 'list', '--bogus'], 2, "edshed: unknown option '--bogus'"],
      [['--bogus'], 2, "edshed: unknown option '--bogus'"],
      [['invoicez'], 2, "edshed: unknown command 'invoicez'"],
      [['invoices', 'mark-paid'], 2, "edshed: missing required argument 'id'"],
      [['schools', 'list', 'extra'], 2, "edshed: too many arguments for 'list'"],
      [['whoami', '--nope'], 2, "edshed: unknown option '--nope'"],
      [['invoices', 'mark-paid', '12', '--method', 'bacs', '--date', '2026-11-02'], 2, 'edshed: No API to talk to'],
      [['api', 'GET', 'missing', '--api-url', server.url, '--token', 'tok_SECRET_123'], 1, 'edshed: '],
    ];
    for (const [args, code, line] of cases) {
      const run = await edshed(args);
      expect(run.exitCode, args.join(' ')).toBe(code);
      expect(run.stderr.split('\n')[0], args.join(' ')).toContain(line);
      expect(run.stderr.split('\n')[0], args.join(' ')).toMatch(/^edshed: /);
      expect(run.stderr, args.join(' ')).not.toMatch(/^error: /m);
    }
  });

  it('lists at least 777 endpoints as JSON with the documented fields', async () => {
    const result = await edshed(['endpoints', '--json']);
    const rows = JSON.parse(result.stdout) as Record<string, string>[];
    expect(rows.length).toBeGreaterThanOrEqual(777);
    expect(rows.find((r) => r.command === 'invoices mark-paid')).toEqual({
      name: 'invoices.markPaid',
      method: 'POST',
      path: 'superuser/invoices/{id}/paid',
      area: 'superuser-billing',
      role: 'superuser',
      command: 'invoices mark-paid',
    });
    const filtered = await edshed(['endpoints', '--area', 'vat', '--fields', 'command']);
    expect(filtered.stdout.trim().split('\n').slice(1).sort()).toEqual([
      'schools set-vat-countries',
      'vat-numbers validate',
    ]);
  });

  it('refuses bad input with exit 2, naming the field, and sends nothing', async () => {
    const before = server.requests.length;
    const result = await edshed([
      'invoices',
      'mark-paid',
      '12',
      '--method',
      'bacs',
      '--date',
      'soon',
      '--api-url',
      server.url,
      '--token',
      'x',
    ]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/date: expected an ISO 8601 date/);
    const notADay = await edshed([
      'invoices',
      'mark-paid',
      '12',
      '--method',
      'bacs',
      '--date',
      '2026-02-30',
      '--api-url',
      server.url,
      '--token',
      'x',
    ]);
    expect(notADay.exitCode).toBe(2);
    expect(notADay.stderr).toMatch(/date: expected an ISO 8601 date .*2026-02-30 is not a day of the calendar/);
    const tooMany = await edshed(['invoices', 'list', '--take', '5000', '--api-url', server.url, '--token', 'x']);
    expect(tooMany.exitCode).toBe(2);
    expect(tooMany.stderr).toMatch(/take: expected a whole number from 1 to 1000/);
    const noUrl = await edshed(['invoices', 'mark-paid', '12', '--method', 'bacs', '--date', '2026-11-02']);
    expect(noUrl.exitCode).toBe(2);
    expect(noUrl.stderr).toMatch(/No API to talk to/);
    const destructive = await edshed(['subscriptions', 'delete', '5', '--api-url', server.url, '--token', 'x']);
    expect(destructive.exitCode).toBe(2);
    expect(destructive.stderr).toMatch(/Delete subscription 5: pass --yes/);
    expect(server.requests.length).toBe(before);
  });

  it('sends a generated command with path params, typed flags and an idempotency key', async () => {
    const result = await edshed([
      'invoices',
      'mark-paid',
      '12',
      '--method',
      'bacs',
      '--date',
      '2026-11-02',
      '--json',
      '--api-url',
      server.url,
      '--token',
      'tok_SECRET_123',
    ]);
    expect(result.exitCode).toBe(0);
    const last = server.requests.at(-1);
    expect(last?.method).toBe('POST');
    expect(last?.url).toBe('/superuser/invoices/12/paid');
    expect(JSON.parse(last?.body.toString() ?? '')).toEqual({ method: 'bacs', date: '2026-11-02' });
    expect(last?.headers['idempotency-key']).toMatch(/^edshed-cli-/);
    expect(last?.headers['x-client-type']).toBe('edshed-cli');
    expect(JSON.parse(result.stdout).invoices[0].token).toBe('***');
  });

  it("writes its audit log into the test's own state directory, never the real home", async () => {
    const env = isolatedEnv(dir);
    expect(env.HOME?.startsWith(tmpdir())).toBe(true);
    const sent = await edshed([
      'invoices',
      'mark-paid',
      '12',
      '--method',
      'bacs',
      '--date',
      '2026-11-02',
      '--api-url',
      server.url,
      '--token',
      'tok_SECRET_123',
    ]);
    expect(sent.exitCode).toBe(0);
    const audit = join(env.EDSHED_STATE_DIR as string, 'audit.jsonl');
    expect(audit.startsWith(dir)).toBe(true);
    expect(readFileSync(audit, 'utf8')).toMatch(/"path":"superuser\/invoices\/12\/paid"/);
    expect(existsSync(join(env.HOME as string, '.local'))).toBe(false);
  });

  it('says the sandbox is not running, and how to start it, when its address refuses the connection (exit 1)', async () => {
    const closed = await startHttpTestServer((_req, res) => sendJson(res, 200, {}));
    const url = closed.url;
    await closed.close();
    const sandbox = await edshed(['invoices', 'list', '--env', 'sandbox', '--token', 't'], {
      env: { EDSHED_SANDBOX_URL: url },
    });
    expect(sandbox.exitCode).toBe(1);
    expect(sandbox.stderr).toMatch(/ECONNREFUSED/);
    const port = new URL(url).port;
    // EDSHED_SANDBOX_URL moved the sandbox to this port: it is started there (README: npm start -- --port 8790).
    expect(sandbox.stderr).toContain(
      `The sandbox is not running at ${url}: start it with \`npm start -- --port ${port}\` in the toolkit's directory, or \`edshed sandbox start --port ${port}\` in another terminal.`,
    );
    const other = await edshed(['invoices', 'list', '--api-url', url, '--token', 't']);
    expect(other.exitCode).toBe(1);
    expect(other.stderr).toContain(
      `Nothing listens at ${url}. If it is a sandbox, start it with \`edshed sandbox start --port ${port}\`.`,
    );
  });

  it('makes raw calls with edshed api, mapping failures to exit codes on stderr', async () => {
    const ok = await edshed([
      'api',
      'GET',
      'schoolsubscriptions',
      '--field',
      'take=5',
      '--api-url',
      server.url,
      '--token',
      'tok_SECRET_123',
    ]);
    expect(ok.exitCode).toBe(0);
    expect(JSON.parse(ok.stdout).echo.url).toBe('/schoolsubscriptions?take=5');
    const missing = await edshed(['api', 'GET', 'missing', '--api-url', server.url, '--token', 'tok_SECRET_123']);
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toMatch(/Not found: No invoice 99 \(status 404/);
    expect(missing.stdout).toBe('');
    const unauthorised = await edshed(['api', 'GET', 'schools', '--api-url', server.url]);
    expect(unauthorised.exitCode).toBe(4);
    expect(unauthorised.stderr).toMatch(/edshed login/);
    const badMethod = await edshed(['api', 'FETCH', 'schools', '--api-url', server.url]);
    expect(badMethod.exitCode).toBe(2);
  });

  it('signs in, keeps the token only in a 0600 credentials file, and never prints it', async () => {
    const login = await edshed(['auth', 'login', '--api-url', server.url, '-u', 'superuser', '--password-stdin'], {
      input: 'sandbox\n',
    });
    expect(login.exitCode).toBe(0);
    expect(`${login.stdout}${login.stderr}`).not.toContain('tok_SECRET_123');
    const credentials = join(configDir, 'credentials.json');
    expect(statSync(credentials).mode & 0o777).toBe(0o600);
    expect(readFileSync(credentials, 'utf8')).toContain('tok_SECRET_123');
    const status = await edshed(['auth', 'status', '--json']);
    expect(JSON.parse(status.stdout)).toMatchObject({ profile: 'default', account: 'superuser', api: server.url });
    const verbose = await edshed(['--verbose', 'api', 'GET', 'users/me']);
    expect(verbose.exitCode).toBe(0);
    expect(verbose.stderr).toMatch(/> GET .*users\/me/);
    expect(verbose.stderr).toMatch(/x-token: \*\*\*/);
    expect(`${verbose.stdout}${verbose.stderr}`).not.toContain('tok_SECRET_123');
  });
});

// A checkout not built yet (or built before the launcher became CommonJS): a way out, not Node's stack.
it('says how to build the CLI when its build is missing, exit 1', async () => {
  const checkout = mkdtempSync(join(tmpdir(), 'edshed-unbuilt-'));
  mkdirSync(join(checkout, 'bin'));
  copyFileSync(bin, join(checkout, 'bin', 'edshed.cjs'));
  const run = await execa(process.execPath, [join(checkout, 'bin', 'edshed.cjs'), '--version'], {
    reject: false,
    env: isolatedEnv(checkout),
  });
  expect(run.exitCode).toBe(1);
  expect(run.stderr).toBe(
    `edshed: the CLI is not built (no dist/cli/compile-cache.cjs): run \`npm install\` (or \`npm run build\`) in ${checkout}`,
  );
  expect(run.stdout).toBe('');
});
