/**
 * `edshed invoices reconcile` on a hostile statement, through the built binary against a sandbox process
 * (large seed) reached through a counting proxy: references of one school's invoice under another school's
 * name, dates the API refuses, and --accept values that are wrong. Nothing of it is ever marked paid.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process.js';

interface PlanLine {
  readonly class: string;
  readonly invoices: number[];
  readonly note: string;
  readonly candidates: { invoices: number[] }[];
}

let sandbox: SandboxProcess;
let proxy: Server;
let proxyUrl: string;
/** Requests the CLI sent through the proxy (control routes of the test's own excepted). */
let sent: string[] = [];

beforeAll(async () => {
  sandbox = await startSandboxProcess(['--db', ':memory:', '--seed', 'large']);
  const target = new URL(sandbox.url);
  proxy = createServer((req, res) => {
    sent.push(`${req.method ?? ''} ${req.url ?? ''}`);
    // The sandbox answers 421 to a Host that names another port than its own.
    const forward = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: target.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/`;
  const login = await sandbox.edshed(
    ['login', '--api-url', proxyUrl, '-u', 'superuser', '--password-stdin'],
    'sandbox\n',
  );
  expect(login.exitCode, String(login.stderr)).toBe(0);
}, 120_000);
afterAll(async () => {
  await new Promise((resolve) => proxy?.close(resolve));
  await sandbox?.stop();
});

/** Marks paid the sandbox applied, from its write counter. */
async function paidWrites(): Promise<number> {
  const answer = (await (
    await fetch(`${sandbox.url}__sandbox/writes?route=${encodeURIComponent('POST superuser/invoices/{id}/paid')}`)
  ).json()) as { total: number };
  return answer.total;
}

const day = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const dmy = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

describe('a hostile statement', () => {
  it('plans no write for a reference under another school name, or a date the API refuses, and bulk apply pays nothing', async () => {
    const statement = join(sandbox.dir, 'hostile.csv');
    writeFileSync(
      statement,
      [
        'Date,Description,Amount,Currency',
        '27/11/2026,OAKFIELD PRIM INV-000556,28.80,GBP',
        '27/11/2026,HARBOUR PRIM 36 INV-000895,660.00,GBP',
        // INV-001728 was issued on 2026-03-01: paid two days before, and (by the CLI's clock) in the future.
        '27/02/2026,INV-001728,660.00,GBP',
        `${dmy(day(20))},INV-001728,660.00,GBP`,
        '',
      ].join('\n'),
    );
    const planFile = join(sandbox.dir, 'hostile-plan.json');
    const planned = await sandbox.edshed([
      'invoices',
      'reconcile',
      statement,
      '--date-format',
      'dmy',
      '--plan',
      planFile,
      '--json',
    ]);
    expect(planned.exitCode, String(planned.stderr)).toBe(0);
    const plan = JSON.parse(String(planned.stdout)) as { lines: PlanLine[]; items: unknown[] };
    expect(plan.items).toEqual([]);
    const [oak, harbour, early, future] = plan.lines;
    expect(oak).toMatchObject({ class: 'ambiguous', invoices: [] });
    expect(oak?.note).toMatch(/Oakfield Primary School.*INV-000556 is Ashgrove Primary School 12's/);
    expect(harbour).toMatchObject({ class: 'ambiguous', invoices: [] });
    expect(harbour?.note).toMatch(/Harbour Primary School 36.*INV-000895 is Harbour Primary School 19's/);
    expect(harbour?.candidates.map((c) => c.invoices)).toContainEqual([1728]);
    expect(early).toMatchObject({
      class: 'refused',
      invoices: [],
      note: expect.stringContaining('before the invoice was issued (2026-03-01)'),
    });
    expect(future).toMatchObject({
      class: 'refused',
      invoices: [],
      note: expect.stringContaining(`payment date ${day(20)} is in the future`),
    });

    const summary = await sandbox.edshed(['invoices', 'reconcile', statement, '--date-format', 'dmy']);
    expect(String(summary.stdout)).toMatch(/^ {2}refused +2 /m);
    expect(String(summary.stdout)).toContain('-> refused: the API would refuse it');

    const applied = await sandbox.edshed(['bulk', 'apply', planFile, '--yes']);
    expect([applied.exitCode, String(applied.stderr)]).toEqual([0, expect.stringContaining('no writes')]);
    expect(await paidWrites()).toBe(0);
  }, 120_000);

  it('checks --accept before the first request: a missing line, another file, an id not whole', async () => {
    const statement = join(sandbox.dir, 'accept.csv');
    writeFileSync(statement, 'Date,Description,Amount,Currency\n27/11/2026,HARBOUR PRIM 36,660.00,GBP\n');
    const cases: [string, string][] = [
      [`${statement}:99=1733`, `${statement} has no statement line 99 (its statement lines are 2 to 2)`],
      [`${join(sandbox.dir, 'other.csv')}:2=1733`, 'other.csv is not a statement read here'],
      [`${statement}:2=17.5`, 'invoice id "17.5" is not a whole number'],
    ];
    for (const [accept, message] of cases) {
      sent = [];
      const result = await sandbox.edshed([
        'invoices',
        'reconcile',
        statement,
        '--date-format',
        'dmy',
        '--accept',
        accept,
      ]);
      expect(sent, accept).toEqual([]);
      expect([result.exitCode, String(result.stderr)]).toEqual([2, expect.stringContaining(message)]);
    }
  }, 60_000);

  it('says what an accepted invoice is when it cannot be paid, exits 2 and writes no plan', async () => {
    const statement = join(sandbox.dir, 'accept-void.csv');
    writeFileSync(statement, 'Date,Description,Amount,Currency\n27/11/2026,OAKFIELD PRIM INV-000556,28.80,GBP\n');
    const voids = await sandbox.edshed(['invoices', 'list', '--state', 'void', '--take', '1', '--json']);
    const voided = (JSON.parse(String(voids.stdout)) as { invoices: { id: number; number: string }[] }).invoices[0];
    expect(voided).toBeDefined();
    const planFile = join(sandbox.dir, 'void-plan.json');
    const refused = await sandbox.edshed([
      'invoices',
      'reconcile',
      statement,
      '--date-format',
      'dmy',
      '--plan',
      planFile,
      '--accept',
      `${statement}:2=${voided?.id}`,
    ]);
    expect(refused.exitCode).toBe(2);
    expect(String(refused.stderr)).toContain(
      `invoice ${voided?.number} (id ${voided?.id}) cannot be marked paid: void`,
    );
    expect(existsSync(planFile)).toBe(false);
    // Another school's invoice than the one the line names.
    const other = await sandbox.edshed([
      'invoices',
      'reconcile',
      statement,
      '--date-format',
      'dmy',
      '--plan',
      planFile,
      '--accept',
      `${statement}:2=556`,
    ]);
    expect([other.exitCode, String(other.stderr)]).toEqual([
      2,
      expect.stringContaining(
        "the line names Oakfield Primary School, but invoice INV-000556 is Ashgrove Primary School 12's",
      ),
    ]);
    expect(existsSync(planFile)).toBe(false);
    // The invoice of the school named is accepted.
    const oakfield = await sandbox.edshed(['invoices', 'list', '--school-id', '1', '--state', 'open', '--json']);
    const open = (
      JSON.parse(String(oakfield.stdout)) as { invoices: { id: number; currency: string; issued_at: string }[] }
    ).invoices.find((i) => i.currency === 'gbp' && i.issued_at <= '2026-11-27');
    expect(open).toBeDefined();
    const accepted = await sandbox.edshed([
      'invoices',
      'reconcile',
      statement,
      '--date-format',
      'dmy',
      '--plan',
      planFile,
      '--accept',
      `${statement}:2=${open?.id}`,
    ]);
    expect(accepted.exitCode, String(accepted.stderr)).toBe(0);
    expect(readFileSync(planFile, 'utf8')).toContain('"accepted": true');
  }, 60_000);
});
