import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  invoiceTotals,
  journals,
  json,
  notesApplied,
  notesFile,
  runsDir,
  writes,
  type ListedInvoice,
} from '../helpers/bulk-run.js';
import { startSignedInSandbox, type SandboxProcess } from '../helpers/sandbox-process.js';

// Bulk runs through the built CLI against a started sandbox (helpers/bulk-run.ts); the invoice
// run shows one count per target.

/** Item lines in the journal of a run started after `others` were there. */
function journalLines(sandbox: SandboxProcess, others: readonly string[]): number {
  const journal = journals(sandbox).find((name) => !others.includes(name));
  return journal
    ? readFileSync(join(runsDir(sandbox), journal), 'utf8')
        .split('\n')
        .filter((line) => line.includes('"type":"item"')).length
    : 0;
}

/** Starts a bulk run and resolves, while it goes, once its journal holds `items` outcomes, with its run id. */
async function runUntilItems(sandbox: SandboxProcess, args: readonly string[], items: number) {
  const others = journals(sandbox);
  const child = sandbox.edshed(args);
  while (journalLines(sandbox, others) < items && child.exitCode === null) await sleep(20);
  const id = (journals(sandbox).find((name) => !others.includes(name)) ?? '').replace(/\.jsonl$/, '');
  return { child, id };
}

describe('bulk runs against a demo sandbox', () => {
  let sandbox: SandboxProcess;
  beforeAll(async () => {
    sandbox = await startSignedInSandbox('superuser', ['--db', ':memory:']);
  });
  afterAll(async () => {
    await sandbox.stop();
  });

  it('runs a CSV file with quoted JSON cells, applying every row exactly once, with a results file', async () => {
    const file = join(sandbox.dir, 'notes.csv');
    const rows = Array.from(
      { length: 30 },
      (_, i) => `"{""type"":""pupil"",""id"":${i + 1}}","{""text"":""csv, row ${i}""}"`,
    );
    writeFileSync(file, `\uFEFFtarget,data\r\n${rows.join('\r\n')}\r\n`);
    const before = await notesApplied(sandbox);
    const run = await sandbox.edshed([
      'notes',
      'create',
      '--from',
      file,
      '--results',
      join(sandbox.dir, 'results.csv'),
    ]);
    expect(run.stderr).toMatch(/30 done, 0 failed, 0 skipped \(drift\), 0 unknown of 30/);
    expect(run.exitCode).toBe(0);
    expect((await notesApplied(sandbox)) - before).toBe(30);
    const results = readFileSync(join(sandbox.dir, 'results.csv'), 'utf8').trim().split('\n');
    expect(results[0]).toBe('index,line,key,status,http_status,message,request_id');
    expect(results.slice(1).filter((line) => /^\d+,\d+,,done,20\d,ok,req_/.test(line))).toHaveLength(30);
  });

  it('refuses a file with a bad row: exit 2, every problem as file:line: column: message, nothing sent', async () => {
    const file = join(sandbox.dir, 'payments.csv');
    writeFileSync(file, 'id,method,date\n1,bacs,2026-09-01\n2,bitcoin,2026-09-01\n3,bacs,someday\n');
    const before = await writes(sandbox, 'POST superuser/invoices/{id}/paid');
    const run = await sandbox.edshed(['invoices', 'mark-paid', '--from', file]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain(`${file}:3: method: `);
    expect(run.stderr).toContain(`${file}:4: date: expected an ISO 8601 date`);
    expect(run.stderr).toMatch(/2 problems in .*payments\.csv; nothing was sent/);
    expect(await writes(sandbox, 'POST superuser/invoices/{id}/paid')).toEqual(before);
  });

  it(
    'refuses a resume while the run goes, and resumes it once killed with SIGKILL, so that every item is applied exactly once',
    { timeout: 120_000 },
    async () => {
      const file = notesFile(sandbox, 'killed.ndjson', 400);
      const before = await notesApplied(sandbox);
      const { child, id } = await runUntilItems(
        sandbox,
        ['notes', 'create', '--from', file, '--concurrency', '2', '--rate', '60'],
        40,
      );
      // A resume while the run still goes is refused (its lock names the process), and touches nothing.
      const meanwhile = await sandbox.edshed(['runs', 'resume', id]);
      expect(child.exitCode).toBeNull();
      expect(meanwhile.exitCode).toBe(2);
      expect(meanwhile.stderr).toContain(
        `run ${id} is in use by another process: pid ${child.pid} (edshed notes create, since `,
      );
      expect(meanwhile.stderr).toContain('Nothing was sent');
      expect(readFileSync(join(runsDir(sandbox), `${id}.jsonl`), 'utf8')).not.toContain('"type":"resume"');
      child.kill('SIGKILL');
      const killed = await child;
      expect(killed.signal).toBe('SIGKILL');

      const listed = json((await sandbox.edshed(['runs', 'list', '--json'])).stdout) as unknown as {
        id: string;
        file: string;
        done: number;
        pending: number;
      }[];
      const run = listed.find((r) => r.file === file);
      expect(run?.done).toBeGreaterThanOrEqual(40);
      expect(run?.pending).toBeGreaterThan(0);
      // The killed run's lock is left behind with its dead pid: the resume takes it over, and lets it go at the end.
      expect(existsSync(join(runsDir(sandbox), `${id}.lock`))).toBe(true);
      // The run's own --concurrency goes on; a flag given to the resume (--rate) overrides the run's.
      const resumed = await sandbox.edshed(['runs', 'resume', id, '--rate', '1000']);
      expect(resumed.exitCode).toBe(0);
      expect(resumed.stderr).toContain('(concurrency 2, at most 1000/s)');
      expect(resumed.stderr).toMatch(/400 done, 0 failed, 0 skipped \(drift\), 0 unknown of 400/);
      expect((await notesApplied(sandbox)) - before).toBe(400);
      expect(existsSync(join(runsDir(sandbox), `${id}.lock`))).toBe(false);
    },
  );

  it(
    "keeps a run's --concurrency and --rate in its journal for runs show and runs resume; a journal without them resumes with the defaults",
    { timeout: 60_000 },
    async () => {
      const file = notesFile(sandbox, 'settings.ndjson', 20);
      const before = await notesApplied(sandbox);
      const { child, id } = await runUntilItems(
        sandbox,
        ['notes', 'create', '--from', file, '--concurrency', '3', '--rate', '10'],
        3,
      );
      child.kill('SIGKILL');
      await child.catch(() => undefined);
      expect(json((await sandbox.edshed(['runs', 'show', id, '--json'])).stdout)).toMatchObject({
        id,
        concurrency: 3,
        rate: 10,
      });

      // The same run as a journal written before settings were kept: its header without them, under another id.
      const old = `${id}-old`;
      const [header = '', ...rest] = readFileSync(join(runsDir(sandbox), `${id}.jsonl`), 'utf8').split('\n');
      const { settings, ...kept } = JSON.parse(header) as Record<string, unknown>;
      expect(settings).toEqual({ concurrency: 3, rate: 10 });
      writeFileSync(
        join(runsDir(sandbox), `${old}.jsonl`),
        [JSON.stringify({ ...kept, run_id: old }), ...rest].join('\n'),
      );
      writeFileSync(
        join(runsDir(sandbox), `${old}.items.jsonl`),
        readFileSync(join(runsDir(sandbox), `${id}.items.jsonl`)),
      );
      expect(json((await sandbox.edshed(['runs', 'show', old, '--json'])).stdout)).toMatchObject({
        concurrency: null,
        rate: null,
      });
      const fromOld = await sandbox.edshed(['runs', 'resume', old]);
      expect(fromOld.exitCode).toBe(0);
      expect(fromOld.stderr).toContain('(concurrency 4).');

      // The run itself resumes as it ran: concurrency 3, at most 10 a second (its items, sent again with the
      // same keys, are replays now: nothing is applied twice).
      const resumed = await sandbox.edshed(['runs', 'resume', id]);
      expect(resumed.exitCode).toBe(0);
      expect(resumed.stderr).toContain('(concurrency 3, at most 10/s)');
      expect(resumed.stderr).toMatch(/20 done, 0 failed, 0 skipped \(drift\), 0 unknown of 20/);
      expect((await notesApplied(sandbox)) - before).toBe(20);
    },
  );
});

describe('a bulk run against a sandbox started with faults', () => {
  let sandbox: SandboxProcess;
  beforeAll(async () => {
    sandbox = await startSignedInSandbox('superuser', [
      '--db',
      ':memory:',
      '--faults',
      '500=0.05,429=0.03,drop-before=0.03,drop-after=0.05,seed=9',
    ]);
  });
  afterAll(async () => {
    await sandbox.stop();
  });

  it(
    'still applies every item exactly once (500s, 429s, drops before the handler and after the commit): retries go with the same key',
    { timeout: 120_000 },
    async () => {
      const file = notesFile(sandbox, 'faulty.ndjson', 300);
      const before = await notesApplied(sandbox);
      const run = await sandbox.edshed([
        'notes',
        'create',
        '--from',
        file,
        '--concurrency',
        '6',
        '--results',
        join(sandbox.dir, 'faulty.ndjson.results.ndjson'),
      ]);
      expect(run.stderr).toMatch(/300 done, 0 failed, 0 skipped \(drift\), 0 unknown of 300/);
      expect(run.exitCode).toBe(0);
      expect((await notesApplied(sandbox)) - before).toBe(300);
      const replayed = readFileSync(join(sandbox.dir, 'faulty.ndjson.results.ndjson'), 'utf8')
        .split('\n')
        .filter((line) => line.includes('replayed'));
      expect(replayed.length).toBeGreaterThan(0);
    },
  );
});

describe('a bulk run of invoice payments against the large seed', () => {
  let sandbox: SandboxProcess;
  beforeAll(async () => {
    sandbox = await startSignedInSandbox('superuser', ['--db', ':memory:', '--seed', 'large']);
  });
  afterAll(async () => {
    await sandbox.stop();
  });

  it('marks 30 open invoices promised from a CSV, each target written exactly once, flags as defaults, their totals per currency in the summary', async () => {
    const listed = await sandbox.edshed(['invoices', 'list', '--state', 'open', '--take', '30', '--json']);
    const invoices = json(listed.stdout).invoices as ListedInvoice[];
    const ids = invoices.map((i) => i.id);
    expect(ids).toHaveLength(30);
    const file = join(sandbox.dir, 'promised.csv');
    writeFileSync(file, `id\n${ids.join('\n')}\n`);
    const run = await sandbox.edshed([
      'invoices',
      'mark-promised',
      '--from',
      file,
      '--reference',
      'PO-2026-11',
      '--json',
    ]);
    expect(run.exitCode).toBe(0);
    expect(json(run.stdout)).toMatchObject({
      items: 30,
      done: 30,
      failed: 0,
      unknown: 0,
      stopped: 'complete',
      done_totals: invoiceTotals(invoices),
    });
    const counts = await writes(sandbox, 'POST superuser/invoices/{id}/promised');
    expect(ids.map((id) => counts.get(`superuser/invoices/${id}/promised`))).toEqual(ids.map(() => 1));
    expect(counts.size).toBe(30);
  });
});
