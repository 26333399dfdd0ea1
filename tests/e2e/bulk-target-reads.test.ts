import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../helpers/bulk-run.js';
import { countingProxy, type CountingProxy } from '../helpers/counting-proxy.js';
import { startSignedInSandbox, type SandboxProcess } from '../helpers/sandbox-process.js';

// How many list reads a signed-in dry run spends reading its targets, counted by a proxy in front of a
// started sandbox (the large seed: 10,000 invoices): the oldest ids of the book must cost what the
// newest do, about one read per page of ids named, however long the book.

const LIST = 'GET /subscriptions/invoices';
/** Ids named by each file; the list's largest page is 1,000 rows. */
const ROWS = 3_000;
const PAGE = 1_000;

describe('the targets of a bulk dry run, read once per run', () => {
  let sandbox: SandboxProcess;
  let proxy: CountingProxy;
  let ids: number[];
  beforeAll(async () => {
    sandbox = await startSignedInSandbox('superuser', ['--db', ':memory:', '--seed', 'large']);
    proxy = await countingProxy(sandbox.url);
    const login = await sandbox.edshed(
      ['login', '--api-url', proxy.url, '--profile', 'counted', '-u', 'superuser', '--password-stdin'],
      'sandbox\n',
    );
    expect(login.exitCode, String(login.stderr)).toBe(0);
    // Every invoice id, newest first, read straight from the sandbox (not counted).
    ids = [];
    for (let skip = 0; ; skip += PAGE) {
      const listed = await sandbox.edshed([
        'invoices',
        'list',
        '--skip',
        String(skip),
        '--take',
        String(PAGE),
        '--json',
      ]);
      const page = (json(listed.stdout).invoices as { id: number }[]).map((i) => i.id);
      ids.push(...page);
      if (page.length < PAGE) break;
    }
  }, 120_000);
  afterAll(async () => {
    await proxy.close();
    await sandbox.stop();
  });

  /** The list reads of a dry run paying these invoices, and the targets its plan counts. */
  async function dryRun(name: string, targets: readonly number[]): Promise<{ reads: number; found: number }> {
    const path = join(sandbox.dir, name);
    writeFileSync(path, `id,method,date\n${targets.map((id) => `${id},bacs,2026-09-01`).join('\n')}\n`);
    proxy.reset();
    const run = await sandbox.edshed([
      'invoices',
      'mark-paid',
      '--from',
      path,
      '--dry-run',
      '--json',
      '--profile',
      'counted',
    ]);
    expect(run.exitCode, String(run.stderr)).toBe(0);
    const plan = json(run.stdout) as { targets: { states: Record<string, number>; not_found: number } };
    return {
      reads: proxy.counts().get(LIST) ?? 0,
      found: Object.values(plan.targets.states).reduce((a, b) => a + b, 0),
    };
  }

  it(
    'reads the oldest ids of the book in as many requests as the newest: about one per page of ids named',
    { timeout: 120_000 },
    async () => {
      expect(ids.length).toBeGreaterThanOrEqual(3 * ROWS);
      const oldest = await dryRun('oldest.csv', ids.slice(-ROWS));
      const newest = await dryRun('newest.csv', ids.slice(0, ROWS));
      expect(oldest.found).toBe(ROWS);
      expect(newest.found).toBe(ROWS);
      // One page of the list to learn where it starts, then a page per 1,000 ids (walking the book from its
      // newest, 100 a page, took 100 reads for the oldest 3,000 and 30 for the newest).
      expect(oldest.reads).toBeLessThanOrEqual(ROWS / PAGE + 1);
      expect(newest.reads).toBeLessThanOrEqual(ROWS / PAGE + 1);
      expect(Math.abs(oldest.reads - newest.reads)).toBeLessThanOrEqual(1);
    },
  );
});
