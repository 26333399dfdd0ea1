import { describe, expect, it } from 'vitest';
import { createClient } from '../../core/api/client.js';
import { run } from '../../cli/main.js';
import { scriptedPrompter } from '../../cli/prompt/prompter.js';
import { fakeFactory } from '../helpers/fake-factory.js';

// A password is never a flag of the table's commands (auth sign-up, reset-password,
// verify-password, login-school): asked on a terminal without echo, or read with --password-stdin; and no
// dry run prints one.

const client = createClient({ baseUrl: 'http://127.0.0.1:9/', token: 't' });
const SECRET = 'Correct-Horse-42';

describe('passwords of table commands', () => {
  it('asks a new password twice on a terminal, and the dry run shows it as ***', async () => {
    const prompter = scriptedPrompter([SECRET, SECRET]);
    const f = fakeFactory({ client, prompter, tty: true });
    expect(await run(['auth', 'reset-password', 'reset-token-1', '--dry-run'], f)).toBe(0);
    expect(prompter.asked).toEqual(['New password:', 'Again, to confirm:']);
    expect(f.out()).toContain('{"password":"***"}');
    expect(f.out() + f.err()).not.toContain(SECRET);
  });

  it('refuses two different answers, and sends nothing', async () => {
    const f = fakeFactory({ client, prompter: scriptedPrompter([SECRET, 'Correct-Horse-43']), tty: true });
    expect(await run(['auth', 'reset-password', 'reset-token-1', '--dry-run'], f)).toBe(2);
    expect(f.err()).toMatch(/The two passwords differ; nothing was sent/);
    expect(f.out()).toBe('');
  });

  it('asks a password that must match an existing one once (verify-password)', async () => {
    const prompter = scriptedPrompter([SECRET]);
    const f = fakeFactory({ client, prompter, tty: true });
    expect(await run(['auth', 'verify-password', '--dry-run'], f)).toBe(0);
    expect(prompter.asked).toEqual(['Password:']);
  });

  it('reads it from standard input with --password-stdin', async () => {
    const f = fakeFactory({ client, stdin: `${SECRET}\n` });
    expect(await run(['auth', 'sign-up', '--username', 'new.teacher', '--password-stdin', '--dry-run'], f)).toBe(0);
    expect(f.out()).toMatch(/"password":"\*\*\*"/);
    expect(f.out()).not.toContain(SECRET);
  });

  it('refuses --password VALUE (exit 2, nothing sent), and off a terminal without --password-stdin says how', async () => {
    for (const command of [
      ['auth', 'sign-up', '--username', 'x'],
      ['auth', 'reset-password', 'tok'],
      ['auth', 'verify-password'],
      ['auth', 'login-school', '--school-id', '1', '--school-username', 'x'],
    ]) {
      const flag = fakeFactory({ client });
      expect(await run([...command, '--password', SECRET, '--dry-run'], flag)).toBe(2);
      expect(flag.err()).toMatch(/--password: the password is never a flag/);
      expect(flag.out() + flag.err()).not.toContain(SECRET);
      const none = fakeFactory({ client });
      expect(await run([...command, '--dry-run'], none)).toBe(2);
      expect(none.err()).toMatch(/no terminal to ask for it on; give it with --password-stdin/);
    }
  });

  it('asks nothing for an optional password left out (teachers create), and takes one on standard input', async () => {
    const none = fakeFactory({ client, prompter: scriptedPrompter([]), tty: true });
    expect(
      await run(
        ['teachers', 'create', '--email', 'a@b.test', '--first-name', 'Ada', '--last-name', 'Lovelace', '--dry-run'],
        none,
      ),
    ).toBe(0);
    expect(none.out()).not.toMatch(/password/);
    const given = fakeFactory({ client, stdin: SECRET });
    expect(
      await run(
        [
          'teachers',
          'create',
          '--email',
          'a@b.test',
          '--first-name',
          'Ada',
          '--last-name',
          'Lovelace',
          '--password-stdin',
          '--dry-run',
        ],
        given,
      ),
    ).toBe(0);
    expect(given.out()).toMatch(/"password":"\*\*\*"/);
  });

  it('does not list --password <value> in --help, but --password-stdin', async () => {
    const f = fakeFactory({ client });
    await run(['auth', 'reset-password', '--help'], f);
    expect(f.out()).toMatch(/--password-stdin/);
    expect(f.out()).not.toMatch(/--password <value>/);
  });

  it("redacts every secret field in a raw call's dry run, body and query", async () => {
    const post = fakeFactory({ client });
    expect(
      await run(['api', 'POST', 'auth', '--field', 'username=bob', '--field', `password=${SECRET}`, '--dry-run'], post),
    ).toBe(0);
    expect(post.out()).toContain('{"username":"bob","password":"***"}');
    const get = fakeFactory({ client });
    expect(await run(['api', 'GET', 'accesstoken', '--field', `access_token=${SECRET}`, '--dry-run'], get)).toBe(0);
    expect(get.out()).toContain('access_token=***');
    expect(post.out() + get.out()).not.toContain(SECRET);
  });
});
