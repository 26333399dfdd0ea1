import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedInSandbox, type SandboxProcess } from '../helpers/sandbox-process.js';
import { privateTmux } from '../helpers/tmux.js';

// The built binary against a sandbox process: records named by what support staff are told, each key
// one request (counted from --verbose's request lines), unknown or ambiguous keys exit 2, nothing written.
let sandbox: SandboxProcess;
const tmux = privateTmux();
beforeAll(async () => {
  sandbox = await startSignedInSandbox();
});
afterAll(async () => {
  await tmux.close();
  await sandbox?.stop();
});

const writeCount = async () =>
  Number(
    (JSON.parse(String((await sandbox.edshed(['api', 'GET', '__sandbox/writes'])).stdout)) as { total: number }).total,
  );
/** The requests a --verbose run sent, as "METHOD path". */
const requests = (stderr: unknown) =>
  [...String(stderr).matchAll(/^> (GET|POST|PUT|PATCH|DELETE) https?:\/\/[^/]+\/([^?\s]*)/gm)].map(
    (m) => `${m[1]} ${m[2]}`,
  );

describe('natural keys through the built binary', () => {
  it('marks INV-000008 paid by its number: one lookup, then the write', async () => {
    const marked = await sandbox.edshed([
      'invoices',
      'mark-paid',
      'INV-000008',
      '--method',
      'bacs',
      '--date',
      '2026-09-01',
      '--verbose',
    ]);
    expect(marked.exitCode).toBe(0);
    expect(requests(marked.stderr)).toEqual(['GET subscriptions/invoices', 'POST superuser/invoices/8/paid']);
  });

  it('refuses unknown keys of each record with exit 2 after one lookup, and nothing is written', async () => {
    const before = await writeCount();
    const cases: [string[], RegExp][] = [
      [
        ['invoices', 'mark-paid', 'INV-999999', '--method', 'bacs', '--date', '2026-09-01'],
        /no invoice numbered INV-999999/,
      ],
      [['users', 'forget-devices', 'nobody@nowhere.test', '--yes'], /no user with email nobody@nowhere\.test/],
      [['users', 'forget-devices', 'no-such-user', '--yes'], /no user with username no-such-user/],
      [['schools', 'update', 'Nowhere Academy', '--field', 'name=X'], /no school named "Nowhere Academy"/],
      [['schools', 'update', 'URN 999999', '--field', 'name=X'], /no school with URN 999999;/],
      [['subscriptions', 'set-po-number', 'PO-NONE', '--po-number', 'x'], /no subscription with PO number PO-NONE/],
    ];
    for (const [args, message] of cases) {
      const refused = await sandbox.edshed([...args, '--verbose']);
      expect(refused.exitCode, args.join(' ')).toBe(2);
      expect(String(refused.stderr)).toMatch(message);
      expect(requests(refused.stderr)).toHaveLength(1);
    }
    expect(await writeCount()).toBe(before);
  });

  it('lists the schools an ambiguous name matches, one a line, and writes nothing', async () => {
    const before = await writeCount();
    const refused = await sandbox.edshed(['schools', 'update', 'school', '--field', 'name=X', '--verbose']);
    expect(refused.exitCode).toBe(2);
    expect(String(refused.stderr)).toMatch(
      /"school" names 3 schools; give one by its id \(nothing was written\):\n +2 {2}Maple Elementary School {2}US\n +1 {2}Oakfield Primary School {2}GB\n +3 {2}Wattle Public School {2}AU/,
    );
    expect(requests(refused.stderr)).toEqual(['GET schools']);
    expect(await writeCount()).toBe(before);
  });

  it('finds a school from a misspelt name and shows a user by email', async () => {
    const found = await sandbox.edshed(['schools', 'find', 'oakfeild']);
    expect(found.stdout).toBe(
      'id\tname\tcountry\tlocale\tmatched\n1\tOakfield Primary School\tGB\ten_GB\tname: Oakfield',
    );
    const shown = await sandbox.edshed(['users', 'show', 'teacher@oakfield.sandbox.test', '--json']);
    expect(shown.exitCode).toBe(0);
    expect((JSON.parse(String(shown.stdout)) as { id: number }).id).toBe(3);
  });
});

describe('users show on a terminal', () => {
  for (const columns of [80, 120]) {
    it(`fits ${columns} columns: a title line, the facts, the school by name, at most 30 lines`, async () => {
      const session = await tmux.open(sandbox, ['users', 'show', 'teacher1b@school1.sandbox.test'], {
        columns,
        rows: 40,
      });
      const screen = await tmux.waitFor(session, /School +Oakfield Primary School \(school 1, GB\)/);
      const lines = screen.split('\n').filter((line) => line.trim() !== '');
      expect(lines[0]).toMatch(/^Yusuf Evans \(user 8\)/);
      expect(screen).toMatch(/Email +teacher1b@school1\.sandbox\.test/);
      expect(screen).toMatch(/Role +teacher/);
      expect(screen).toMatch(/Last seen +/);
      expect(screen).not.toMatch(/[{}"]/);
      expect(lines.length).toBeLessThanOrEqual(30);
      expect(Math.max(...lines.map((line) => [...line].length))).toBeLessThanOrEqual(columns);
    });
  }
});
