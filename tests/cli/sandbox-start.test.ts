/** `edshed sandbox start` as a subprocess of the built binary (npm test builds before running vitest). */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type AddressInfo } from 'node:net';
import { execa, type ResultPromise } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../sandbox/db/database.js';
import { Database } from '../../sandbox/db/driver.js';
import { isolatedEnv } from '../helpers/isolated-env.js';
import { allValues, oneValue, run } from '../../sandbox/kit/sql.js';

const BIN = fileURLToPath(new URL('../../bin/edshed.cjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'edshed-start-'));
const env = isolatedEnv(dir);

function start(args: readonly string[]): ResultPromise<{ reject: false; env: typeof env }> {
  return execa(process.execPath, [BIN, 'sandbox', 'start', ...args], { reject: false, env });
}

/** Resolves with the URL the sandbox prints once it listens. */
function urlOf(child: ResultPromise<{ reject: false; env: typeof env }>): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const m = /listening at (http:\/\/\S+\/)/.exec(seen);
      if (m?.[1]) resolve(m[1]);
    });
    void child.then((result) => reject(new Error(`sandbox exited early (${result.exitCode}): ${seen}`)));
  });
}

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('edshed sandbox start', () => {
  it('serves on the port it prints, then shuts down cleanly on SIGTERM leaving an intact database', async () => {
    const file = join(dir, 'sandbox.db');
    const child = start(['--port', '0', '--db', file]);
    const url = await urlOf(child);
    const login = await fetch(`${url}auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'superuser', password: 'sandbox' }),
    });
    const { token } = (await login.json()) as { token: string };
    const created = await fetch(`${url}users/me/lists`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-token': token },
      body: JSON.stringify({ title: 'kept' }),
    });
    expect(created.status).toBe(201);
    child.kill('SIGTERM');
    const result = await child;
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain('Accounts (password "sandbox")');
    expect(result.stderr).toContain('Sandbox stopped; database closed');
    expect(existsSync(`${file}-wal`)).toBe(false);
    const db = openDatabase(file);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(oneValue(db, "SELECT COUNT(*) FROM records WHERE json_extract(data, '$.title') = 'kept'")).toBe(1);
    db.close();
  });

  it('with --log writes one JSON line per request as it arrives and as it is answered, on stdout', async () => {
    const child = start(['--port', '0', '--db', ':memory:', '--log']);
    const url = await urlOf(child);
    expect((await fetch(`${url}__sandbox/status`)).status).toBe(200);
    expect((await fetch(`${url}no/such/route`)).status).toBe(404);
    child.kill('SIGTERM');
    const result = await child;
    expect(result.exitCode).toBe(0);
    const lines = String(result.stdout)
      .trim()
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as { reqId: string; msg: string; req?: { url: string }; res?: { statusCode: number } },
      );
    const arrived = lines.filter((line) => line.msg === 'incoming request');
    expect(arrived.map((line) => line.req?.url)).toEqual(['/__sandbox/status', '/no/such/route']);
    const answered = lines.filter((line) => line.msg === 'request completed');
    expect(answered.map((line) => [line.reqId, line.res?.statusCode])).toEqual([
      [arrived[0]?.reqId, 200],
      [arrived[1]?.reqId, 404],
    ]);
  });

  it('keeps the data of an existing database and warns for a non-loopback host', async () => {
    const child = start(['--port', '0', '--host', '0.0.0.0', '--db', join(dir, 'sandbox.db')]);
    const url = await urlOf(child);
    expect((await fetch(`${url}__sandbox/status`)).status).toBe(200);
    child.kill('SIGINT');
    const result = await child;
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain('Warning: listening on 0.0.0.0');
    expect(result.stderr).toContain('existing data kept');
  });

  it('refuses a bad fault spec before starting, naming the bad part', async () => {
    const result = await start(['--port', '0', '--db', ':memory:', '--faults', '500=0.1,latency=slow']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('latency=slow');
  });

  it('answers the origins given with --cors-origin, and refuses one that is not an origin before starting', async () => {
    const bad = await start(['--port', '0', '--db', ':memory:', '--cors-origin', 'localhost:3000/app']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('--cors-origin must be an origin');
    const child = start([
      '--port',
      '0',
      '--db',
      ':memory:',
      '--cors-origin',
      'http://localhost:3000',
      '--cors-origin',
      'https://rehearsal.example',
    ]);
    const url = await urlOf(child);
    for (const origin of ['http://localhost:3000', 'https://rehearsal.example', 'http://localhost:5173']) {
      const res = await fetch(`${url}schools/existence`, { method: 'OPTIONS', headers: { origin } });
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
    }
    const other = await fetch(`${url}schools/existence`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:3001' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    child.kill('SIGTERM');
    expect((await child).exitCode).toBe(0);
  });

  it("refuses, before opening it, a --db that is empty, a folder, not SQLite or another program's database", async () => {
    const notes = join(dir, 'notes.txt');
    writeFileSync(notes, 'not a database\n');
    const app = join(dir, 'app.db');
    const other = new Database(app);
    other.exec('CREATE TABLE orders (id INTEGER PRIMARY KEY); INSERT INTO orders VALUES (7)');
    other.close();
    const cases: [string[], RegExp][] = [
      [['--db', ''], /--db : give a file, or :memory:/],
      [['--db', dir], /is a folder/],
      [['--db', notes], /notes\.txt: is not a SQLite database/],
      [['--db', app], /app\.db: is another program's database \(1 table/],
      [['--db', app, '--reset'], /app\.db: is another program's database/],
    ];
    for (const [args, message] of cases) {
      const result = await start(['--port', '0', ...args]);
      expect(result.exitCode, `${args.join(' ')}: ${result.stderr}`).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.stderr).not.toContain('listening');
    }
    expect(readFileSync(notes, 'utf8')).toBe('not a database\n');
    const kept = new Database(app, { readonly: true });
    expect(allValues(kept, "SELECT name FROM sqlite_master WHERE type = 'table'")).toEqual(['orders']);
    kept.close();
  });

  it('refuses an empty --host (every address of the machine) and names a --host it cannot look up', async () => {
    const empty = await start(['--port', '0', '--db', ':memory:', '--host', '']);
    expect(empty.exitCode).toBe(2);
    expect(empty.stderr).toContain('--host: give an address to bind');
    expect(empty.stderr).not.toContain('listening');
    const typo = await start(['--port', '0', '--db', ':memory:', '--host', 'no-such-host.invalid']);
    expect(typo.exitCode).toBe(1);
    expect(typo.stderr).toContain('no-such-host.invalid is no host name this machine can look up');
    expect(typo.stderr).not.toContain('getaddrinfo');
  });

  it('lists only the seeded accounts the database holds (a copy of production has the superuser alone)', async () => {
    const file = join(dir, 'copy-like.db');
    const first = start(['--port', '0', '--db', file]);
    await urlOf(first);
    first.kill('SIGTERM');
    expect((await first).exitCode).toBe(0);
    const db = openDatabase(file);
    run(db, "UPDATE users SET deleted_at = '2026-01-01T00:00:00Z' WHERE username <> 'superuser'");
    db.close();
    const child = start(['--port', '0', '--db', file]);
    await urlOf(child);
    child.kill('SIGTERM');
    const result = await child;
    expect(result.exitCode).toBe(0);
    const listed = /Accounts \(password "sandbox"\):\n((?: {2}.*\n)*)/.exec(String(result.stderr))?.[1] ?? '';
    expect(listed.trimEnd().split('\n')).toEqual(['  superuser  superuser']);
  });

  it('refuses a port in use with a clear message, before --reset touches the database', async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = (busy.address() as AddressInfo).port;
    try {
      const result = await start(['--port', String(port), '--db', join(dir, 'sandbox.db'), '--reset']);
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toContain(`Port ${port} on 127.0.0.1 is in use`);
      expect(result.stderr).not.toMatch(/TypeError|at .*\.js/);
      const db = openDatabase(join(dir, 'sandbox.db'));
      expect(oneValue(db, "SELECT COUNT(*) FROM records WHERE json_extract(data, '$.title') = 'kept'")).toBe(1);
      db.close();
    } finally {
      await new Promise((resolve) => busy.close(resolve));
    }
  });
});
