import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journals, json, runsDir } from '../helpers/bulk-run.js';
import { startSignedInSandbox, type SandboxProcess } from '../helpers/sandbox-process.js';

// `pupils generate --from FILE --out FILE` killed with SIGKILL at several points and resumed each time:
// the --out file must list exactly the pupils the server made, each once. A kill between a row's pupils
// being appended and its outcome being journaled (the switch back of the managed school falls between)
// sent the row again, the API replayed its answer, and its pupils were appended a second time.

let sandbox: SandboxProcess;

beforeAll(async () => {
  // Latency on every call: a row's requests (read users/me, switch, generate, switch back) take long
  // enough for a kill to land between any two of them.
  sandbox = await startSignedInSandbox('superuser', ['--db', ':memory:', '--faults', 'latency=30-60']);
});
afterAll(async () => {
  await sandbox.stop();
});

/** The data rows of the --out file, by column (none before it exists). */
function outRows(out: string): Record<string, string>[] {
  return existsSync(out)
    ? (parse(readFileSync(out, 'utf8'), { columns: true, skip_empty_lines: true }) as Record<string, string>[])
    : [];
}

/** The journal's lines, parsed (a line a kill cut short is left out). */
function journalLines(runId: string): { type: string; status?: string }[] {
  const file = join(runsDir(sandbox), `${runId}.jsonl`);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.endsWith('}'))
    .map((line) => JSON.parse(line) as { type: string; status?: string });
}

const doneCount = (runId: string) => journalLines(runId).filter((l) => l.type === 'item' && l.status === 'done').length;

/** Runs `args` and SIGKILLs it as soon as `when` holds (polled); false when it ended first. */
async function killWhen(args: readonly string[], when: () => boolean): Promise<boolean> {
  const child = sandbox.edshed(args);
  while (child.exitCode === null && !when()) await sleep(2);
  const killed = child.exitCode === null && child.kill('SIGKILL');
  await child;
  return killed;
}

/** The ids of the pupils of school 1, as the server has them. */
async function schoolPupilIds(): Promise<number[]> {
  expect((await sandbox.edshed(['me', 'switch-school', '--school-id', '1'])).exitCode).toBe(0);
  const listed = await sandbox.edshed(['pupils', 'list', '--all', '--format', 'ndjson']);
  expect(listed.exitCode, String(listed.stderr)).toBe(0);
  expect((await sandbox.edshed(['me', 'switch-school', '--school-id', '2'])).exitCode).toBe(0);
  return String(listed.stdout)
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => Number(json(line).id));
}

describe('pupils generate --from, killed and resumed', () => {
  it("leaves an --out file that lists exactly the server's new pupils, each once", { timeout: 180_000 }, async () => {
    const before = new Set(await schoolPupilIds());
    const classes = join(sandbox.dir, 'classes.csv');
    writeFileSync(classes, `amount,school\n${Array.from({ length: 12 }, (_, i) => `${2 + (i % 3)},1`).join('\n')}\n`);
    const out = join(sandbox.dir, 'passwords.csv');
    const others = journals(sandbox);
    const runId = () => (journals(sandbox).find((name) => !others.includes(name)) ?? '').replace(/\.jsonl$/, '');
    // The pupils the file holds beyond those of the rows journaled done: a row appended, not yet journaled.
    const appendedAhead = () => {
      const id = runId();
      return (
        id !== '' &&
        outRows(out).length > 0 &&
        journalLines(id).filter((l) => l.type === 'item').length > 0 &&
        outRows(out).length > pupilsOfDone(id)
      );
    };
    const amounts = readFileSync(classes, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => Number(line.split(',')[0]));
    const pupilsOfDone = (id: string) => amounts.slice(0, doneCount(id)).reduce((sum, n) => sum + n, 0);

    // 1. Killed in the window between a row's pupils reaching the file and its outcome reaching the journal.
    let kills = 0;
    if (await killWhen(['pupils', 'generate', '--from', classes, '--out', out, '--yes'], appendedAhead)) kills += 1;
    const id = runId();
    expect(id).not.toBe('');
    const resume = ['runs', 'resume', id];
    // 2. Killed again in that window, then with a row in flight (its request sent, no outcome yet), then
    //    after two more rows are done.
    if (await killWhen(resume, appendedAhead)) kills += 1;
    if (await killWhen(resume, () => journalLines(id).at(-1)?.type === 'sent')) kills += 1;
    const done = doneCount(id);
    if (await killWhen(resume, () => doneCount(id) >= done + 2)) kills += 1;
    expect(kills).toBeGreaterThanOrEqual(3);
    // 3. To the end.
    const last = await sandbox.edshed(resume);
    expect(last.exitCode, String(last.stderr)).toBe(0);
    expect(last.stderr).toMatch(/12 done, 0 failed, 0 skipped \(drift\), 0 unknown of 12/);

    const made = (await schoolPupilIds()).filter((pupil) => !before.has(pupil)).sort((a, b) => a - b);
    const listed = outRows(out).map((row) => Number(row.id));
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort((a, b) => a - b)).toEqual(made);
    expect(made).toHaveLength(amounts.reduce((sum, n) => sum + n, 0));
    for (const row of outRows(out)) expect(row.password).toMatch(/^\w{4,}$/);
  });
});
