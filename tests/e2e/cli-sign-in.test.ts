import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process.js';
import { leaks, SLOW, storedTokens, transcript, type Transcript } from '../helpers/transcript.js';

// Sign-in: login and auth login, a refused password, whoami before and after,
// logout on the server and here. Every output is kept and checked for the session tokens at the end.
let sandbox: SandboxProcess;
let t: Transcript;
const WRONG = 'Wr0ng-Passw0rd-7731';
const json = (text: string) => JSON.parse(text) as Record<string, unknown>;
const tokens = () => storedTokens(sandbox.env.EDSHED_CONFIG_DIR as string);

beforeAll(async () => {
  sandbox = await startSandboxProcess(['--db', ':memory:']);
  t = transcript(sandbox);
  t.addSecret(WRONG);
});
afterAll(async () => {
  expect(leaks(t)).toEqual([]);
  expect((await sandbox.stop()).exitCode).toBe(0);
});

describe('signing in and out with the built CLI', { timeout: SLOW }, () => {
  it('says "not signed in; run edshed login" with exit 4 before any sign-in, with or without an API', async () => {
    for (const args of [['whoami'], ['whoami', '--json'], ['whoami', '--api-url', sandbox.url]]) {
      const run = await t.edshed(args);
      expect(run.exitCode, args.join(' ')).toBe(4);
      expect(run.stderr).toMatch(/not signed in \(profile default\); run edshed login/);
      expect(run.stdout).toBe('');
    }
  });

  it('whoami and auth status agree with no API chosen and nobody signed in: exit 4, saying how to name an API and sign in', async () => {
    for (const args of [['whoami'], ['auth', 'status'], ['auth', 'status', '--json']]) {
      const run = await t.edshed(args);
      expect(run.exitCode, args.join(' ')).toBe(4);
      expect(run.stderr, args.join(' ')).toContain(
        'edshed: not signed in (profile default); run edshed login, naming the API (none is chosen yet): edshed login --env NAME -u USER',
      );
      expect(run.stdout).toBe('');
    }
    // A token given (flag or EDSHED_TOKEN) but no API: both say the API is missing (exit 2), not "sign in".
    for (const args of [
      ['whoami', '--token', 'tok_GIVEN_1'],
      ['auth', 'status', '--token', 'tok_GIVEN_1'],
    ]) {
      const run = await t.edshed(args);
      expect(run.exitCode, args.join(' ')).toBe(2);
      expect(run.stderr, args.join(' ')).toContain('edshed: No API to talk to');
    }
    const byEnv = await t.edshed(['auth', 'status'], { env: { EDSHED_TOKEN: 'tok_GIVEN_2' } });
    expect(byEnv.exitCode).toBe(2);
    expect(byEnv.stderr).toContain('edshed: No API to talk to');
    // With an API chosen, auth status shows it (not signed in yet) and exits 4 as whoami does, which says only to sign in.
    const status = await t.edshed(['auth', 'status', '--api-url', sandbox.url, '--json']);
    expect(status.exitCode).toBe(4);
    expect(json(status.stdout)).toMatchObject({ api: sandbox.url, account: 'not signed in' });
    expect(status.stderr).toBe(`edshed: not signed in (profile default, ${sandbox.url}); run edshed login`);
    const whoami = await t.edshed(['whoami', '--api-url', sandbox.url]);
    expect(whoami.exitCode).toBe(4);
    expect(whoami.stderr).not.toContain('none is chosen');
  });

  it('refuses a wrong password with exit 4, saying to check it, and stores nothing', async () => {
    const run = await t.edshed(['login', '--api-url', sandbox.url, '-u', 'superuser', '--password-stdin'], {
      input: `${WRONG}\n`,
    });
    expect(run.exitCode).toBe(4);
    expect(run.stderr).toMatch(/Incorrect login details/);
    expect(run.stderr).toMatch(/Check the username and password \(\d+ attempts? left\)/);
    expect(tokens()).toEqual({});
    expect((await t.edshed(['whoami'])).exitCode).toBe(4);
  });

  it('answers --password with how to give the password, exit 2, never echoing it, and stores nothing', async () => {
    const run = await t.edshed([
      'login',
      '--api-url',
      sandbox.url,
      '-u',
      'superuser',
      '--password',
      'on-the-command-line-5521',
    ]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(
      /--password: the password is never a flag .*--password-stdin or EDSHED_PASSWORD; nothing was sent/,
    );
    expect(`${run.stdout}${run.stderr}`).not.toContain('on-the-command-line-5521');
    expect(tokens()).toEqual({});
  });

  it('signs in with `login` and whoami --json names the user, role, profile and API', async () => {
    const login = await t.edshed(['login', '--api-url', sandbox.url, '-u', 'superuser', '--password-stdin'], {
      input: 'sandbox\n',
    });
    expect(login.exitCode).toBe(0);
    expect(login.stderr).toMatch(/Signed in as superuser at .* \(profile default\)/);
    expect(Object.keys(tokens())).toEqual(['default']);
    const me = await t.edshed(['whoami', '--json']);
    expect(me.exitCode).toBe(0);
    expect(json(me.stdout)).toMatchObject({
      username: 'superuser',
      role: 'superuser',
      profile: 'default',
      api: sandbox.url,
    });
  });

  it('signs in with `auth login` under another profile; a school admin is named as role admin', async () => {
    const login = await t.edshed(
      ['--profile', 'school', 'auth', 'login', '-u', 'admin', '--api-url', sandbox.url, '--password-stdin'],
      { input: 'sandbox\n' },
    );
    expect(login.exitCode).toBe(0);
    const me = json((await t.edshed(['auth', 'whoami', '--json', '--profile', 'school'])).stdout);
    expect(me).toMatchObject({ username: 'admin', role: 'admin', profile: 'school', api: sandbox.url });
    expect(Object.keys(tokens()).sort()).toEqual(['default', 'school']);
  });

  it('logs out on the server: the old token gets exit 4, and the token is forgotten here', async () => {
    const old = tokens().default as string;
    const out = await t.edshed(['logout']);
    expect(out.exitCode).toBe(0);
    expect(out.stderr).toMatch(/Signed out of profile default: the session was ended on the server/);
    expect(tokens().default).toBeUndefined();
    expect(tokens().school).toBeDefined();
    const stale = await t.edshed(['whoami', '--token', old, '--api-url', sandbox.url]);
    expect(stale.exitCode).toBe(4);
    expect(stale.stderr).toMatch(/invalid or has expired/);
    const after = await t.edshed(['whoami']);
    expect(after.exitCode).toBe(4);
    expect(after.stderr).toMatch(/not signed in .*; run edshed login/);
  });

  it('auth status with a token the server refuses still shows the profile and API, then the refusal (exit 4)', async () => {
    const old = tokens().school as string;
    await t.edshed(['api', 'DELETE', 'auth', '--yes', '--profile', 'school']);
    const status = await t.edshed(['auth', 'status', '--json', '--profile', 'school']);
    expect(status.exitCode).toBe(4);
    expect(json(status.stdout)).toMatchObject({ profile: 'school', api: sandbox.url, account: 'token refused' });
    expect(status.stderr).toMatch(/invalid or has expired/);
    // Signed in again, so the next test ends a live session.
    const login = await t.edshed(['--profile', 'school', 'login', '-u', 'admin', '--password-stdin'], {
      input: 'sandbox\n',
    });
    expect(login.exitCode).toBe(0);
    expect(tokens().school).not.toBe(old);
  });

  it('ends the stored session where it was issued even when --api-url points elsewhere', async () => {
    const old = tokens().school as string;
    const out = await t.edshed(['--profile', 'school', 'logout', '--api-url', 'http://127.0.0.1:9/']);
    expect(out.exitCode).toBe(0);
    expect(out.stderr).toMatch(/Signed out of profile school: the session was ended on the server/);
    expect(tokens()).toEqual({});
    expect((await t.edshed(['whoami', '--token', old, '--api-url', sandbox.url])).exitCode).toBe(4);
  });

  it('says so when logging out of a profile that is not signed in', async () => {
    const again = await t.edshed(['logout']);
    expect(again.exitCode).toBe(0);
    expect(again.stderr).toMatch(/Profile default was not signed in/);
    const never = await t.edshed(['--profile', 'nobody', 'auth', 'logout']);
    expect(never.stderr).toMatch(/Profile nobody was not signed in/);
  });

  it('ends at Ctrl-C (SIGINT, 130 in a shell) while waiting for the password, and stores nothing', async () => {
    // Off a terminal nothing is ever asked; the one wait is for the password on standard input.
    const configDir = join(mkdtempSync(join(tmpdir(), 'edshed-sigint-')), 'config');
    const child = execa(
      process.execPath,
      [BIN, 'login', '--api-url', sandbox.url, '-u', 'superuser', '--password-stdin'],
      { reject: false, env: { ...sandbox.env, EDSHED_CONFIG_DIR: configDir } },
    );
    // The config directory is opened just before standard input is read.
    for (let i = 0; i < 200 && !existsSync(configDir); i += 1) await sleep(50);
    child.kill('SIGINT');
    const result = await child;
    expect(result.signal === 'SIGINT' || result.exitCode === 130).toBe(true);
    expect(storedTokens(configDir)).toEqual({});
  });
});
