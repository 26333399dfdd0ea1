import { appendFileSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceTotals, journalItems, json, runsDir, writes, type ListedInvoice } from '../helpers/bulk-run.js';
import { startSignedInSandbox, type SandboxProcess } from '../helpers/sandbox-process.js';

// `--from FILE` on curated write commands, through the built CLI against a started sandbox. Each
// row goes through the command's own run function; the sandbox's write counts show each target written
// once, and nothing written when a row is bad.

const total = (counts: ReadonlyMap<string, number>) => [...counts.values()].reduce((a, b) => a + b, 0);

function file(sandbox: SandboxProcess, name: string, text: string): string {
  const path = join(sandbox.dir, name);
  writeFileSync(path, text);
  return path;
}

async function listOpenInvoices(sandbox: SandboxProcess, take: number): Promise<ListedInvoice[]> {
  const listed = await sandbox.edshed(['invoices', 'list', '--state', 'open', '--take', String(take), '--json']);
  return json(listed.stdout).invoices as ListedInvoice[];
}

const openInvoices = async (sandbox: SandboxProcess, take: number): Promise<number[]> =>
  (await listOpenInvoices(sandbox, take)).map((i) => i.id);

const PAID = 'POST superuser/invoices/{id}/paid';

describe('curated commands with --from against a sandbox', () => {
  let sandbox: SandboxProcess;
  beforeAll(async () => {
    sandbox = await startSignedInSandbox('superuser', ['--db', ':memory:', '--seed', 'large']);
  });
  afterAll(async () => {
    await sandbox.stop();
  });

  it('refuses a bad row (exit 2, file:line: column) and sends nothing', async () => {
    const [a, b] = await openInvoices(sandbox, 2);
    const path = file(sandbox, 'bad-payments.csv', `id,method,date\n${a},bacs,2026-11-02\n${b},bacs,2026-02-30\n`);
    const before = await writes(sandbox, PAID);
    const run = await sandbox.edshed(['invoices', 'mark', 'paid', '--from', path]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain(`${path}:3: date: `);
    expect(run.stderr).toMatch(/1 problem in .*bad-payments\.csv; nothing was sent/);
    expect(await writes(sandbox, PAID)).toEqual(before);
  });

  it('marks the invoices of a file paid, each once, through the same read-back as the single command; an unknown outcome is read back on resume', async () => {
    const invoices = await listOpenInvoices(sandbox, 5);
    const ids = invoices.map((i) => i.id);
    const path = file(
      sandbox,
      'payments.csv',
      `id,method,date\n${ids.map((id) => `${id},bacs,2026-11-02`).join('\n')}\n`,
    );
    const results = join(sandbox.dir, 'payments.results.csv');
    const run = await sandbox.edshed(['invoices', 'mark', 'paid', '--from', path, '--results', results, '--json']);
    expect(run.exitCode).toBe(0);
    expect(json(run.stdout)).toMatchObject({
      command: 'invoices mark paid',
      items: 5,
      done: 5,
      failed: 0,
      stopped: 'complete',
      done_totals: invoiceTotals(invoices),
    });
    expect(run.stderr).toMatch(/Invoices done in this session: .*\d\.\d\d \([A-Z]{3}\)/);
    const counts = await writes(sandbox, PAID);
    expect(ids.map((id) => counts.get(`superuser/invoices/${id}/paid`))).toEqual(ids.map(() => 1));
    expect(readFileSync(results, 'utf8')).toContain('open -> paid');

    // The same file again changes nothing: each item done (unchanged), and no money counted as done.
    for (const words of [
      ['invoices', 'mark', 'paid'],
      ['invoices', 'mark-paid'],
    ]) {
      const again = await sandbox.edshed([...words, '--from', path, '--method', 'bacs', '--json']);
      expect(again.exitCode, String(again.stderr)).toBe(0);
      expect(json(again.stdout)).toMatchObject({ items: 5, done: 5, failed: 0 });
      expect(json(again.stdout).done_totals).toBeUndefined();
      expect(again.stderr).not.toContain('Invoices done in this session');
    }
    expect(await writes(sandbox, PAID)).toEqual(counts);

    // An item whose outcome was unknown (the connection dropped after sending) is read back on resume:
    // the invoice is paid with the row's method and date, so it is recorded done and not sent again.
    const runId = String(json(run.stdout).run_id);
    appendFileSync(
      join(runsDir(sandbox), `${runId}.jsonl`),
      `${JSON.stringify({ type: 'item', index: 1, line: 3, status: 'unknown', http_status: null, message: 'connection dropped', request_id: null })}\n`,
    );
    const resumed = await sandbox.edshed(['runs', 'resume', runId]);
    expect(resumed.exitCode).toBe(0);
    expect(resumed.stderr).toContain('1 item of unknown outcome already applied (read back); not sent again.');
    expect(resumed.stderr).toContain('sending 0 items');
    expect(await writes(sandbox, PAID)).toEqual(counts);
  });

  it('asks once before a void run: refused off a terminal without --yes, nothing sent', async () => {
    const ids = await openInvoices(sandbox, 2);
    const path = file(sandbox, 'void.csv', `id\n${ids.join('\n')}\n`);
    const run = await sandbox.edshed(['invoices', 'mark', 'void', '--from', path]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/2 × invoices mark void .*pass --yes/);
    expect(total(await writes(sandbox, 'POST superuser/invoices/{id}/void'))).toBe(0);
  });

  it('moves each subscription of a file; the same file again changes nothing', async () => {
    const listed = json((await sandbox.edshed(['subscriptions', 'list', '--take', '100', '--json'])).stdout);
    const movable = (
      Object.values(listed).find(Array.isArray) as { id: number; school_id: number; state: string }[]
    ).filter((s) => ['active', 'future', 'trial'].includes(s.state));
    const to = 2;
    const subs = movable.filter((s) => s.school_id !== to).slice(0, 2);
    expect(subs).toHaveLength(2);
    const path = file(sandbox, 'moves.csv', `id\n${subs.map((s) => s.id).join('\n')}\n`);
    const first = await sandbox.edshed(['subscriptions', 'move', '--from', path, '--to', String(to), '--yes']);
    expect(first.exitCode).toBe(0);
    expect(first.stderr).toMatch(/2 done, 0 failed/);
    const counts = await writes(sandbox, 'POST subscriptions/{id}/move');
    expect(subs.map((s) => counts.get(`subscriptions/${s.id}/move`))).toEqual([1, 1]);
    const again = await sandbox.edshed([
      'subscriptions',
      'move',
      '--from',
      path,
      '--to',
      String(to),
      '--yes',
      '--results',
      join(sandbox.dir, 'moves.ndjson'),
    ]);
    expect(again.exitCode).toBe(0);
    expect(readFileSync(join(sandbox.dir, 'moves.ndjson'), 'utf8')).toContain('unchanged: already at school');
    expect(total(await writes(sandbox, 'POST subscriptions/{id}/move'))).toBe(total(counts));
  });

  it('creates a snapshot per row', async () => {
    const path = file(
      sandbox,
      'periods.csv',
      'start,end\n2026-09-01,2026-09-30\n2026-10-01,2026-10-31\n2026-11-01,2026-11-30\n',
    );
    const before = total(await writes(sandbox, 'POST superuser/sales/reports/engagement/snapshots'));
    const run = await sandbox.edshed(['snapshots', 'create', '--from', path]);
    expect(run.exitCode).toBe(0);
    expect(run.stderr).toMatch(/3 done, 0 failed/);
    expect(total(await writes(sandbox, 'POST superuser/sales/reports/engagement/snapshots')) - before).toBe(3);
  });

  it('generates pupils per row, every row appended to one private passwords file', async () => {
    const path = file(sandbox, 'classes.csv', 'amount\n3\n2\n');
    const out = join(sandbox.dir, 'passwords.csv');
    const run = await sandbox.edshed(['pupils', 'generate', '--from', path, '--school', '1', '--out', out]);
    expect(run.exitCode).toBe(0);
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('username,password,school_id,school_username,display_name,group,id');
    expect(lines).toHaveLength(6);
    expect(statSync(out).mode & 0o777).toBe(0o600);
  });
});

describe('a curated bulk run killed with SIGKILL', () => {
  let sandbox: SandboxProcess;
  beforeAll(async () => {
    sandbox = await startSignedInSandbox('superuser', [
      '--db',
      ':memory:',
      '--seed',
      'large',
      '--faults',
      'latency=100-200',
    ]);
  });
  afterAll(async () => {
    await sandbox.stop();
  });

  const doneLines = () =>
    existsSync(runsDir(sandbox))
      ? readdirSync(runsDir(sandbox))
          .filter((n) => n.endsWith('.jsonl') && !n.endsWith('.items.jsonl'))
          .reduce(
            (sum, n) =>
              sum +
              readFileSync(join(runsDir(sandbox), n), 'utf8')
                .split('\n')
                .filter((l) => l.includes('"status":"done"')).length,
            0,
          )
      : 0;

  it(
    'resumes with edshed runs resume ID: every invoice marked exactly once, the totals of those it sent in its summary',
    { timeout: 120_000 },
    async () => {
      const invoices = await listOpenInvoices(sandbox, 30);
      const ids = invoices.map((i) => i.id);
      const path = file(sandbox, 'promised.csv', `id\n${ids.join('\n')}\n`);
      const child = sandbox.edshed([
        'invoices',
        'mark',
        'promised',
        '--from',
        path,
        '--reference',
        'PO-77',
        '--concurrency',
        '2',
      ]);
      while (doneLines() < 4 && child.exitCode === null) await sleep(50);
      child.kill('SIGKILL');
      expect((await child).signal).toBe('SIGKILL');

      const listed = json((await sandbox.edshed(['runs', 'list', '--json'])).stdout) as unknown as {
        id: string;
        file: string;
        command: string;
        pending: number;
      }[];
      const run = listed.find((r) => r.file === path);
      expect(run?.command).toBe('invoices mark promised');
      expect(run?.pending).toBeGreaterThan(0);
      // The resume's totals are those of the invoices it sent: every one not recorded done before, except
      // those in flight at the kill that the read-back found applied already (done by the killed run).
      const doneBefore = new Set(
        journalItems(sandbox, run?.id ?? '')
          .filter((o) => o.status === 'done')
          .map((o) => o.index),
      );
      const resumed = await sandbox.edshed(['runs', 'resume', run?.id ?? '', '--json']);
      expect(resumed.exitCode).toBe(0);
      expect(resumed.stderr).toMatch(/30 done, 0 failed, 0 skipped \(drift\), 0 unknown of 30/);
      const readBack = new Set(
        journalItems(sandbox, run?.id ?? '')
          .filter((o) => o.message.startsWith('read back'))
          .map((o) => o.index),
      );
      expect(json(resumed.stdout).done_totals ?? {}).toEqual(
        invoiceTotals(invoices.filter((_, index) => !doneBefore.has(index) && !readBack.has(index))),
      );
      const counts = await writes(sandbox, 'POST superuser/invoices/{id}/promised');
      expect(ids.map((id) => counts.get(`superuser/invoices/${id}/promised`))).toEqual(ids.map(() => 1));
    },
  );
});
