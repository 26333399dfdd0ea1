import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalItems, journals, notesApplied, notesFile } from '../helpers/bulk-run.js';
import { startSignedInSandbox, type SandboxProcess } from '../helpers/sandbox-process.js';

// Reliability: a 2,000-item `notes create` run (a plain POST that adds a record on every call, so
// the sandbox's write count shows an item applied twice or lost) killed with SIGKILL ten times and resumed,
// and the same run against a sandbox that fails requests. The kill moments come from a seeded generator:
// the seed is in the test's name; EDSHED_RELIABILITY_SEED=N replays a failure.

const ITEMS = 2000;
const KILLS = 10;
const SEED = Number(process.env.EDSHED_RELIABILITY_SEED ?? Math.floor(Math.random() * 2 ** 31));

/** mulberry32: a small seeded generator of numbers in [0, 1). */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const doneCount = (sandbox: SandboxProcess, runId: string) =>
  new Set(
    journalItems(sandbox, runId)
      .filter((o) => o.status === 'done')
      .map((o) => o.index),
  ).size;

/** Waits for the journal of a run started after `others` were there; resolves to its id, or undefined if the CLI ended first. */
async function newRunId(
  sandbox: SandboxProcess,
  others: readonly string[],
  child: { exitCode: number | null },
): Promise<string | undefined> {
  for (;;) {
    const journal = journals(sandbox).find((name) => !others.includes(name));
    if (journal) return journal.replace(/\.jsonl$/, '');
    if (child.exitCode !== null) return undefined;
    await sleep(10);
  }
}

/** Runs or resumes until done; `kill` says when to send SIGKILL (given the done count), or undefined to let it finish. */
async function runUntil(
  sandbox: SandboxProcess,
  args: readonly string[],
  runId: string | undefined,
  killAt: number | undefined,
  extraMs: number,
) {
  const others = journals(sandbox);
  const child = sandbox.edshed(args);
  const id = runId ?? (await newRunId(sandbox, others, child));
  if (id === undefined) throw new Error(`the run ended before its journal appeared: ${String((await child).stderr)}`);
  if (killAt !== undefined) {
    while (child.exitCode === null && doneCount(sandbox, id) < killAt) await sleep(10);
    await sleep(extraMs);
    child.kill('SIGKILL');
  }
  return { id, result: await child };
}

describe('bulk runs killed and resumed', () => {
  let sandbox: SandboxProcess;
  beforeAll(async () => {
    sandbox = await startSignedInSandbox('superuser', ['--db', ':memory:', '--rate-limit', '1000000']);
  });
  afterAll(async () => {
    await sandbox.stop();
  });

  it(
    `applies every item of a ${ITEMS}-item run exactly once across ${KILLS} SIGKILLs and resumes (seed ${SEED})`,
    { timeout: 90_000 },
    async () => {
      const random = seeded(SEED);
      const file = notesFile(sandbox, 'killed.ndjson', ITEMS);
      const before = await notesApplied(sandbox);
      let runId: string | undefined;
      let killed = 0;
      let target = 0;
      for (let k = 0; k < KILLS; k += 1) {
        // The next kill after 30 to 140 more items are done, then 0 to 20 ms more: mid-request, mid-journal-line, anywhere.
        target =
          Math.max(target, runId === undefined ? 0 : doneCount(sandbox, runId)) + 30 + Math.floor(random() * 110);
        const args = runId === undefined ? ['notes', 'create', '--from', file] : ['runs', 'resume', runId];
        const { id, result } = await runUntil(sandbox, args, runId, target, Math.floor(random() * 20));
        runId = id;
        if (result.signal === 'SIGKILL') killed += 1;
        else
          throw new Error(
            `seed ${SEED}: run ${k + 1} ended on its own (exit ${result.exitCode}) before kill ${k + 1}: ${String(result.stderr)}`,
          );
      }
      expect(killed).toBe(KILLS);
      expect(doneCount(sandbox, runId ?? '')).toBeLessThan(ITEMS);
      const { result } = await runUntil(sandbox, ['runs', 'resume', runId ?? ''], runId, undefined, 0);
      expect(result.stderr).toMatch(
        new RegExp(`${ITEMS} done, 0 failed, 0 skipped \\(drift\\), 0 unknown of ${ITEMS}`),
      );
      expect(result.exitCode).toBe(0);
      expect(doneCount(sandbox, runId ?? '')).toBe(ITEMS);
      expect((await notesApplied(sandbox)) - before, `seed ${SEED}`).toBe(ITEMS);
    },
  );
});

describe('a bulk run against a sandbox started with faults', () => {
  let sandbox: SandboxProcess;
  beforeAll(async () => {
    // --log: the sandbox logs every request it receives, so the test counts the attempts the CLI made.
    sandbox = await startSignedInSandbox('superuser', [
      '--db',
      ':memory:',
      '--rate-limit',
      '1000000',
      '--log',
      '--faults',
      `500=0.03,429=0.03,drop-before=0.03,drop-after=0.03,seed=${SEED % 1000}`,
    ]);
  });
  afterAll(async () => {
    await sandbox.stop();
  });

  it(
    `completes a ${ITEMS}-item run through 500s, 429s and dropped connections, every item applied once, retries bounded (fault seed ${SEED % 1000})`,
    { timeout: 100_000 },
    async () => {
      const file = notesFile(sandbox, 'faulty.ndjson', ITEMS);
      const before = await notesApplied(sandbox);
      let { id, result } = await runUntil(
        sandbox,
        ['notes', 'create', '--from', file, '--concurrency', '6'],
        undefined,
        undefined,
        0,
      );
      // A run that meets failures in a row pauses cleanly (exit 1) and says how to resume: do that, a few times at most.
      for (
        let resumes = 0;
        result.exitCode === 1 && /runs resume/.test(String(result.stderr)) && resumes < 5;
        resumes += 1
      ) {
        ({ id, result } = await runUntil(sandbox, ['runs', 'resume', id], id, undefined, 0));
      }
      expect(result.stderr).toMatch(
        new RegExp(`${ITEMS} done, 0 failed, 0 skipped \\(drift\\), 0 unknown of ${ITEMS}`),
      );
      expect(result.exitCode).toBe(0);
      expect((await notesApplied(sandbox)) - before).toBe(ITEMS);

      const log = String((await sandbox.stop()).stdout);
      const attempts = log
        .split('\n')
        .filter((line) => line.includes('"incoming request"') && line.includes('"url":"/notes"')).length;
      // About 12% of requests fail, so about 1.14 attempts an item; a retry storm would be far above 1.5.
      expect(attempts).toBeGreaterThan(ITEMS);
      expect(attempts).toBeLessThanOrEqual(ITEMS * 1.5);
      const outcomes = new Map<number, number>();
      for (const o of journalItems(sandbox, id)) outcomes.set(o.index, (outcomes.get(o.index) ?? 0) + 1);
      expect(Math.max(...outcomes.values())).toBeLessThanOrEqual(3);
    },
  );
});
