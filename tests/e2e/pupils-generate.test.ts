import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedInSandbox, type SandboxProcess } from '../helpers/sandbox-process.js';

// `edshed pupils generate` through the built CLI: the initial passwords go to a 0600 CSV file
// and nowhere else, and they are the ones the new pupils sign in with.
let sandbox: SandboxProcess;
const json = (text: unknown) => JSON.parse(String(text)) as Record<string, unknown>;
const GENERATE = 'users/me/school/pupils/generate';

async function generateWrites(): Promise<number> {
  const writes = json((await sandbox.edshed(['api', 'GET', '__sandbox/writes'])).stdout).writes as {
    target: string;
    count: number;
  }[];
  return writes.find((w) => w.target === GENERATE)?.count ?? 0;
}

/** The rows of a CSV without quoted commas (generated names have none). */
function csvRows(text: string): Record<string, string>[] {
  const [header = '', ...lines] = text.trimEnd().split('\n');
  const columns = header.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((cell, i) => [columns[i] ?? '', cell])));
}

async function signsIn(username: string, password: string): Promise<boolean> {
  const result = await sandbox.edshed([
    'api',
    'POST',
    'auth',
    '-F',
    `username=${username}`,
    '-F',
    `password=${password}`,
  ]);
  return result.exitCode === 0 && (json(result.stdout).user as { username: string }).username === username;
}

beforeAll(async () => {
  sandbox = await startSignedInSandbox('superuser');
});
afterAll(async () => {
  expect((await sandbox.stop()).exitCode).toBe(0);
});

describe('edshed pupils generate', { timeout: 60_000 }, () => {
  it('writes usernames and passwords to a 0600 CSV only, and the new pupils sign in with them', async () => {
    const dir = join(sandbox.dir, 'out');
    mkdirSync(dir);
    const file = join(dir, 'f.csv');
    const result = await sandbox.edshed(['pupils', 'generate', '--amount', '3', '--school', '1', '--out', file]);
    expect(result.exitCode, String(result.stderr)).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['f.csv']);
    const rows = csvRows(readFileSync(file, 'utf8'));
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row.password).toMatch(/^\w{4,}$/);

    const stdout = String(result.stdout);
    expect(stdout).not.toMatch(/password/i);
    for (const row of rows) {
      expect(stdout).toContain(row.username);
      expect(stdout).not.toContain(row.password);
      expect(String(result.stderr)).not.toContain(row.password);
    }
    const audit = await sandbox.edshed(['audit', '--json']);
    expect(audit.stdout).toContain(GENERATE);
    for (const row of rows) expect(audit.stdout).not.toContain(row.password);

    const first = rows[0] as Record<string, string>;
    expect(await signsIn(first.username as string, `${first.password}x`)).toBe(false);
    for (const row of rows) expect(await signsIn(row.username as string, row.password as string)).toBe(true);
  });

  it('refuses a superuser who names no school with exit 1 (it took a read of users/me to know), before any write', async () => {
    const before = await generateWrites();
    const result = await sandbox.edshed(['pupils', 'generate', '--amount', '3']);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toBe(
      'edshed: --school: superuser is a superuser, who names the school to generate pupils in: --school ID (read GET users/me); nothing was written',
    );
    const noGroup = await sandbox.edshed(['pupils', 'generate', '--amount', '3', '--school', '1', '--group', '999999']);
    expect(noGroup.exitCode).toBe(1);
    expect(noGroup.stderr).toBe(
      'edshed: --group 999999: no such group (GET users/me/school/groups/999999 answered 404); nothing was written',
    );
    expect(await generateWrites()).toBe(before);
  });

  it('switches the school the superuser manages to --school for the call and back to the one before', async () => {
    const managed = async () =>
      (json((await sandbox.edshed(['api', 'GET', 'users/me'])).stdout).user as { school: { id: number } | null }).school
        ?.id ?? null;
    expect((await sandbox.edshed(['me', 'switch-school', '--school-id', '2'])).exitCode).toBe(0);
    expect(await managed()).toBe(2);
    const result = await sandbox.edshed(['pupils', 'generate', '--amount', '1', '--school', '1', '--json']);
    expect(result.exitCode, String(result.stderr)).toBe(0);
    expect((json(result.stdout).pupils as { school_id: number }[])[0]?.school_id).toBe(1);
    expect(result.stderr).toMatch(/Switched the school you manage to Oakfield Primary School \(school 1\) for now\.\n/);
    expect(result.stderr).toMatch(/Switched the school you manage back to .*\(school 2\)\./);
    expect(await managed()).toBe(2);
  });

  it('shows no passwords without --out, says how to get them, and a rerun with the same key saves them without new pupils', async () => {
    const before = await generateWrites();
    const key = 'e2e-generate-replay';
    const shown = await sandbox.edshed([
      'pupils',
      'generate',
      '--amount',
      '2',
      '--school',
      '1',
      '--idempotency-key',
      key,
      '--json',
    ]);
    expect(shown.exitCode, String(shown.stderr)).toBe(0);
    expect(shown.stdout).not.toMatch(/password/i);
    expect(shown.stderr).toContain(`--idempotency-key ${key} --out FILE`);

    const file = join(sandbox.dir, 'replayed.csv');
    const saved = await sandbox.edshed([
      'pupils',
      'generate',
      '--amount',
      '2',
      '--school',
      '1',
      '--idempotency-key',
      key,
      '--out',
      file,
    ]);
    expect(saved.exitCode, String(saved.stderr)).toBe(0);
    const rows = csvRows(readFileSync(file, 'utf8'));
    const usernames = (json(shown.stdout).pupils as { username: string }[]).map((p) => p.username);
    expect(rows.map((r) => r.username)).toEqual(usernames);
    expect(await generateWrites()).toBe(before + 1);
    for (const row of rows) expect(await signsIn(row.username as string, row.password as string)).toBe(true);
  });
});
