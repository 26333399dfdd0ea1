/**
 * `edshed login` keeps the signed-in user's roles' facts beside the token, so `schools show` sends all its
 * reads at once instead of asking `GET users/me` first; a role changed since the sign-in is met by the
 * view's refusal or the server's 403, after which it asks and shows what the role now allows.
 * Through the built binary against a sandbox process.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process.js';

let sandbox: SandboxProcess;
let credentials: string;
type Stored = Record<string, { token: string; caller?: Record<string, unknown> }>;
const file = () => JSON.parse(readFileSync(credentials, 'utf8')) as { profiles: Stored };
const stored = () => file().profiles;
/** The requests `--verbose` shows, as `GET users/me`. */
const sent = (stderr: unknown) =>
  [...String(stderr).matchAll(/^> (GET|POST|PUT|PATCH|DELETE) (\S+)/gm)].map(
    (m) => `${m[1]} ${new URL(m[2] as string).pathname.slice(1)}`,
  );

beforeAll(async () => {
  sandbox = await startSandboxProcess(['--db', ':memory:']);
  for (const [user, profile] of [
    ['superuser', 'default'],
    ['teacher', 'teacher'],
    ['pupil', 'pupil'],
  ] as const) {
    const login = await sandbox.edshed(
      ['--profile', profile, 'login', '--api-url', sandbox.url, '-u', user, '--password-stdin'],
      'sandbox\n',
    );
    expect(login.exitCode, String(login.stderr)).toBe(0);
    credentials = /token stored in (\S+)/.exec(String(login.stderr))?.[1] ?? '';
  }
});
afterAll(async () => {
  await sandbox?.stop();
});

describe('the caller as the sign-in found them', () => {
  it('is kept beside the token, with no secret but the token', () => {
    expect(stored().default?.caller).toEqual({
      superuser: true,
      employee: expect.any(Boolean),
      kind: expect.any(String),
      school: expect.toSatisfy((s) => s === null || typeof s === 'object'),
      districtId: null,
    });
    expect(stored().teacher?.caller).toMatchObject({
      superuser: false,
      kind: 'teacher',
      school: { id: 1, admin: false },
    });
    expect(JSON.stringify(stored())).not.toContain('sandbox"');
  });

  it('lets schools show send its reads at once, without GET users/me', async () => {
    const shown = await sandbox.edshed(['schools', 'show', '1', '--json', '--verbose']);
    expect(shown.exitCode, String(shown.stderr)).toBe(0);
    expect(sent(shown.stderr)).not.toContain('GET users/me');
    expect(sent(shown.stderr)).toContain('GET schools/1');
    expect((JSON.parse(String(shown.stdout)) as { not_shown: unknown[] }).not_shown).toEqual([]);
  });

  it('asks GET users/me when the server refuses the role kept (a superuser since demoted), and shows what the role allows', async () => {
    const all = stored();
    const teacher = all.teacher as { caller: Record<string, unknown> };
    writeFileSync(
      credentials,
      JSON.stringify({
        ...file(),
        profiles: { ...all, teacher: { ...teacher, caller: { ...teacher.caller, superuser: true } } },
      }),
      { mode: 0o600 },
    );
    const shown = await sandbox.edshed(['--profile', 'teacher', 'schools', 'show', '1', '--json', '--verbose']);
    expect(shown.exitCode, String(shown.stderr)).toBe(0);
    expect(String(shown.stderr)).toMatch(/^< 403 /m);
    expect(sent(shown.stderr)).toContain('GET users/me');
    expect(JSON.parse(String(shown.stdout))).toMatchObject({
      school: { id: 1 },
      subscriptions: null,
      open_invoices: null,
    });
  });

  it('asks GET users/me before refusing a role kept that may not read the school (a pupil), and sends nothing it may not', async () => {
    const pupil = await sandbox.edshed(['--profile', 'pupil', 'schools', 'show', '1', '--verbose']);
    expect(pupil.exitCode).toBe(4);
    expect(sent(pupil.stderr)).toEqual(['GET users/me']);
  });
});
