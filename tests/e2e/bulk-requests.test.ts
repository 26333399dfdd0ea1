import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalItems, journals, json, type ListedInvoice } from '../helpers/bulk-run.js';
import { countingProxy, type CountingProxy } from '../helpers/counting-proxy.js';
import { startSignedInSandbox, type SandboxProcess } from '../helpers/sandbox-process.js';

// Requests per item of `invoices mark paid --from` (curated) and `invoices mark-paid --from` (table),
// counted by a proxy in front of a started sandbox; and one record of a curated run killed twice.

const PAID = 'POST /superuser/invoices/{id}/paid';
const LIST = 'GET /subscriptions/invoices';

/** The open invoices among the newest 100 (one page of the list), newest first. */
async function openOnFirstPage(sandbox: SandboxProcess): Promise<ListedInvoice[]> {
  const listed = await sandbox.edshed(['invoices', 'list', '--take', '100', '--json']);
  return (json(listed.stdout).invoices as (ListedInvoice & { state: string })[]).filter((i) => i.state === 'open');
}

/** A file paying these invoices by bacs; by default today (no invoice was issued after it). */
const payments = (
  sandbox: SandboxProcess,
  name: string,
  ids: readonly number[],
  date = new Date().toISOString().slice(0, 10),
) => {
  const path = join(sandbox.dir, name);
  writeFileSync(path, `id,method,date\n${ids.map((id) => `${id},bacs,${date}`).join('\n')}\n`);
  return path;
};

/** The requests of one command through the proxy, by route. */
async function counted(sandbox: SandboxProcess, proxy: CountingProxy, args: readonly string[]) {
  proxy.reset();
  const run = await sandbox.edshed([...args, '--profile', 'counted']);
  expect(run.exitCode, String(run.stderr)).toBe(0);
  return proxy.counts();
}

describe('requests per item of a bulk run of invoices', () => {
  let sandbox: SandboxProcess;
  let proxy: CountingProxy;
  let open: ListedInvoice[];
  beforeAll(async () => {
    sandbox = await startSignedInSandbox('superuser', ['--db', ':memory:', '--seed', 'large']);
    proxy = await countingProxy(sandbox.url);
    const login = await sandbox.edshed(
      ['login', '--api-url', proxy.url, '--profile', 'counted', '-u', 'superuser', '--password-stdin'],
      'sandbox\n',
    );
    expect(login.exitCode, String(login.stderr)).toBe(0);
    open = await openOnFirstPage(sandbox);
  }, 60_000);
  afterAll(async () => {
    await proxy.close();
    await sandbox.stop();
  });

  it(
    'curated: one write per item and one list read per page of invoices; table: one write per item; the rest the same',
    { timeout: 60_000 },
    async () => {
      expect(open.length).toBeGreaterThanOrEqual(8);
      const half = Math.floor(open.length / 2);
      const curatedIds = open.slice(0, half).map((i) => i.id);
      const tableIds = open.slice(half, 2 * half).map((i) => i.id);
      const curated = await counted(sandbox, proxy, [
        'invoices',
        'mark',
        'paid',
        '--from',
        payments(sandbox, 'curated.csv', curatedIds),
      ]);
      const table = await counted(sandbox, proxy, [
        'invoices',
        'mark-paid',
        '--from',
        payments(sandbox, 'table.csv', tableIds),
      ]);
      expect(curated.get(PAID)).toBe(half);
      expect(table.get(PAID)).toBe(half);
      // Every invoice is on the list's first page: one read of it for the whole run, none per item.
      expect(curated.get(LIST)).toBe(Math.ceil(half / 100));
      expect(table.get(LIST)).toBeUndefined();
      // Beyond those, both send the same (who is signed in, and so on), whatever the number of items.
      const rest = (counts: Map<string, number>) =>
        Object.fromEntries([...counts].filter(([route]) => route !== PAID && route !== LIST));
      expect(rest(curated)).toEqual(rest(table));
      expect(Object.values(rest(curated)).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(2);
    },
  );

  it(
    'keeps one record of a run killed twice: runs results and the --results file list every item once, by invoice number',
    { timeout: 120_000 },
    async () => {
      const listed = await sandbox.edshed(['invoices', 'list', '--state', 'open', '--take', '100', '--json']);
      const today = new Date().toISOString().slice(0, 10);
      // Invoices a payment dated today may be recorded on (not issued after it).
      const invoices = (json(listed.stdout).invoices as (ListedInvoice & { number: string; issued_at: string })[])
        .filter((i) => i.issued_at.slice(0, 10) <= today)
        .slice(0, 24);
      expect(invoices.length).toBe(24);
      const results = join(sandbox.dir, 'killed.results.csv');
      const others = journals(sandbox);
      let child = sandbox.edshed([
        'invoices',
        'mark',
        'paid',
        '--from',
        payments(
          sandbox,
          'killed.csv',
          invoices.map((i) => i.id),
        ),
        '--rate',
        '8',
        '--concurrency',
        '1',
        '--results',
        results,
      ]);
      let id = '';
      for (const killAt of [4, 12]) {
        while (
          child.exitCode === null &&
          (id === '' || new Set(journalItems(sandbox, id).map((o) => o.index)).size < killAt)
        ) {
          await sleep(20);
          id ||= (journals(sandbox).find((name) => !others.includes(name)) ?? '').replace(/\.jsonl$/, '');
        }
        child.kill('SIGKILL');
        expect((await child).signal).toBe('SIGKILL');
        child = sandbox.edshed(['runs', 'resume', id, '--rate', killAt === 4 ? '8' : 'none']);
      }
      const last = await child;
      expect(last.exitCode, String(last.stderr)).toBe(0);

      const printed = await sandbox.edshed(['runs', 'results', id]);
      expect(printed.exitCode).toBe(0);
      const rows = String(printed.stdout).trim().split('\n');
      expect(rows[0]).toBe('index,line,key,status,http_status,message,request_id');
      const cells = rows.slice(1).map((row) => row.split(','));
      expect(cells.map((c) => Number(c[0]))).toEqual(invoices.map((_, i) => i));
      expect(cells.map((c) => c[2])).toEqual(invoices.map((i) => i.number));
      expect(cells.every((c) => c[3] === 'done')).toBe(true);
      // The file given once, at the start, was completed by the resumes: the same view.
      expect(readFileSync(results, 'utf8')).toBe(
        String(printed.stdout) + (String(printed.stdout).endsWith('\n') ? '' : '\n'),
      );
    },
  );
});
