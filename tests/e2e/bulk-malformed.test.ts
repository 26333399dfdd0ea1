import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../helpers/bulk-run.js';
import { startSignedInSandbox, type SandboxProcess } from '../helpers/sandbox-process.js';

// A corpus of malformed bulk input files, each run through the built binary against one sandbox.
// Each file has a sidecar `<file>.expected` holding the first problem printed, after the file name
// (`LINE: column: message`); the prefix of a file's name picks the command. Every one must exit 2, name
// the file and line, and leave the sandbox with no write at all.

const DIR = fileURLToPath(new URL('../fixtures/bulk-malformed/', import.meta.url));
const COMMANDS: Readonly<Record<string, readonly string[]>> = {
  paid: ['invoices', 'mark-paid'],
  notes: ['notes', 'create'],
  quiz: ['quiz-sessions', 'mark-answer'],
};
const corpus = readdirSync(DIR).filter((name) => !name.endsWith('.expected'));
const totalWrites = async (sandbox: SandboxProcess) =>
  Number(json((await sandbox.edshed(['api', 'GET', '__sandbox/writes'])).stdout).total);

/** Runs `check` over `items`, two at a time (the machine has two cores). */
async function twoAtATime<T>(items: readonly T[], check: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await check(items[next++] as T);
  };
  await Promise.all([worker(), worker()]);
}

describe('malformed bulk input files', () => {
  let sandbox: SandboxProcess;
  beforeAll(async () => {
    sandbox = await startSignedInSandbox('superuser', ['--db', ':memory:']);
  });
  afterAll(async () => {
    await sandbox.stop();
  });

  it('has at least 50 files, each with its expected message', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(50);
    for (const name of corpus)
      expect(readFileSync(join(DIR, `${name}.expected`), 'utf8').trim(), name).toMatch(/^\d+: \S/);
  });

  it(
    'refuses every file of the corpus through the binary: exit 2, file:line: message, nothing sent',
    { timeout: 90_000 },
    async () => {
      const before = await totalWrites(sandbox);
      const seen: string[] = [];
      await twoAtATime(corpus, async (name) => {
        const command = COMMANDS[name.split('-')[0] ?? ''];
        if (!command) throw new Error(`${name}: no command for its prefix`);
        const file = join(DIR, name);
        const run = await sandbox.edshed([...command, '--from', file]);
        const expected = readFileSync(join(DIR, `${name}.expected`), 'utf8').trim();
        expect(run.exitCode, `${name}: ${String(run.stderr)}`).toBe(2);
        expect(String(run.stderr), name).toContain(`${file}:${expected}`);
        expect(String(run.stderr), name).toMatch(/nothing was sent/);
        seen.push(name);
      });
      expect(seen).toHaveLength(corpus.length);
      expect(await totalWrites(sandbox)).toBe(before);
    },
  );

  it('refuses a line longer than 1 MiB (made here, not kept in the repository), naming the file and line', async () => {
    const file = join(sandbox.dir, 'long-line.csv');
    writeFileSync(
      file,
      `id,method,date\n1,bacs,2026-09-01\n2,${'x'.repeat(1024 * 1024 + 10)},2026-09-01\n4,bacs,2026-09-01\n`,
    );
    const before = await totalWrites(sandbox);
    const run = await sandbox.edshed(['invoices', 'mark-paid', '--from', file]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(new RegExp(`${file.replaceAll('.', '\\.')}:3: .*longer than`));
    expect(await totalWrites(sandbox)).toBe(before);
  });
});
