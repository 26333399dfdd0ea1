/**
 * What a copy of the sandbox's files gives away: the data directory is the user's alone (0700)
 * and the database with its WAL and shared-memory files 0600 whatever the umask, and sessions are kept
 * as SHA-256 hashes, so the file holds no usable token. Sessions open before the change stay open.
 */
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../sandbox/db/database.js';
import { createSandbox, type Sandbox } from '../../sandbox/server/server.js';
import { lookupSession } from '../../sandbox/server/session.js';
import { databaseBefore } from './helpers/database-before.js';
import { all, allValues, oneValue, run } from '../../sandbox/kit/sql.js';

const mode = (path: string): string => (statSync(path).mode & 0o777).toString(8);

describe('the sandbox’s files under umask 000', () => {
  const dirs: string[] = [];
  let sandbox: Sandbox | undefined;
  const saved = process.env.XDG_DATA_HOME;
  afterEach(async () => {
    await sandbox?.close();
    sandbox = undefined;
    if (saved === undefined) delete process.env.XDG_DATA_HOME;
    else process.env.XDG_DATA_HOME = saved;
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  function inUmask0<T>(work: () => T): T {
    const old = process.umask(0);
    try {
      return work();
    } finally {
      process.umask(old);
    }
  }

  async function signInAndWrite(s: Sandbox): Promise<string> {
    const res = await s.fetch('auth', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'teacher', password: 'sandbox' }),
    });
    return ((await res.json()) as { token: string }).token;
  }

  it('creates the data directory 0700 and the database, -wal and -shm 0600', async () => {
    const home = mkdtempSync(join(tmpdir(), 'edshed-modes-'));
    dirs.push(home);
    process.env.XDG_DATA_HOME = home;
    sandbox = inUmask0(() => createSandbox());
    await inUmask0(() => signInAndWrite(sandbox as Sandbox));
    const data = join(home, 'edshed');
    expect(mode(data)).toBe('700');
    for (const file of ['sandbox.db', 'sandbox.db-wal', 'sandbox.db-shm'])
      expect(mode(join(data, file)), file).toBe('600');
  });

  it('closes files an older version left open to others', async () => {
    const home = mkdtempSync(join(tmpdir(), 'edshed-modes-'));
    dirs.push(home);
    process.env.XDG_DATA_HOME = home;
    const data = join(home, 'edshed');
    mkdirSync(data);
    chmodSync(data, 0o777);
    writeFileSync(join(data, 'sandbox.db'), '');
    chmodSync(join(data, 'sandbox.db'), 0o644);
    sandbox = createSandbox();
    expect(mode(data)).toBe('700');
    expect(mode(join(data, 'sandbox.db'))).toBe('600');
  });

  it('keeps no session token in the database: only its SHA-256, and the session works', async () => {
    sandbox = createSandbox({ db: ':memory:' });
    const token = await signInAndWrite(sandbox);
    const stored = allValues<string>(sandbox.db, 'SELECT token_hash FROM tokens');
    expect(stored).not.toContain(token);
    expect(stored).toContain(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(all(sandbox.db, 'SELECT * FROM tokens'))).not.toContain(token);
    const me = await sandbox.fetch('users/me', { headers: { 'x-token': token } });
    expect(me.status).toBe(200);
  });
});

describe('migration 031', () => {
  it('hashes the tokens of open sessions in place, so they stay open', () => {
    const db = databaseBefore(31);
    run(
      db,
      "INSERT INTO schools (id, name, country, locale, account_region, created_at) VALUES (1, 'S', 'GB', 'en_GB', 'GB', 'x')",
    );
    run(
      db,
      "INSERT INTO users (id, username, password_hash, kind, school_id, created_at) VALUES (9, 'amy', 'x', 'teacher', 1, 'x')",
    );
    run(
      db,
      "INSERT INTO tokens (token, user_id, created_at, expires_at) VALUES ('clear-token', 9, 'x', '2099-01-01T00:00:00.000Z')",
    );
    migrate(db);
    expect(oneValue(db, 'SELECT token_hash FROM tokens')).toBe(
      createHash('sha256').update('clear-token').digest('hex'),
    );
    expect(lookupSession(db, 'clear-token', new Date())).toMatchObject({ id: 9, schoolId: 1 });
    db.close();
  });
});
