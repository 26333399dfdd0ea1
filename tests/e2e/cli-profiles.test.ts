import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process.js';
import { leaks, SLOW, storedTokens, transcript, type Transcript } from '../helpers/transcript.js';

// Profiles: two profiles side by side as different users, a default one,
// removal only with --yes off a terminal, private files, and the config directory's environment variables.
let sandbox: SandboxProcess;
let t: Transcript;
const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);
const json = (text: string) => JSON.parse(text) as Record<string, unknown>;
const login = (profile: string, user: string, env: Readonly<Record<string, string>> = {}) =>
  t.edshed(['--profile', profile, 'login', '--api-url', sandbox.url, '-u', user, '--password-stdin'], {
    input: 'sandbox\n',
    env,
  });

beforeAll(async () => {
  sandbox = await startSandboxProcess(['--db', ':memory:']);
  t = transcript(sandbox);
});
afterAll(async () => {
  expect(leaks(t)).toEqual([]);
  expect((await sandbox.stop()).exitCode).toBe(0);
});

describe('profiles side by side', { timeout: SLOW }, () => {
  it('keeps two profiles signed in as different users, and lists both', async () => {
    expect((await login('a', 'teacher')).exitCode).toBe(0);
    expect((await login('b', 'admin')).exitCode).toBe(0);
    const listed = await t.edshed(['profiles', 'list', '--json']);
    expect(listed.exitCode).toBe(0);
    const rows = JSON.parse(listed.stdout) as { name: string; user: string | null; signed_in: boolean; api: string }[];
    expect(rows.filter((r) => r.name !== 'default')).toEqual([
      expect.objectContaining({ name: 'a', user: 'teacher', signed_in: true, api: sandbox.url }),
      expect.objectContaining({ name: 'b', user: 'admin', signed_in: true, api: sandbox.url }),
    ]);
    expect(json((await t.edshed(['--profile', 'a', 'whoami', '--json'])).stdout)).toMatchObject({
      username: 'teacher',
      profile: 'a',
    });
  });

  it('makes b the default with `profiles use b`: whoami shows b without --profile', async () => {
    const use = await t.edshed(['profiles', 'use', 'b']);
    expect(use.exitCode).toBe(0);
    expect(use.stderr).toMatch(/Default profile: b/);
    expect(json((await t.edshed(['whoami', '--json'])).stdout)).toMatchObject({ username: 'admin', profile: 'b' });
    const rows = JSON.parse((await t.edshed(['profiles', 'list', '--json'])).stdout) as {
      name: string;
      default: boolean;
    }[];
    expect(rows.filter((r) => r.default).map((r) => r.name)).toEqual(['b']);
    const unknown = await t.edshed(['profiles', 'use', 'nope']);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toMatch(/no profile "nope" \(profiles: a, b/);
  });

  it('names an unknown --profile (or EDSHED_PROFILE) and the profiles there are, exit 2, before any request', async () => {
    const cases: [string[], Record<string, string>][] = [
      [['--profile', 'nosuch', 'whoami'], {}],
      [['invoices', 'list', '--profile', 'nosuch', '--verbose'], {}],
      [['auth', 'status'], { EDSHED_PROFILE: 'nosuch' }],
      [['--profile', 'nosuch', 'invoices', 'list', '--api-url', sandbox.url, '--verbose'], {}],
    ];
    for (const [args, env] of cases) {
      const run = await t.edshed(args, { env });
      expect(run.exitCode, args.join(' ')).toBe(2);
      expect(run.stderr, args.join(' ')).toBe(
        'edshed: no profile "nosuch" (profiles: a, b); create it with `edshed --profile nosuch login ...`',
      );
      expect(run.stdout, args.join(' ')).toBe('');
    }
    // login creates the profile it names.
    expect((await login('c', 'teacher')).exitCode).toBe(0);
    expect(json((await t.edshed(['--profile', 'c', 'whoami', '--json'])).stdout)).toMatchObject({
      username: 'teacher',
      profile: 'c',
    });
    expect((await t.edshed(['profiles', 'remove', 'c', '--yes'])).exitCode).toBe(0);
  });

  it('refuses to remove a profile off a terminal without --yes (exit 2), and forgets it with --yes', async () => {
    const refused = await t.edshed(['profiles', 'remove', 'a']);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(/pass --yes/);
    expect(Object.keys(storedTokens(sandbox.env.EDSHED_CONFIG_DIR as string)).sort()).toEqual(['a', 'b']);
    const removed = await t.edshed(['profiles', 'remove', 'a', '--yes']);
    expect(removed.exitCode).toBe(0);
    expect(Object.keys(storedTokens(sandbox.env.EDSHED_CONFIG_DIR as string))).toEqual(['b']);
    const names = (JSON.parse((await t.edshed(['profiles', 'list', '--json'])).stdout) as { name: string }[]).map(
      (r) => r.name,
    );
    expect(names).not.toContain('a');
    expect(names).toContain('b');
  });

  it('keeps the config directory 0700 and config.json and credentials.json 0600', () => {
    const dir = sandbox.env.EDSHED_CONFIG_DIR as string;
    expect(mode(dir)).toBe('700');
    expect(mode(join(dir, 'config.json'))).toBe('600');
    expect(mode(join(dir, 'credentials.json'))).toBe('600');
  });

  it('uses $XDG_CONFIG_HOME/edshed without EDSHED_CONFIG_DIR, and EDSHED_CONFIG_DIR over it', async () => {
    const home = mkdtempSync(join(tmpdir(), 'edshed-xdg-'));
    const xdg = join(home, 'xdg');
    const env = { EDSHED_CONFIG_DIR: '', XDG_CONFIG_HOME: xdg, HOME: home };
    t.watchConfigDir(join(xdg, 'edshed'));
    expect((await login('x', 'teacher', env)).exitCode).toBe(0);
    expect(mode(join(xdg, 'edshed'))).toBe('700');
    expect(mode(join(xdg, 'edshed', 'config.json'))).toBe('600');
    expect(mode(join(xdg, 'edshed', 'credentials.json'))).toBe('600');
    expect(Object.keys(storedTokens(join(xdg, 'edshed')))).toEqual(['x']);
    expect(json((await t.edshed(['--profile', 'x', 'whoami', '--json'], { env })).stdout)).toMatchObject({
      username: 'teacher',
    });
    expect(Object.keys(storedTokens(sandbox.env.EDSHED_CONFIG_DIR as string))).toEqual(['b']);

    const explicit = join(home, 'explicit');
    t.watchConfigDir(explicit);
    expect((await login('y', 'admin', { ...env, EDSHED_CONFIG_DIR: explicit })).exitCode).toBe(0);
    expect(Object.keys(storedTokens(explicit))).toEqual(['y']);
    expect(Object.keys(storedTokens(join(xdg, 'edshed')))).toEqual(['x']);
    expect(mode(explicit)).toBe('700');
    expect(existsSync(join(home, '.config'))).toBe(false);
  });
});
