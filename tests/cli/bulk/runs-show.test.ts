import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createJournal, type RunHeader } from '../../../cli/bulk/journal.js';
import { run } from '../../../cli/main.js';
import { fakeFactory } from '../../helpers/fake-factory.js';

// `runs show` of a run that stopped early: the items never sent have no line in the journal, yet they are
// not done, and the heading above the items listed must not count them out.

const header = (runId: string, items: number): RunHeader => ({
  type: 'run',
  version: 1,
  run_id: runId,
  command: 'invoices mark-paid',
  file: 'payments.csv',
  created: '2026-11-02T10:00:00.000Z',
  items,
  idempotency_prefix: `edshed-bulk-${runId}`,
  api: 'http://127.0.0.1:8787/',
  profile: 'default',
});

const outcome = (index: number, status: 'done' | 'failed' | 'skipped') => ({
  index,
  line: index + 2,
  status,
  http_status: status === 'done' ? 200 : status === 'failed' ? 404 : null,
  message: status,
  request_id: null,
});

/** A run of 22 items stopped after 5: 1 done, 4 not done with a line each, 17 never sent. */
async function stoppedRun(): Promise<{ env: Record<string, string>; id: string }> {
  const env = { XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'edshed-runs-show-')) };
  const id = '20261102-100000-8000';
  const journal = createJournal(env, header(id, 22));
  journal.append(outcome(0, 'done'));
  journal.append(outcome(1, 'failed'));
  journal.append(outcome(2, 'skipped'));
  journal.sent({ index: 3, line: 5 });
  journal.unsent({ index: 3, line: 5, message: 'Network error: fetch failed (ECONNREFUSED)' });
  journal.sent({ index: 4, line: 6 });
  await journal.close();
  return { env, id };
}

describe('runs show of a run stopped before every item was sent', () => {
  it('counts every item not done in the piped heading, and says how many were never sent', async () => {
    const { env, id } = await stoppedRun();
    const piped = fakeFactory({ env });
    expect(await run(['runs', 'show', id], piped)).toBe(0);
    expect(piped.err()).toContain('Items not done (21): 4 listed below; 17 more were never sent');
    expect(piped.err()).not.toContain('Items not done (4)');
    expect(piped.out()).toMatch(/#?1\b.*failed/);
  });

  it('counts them in the terminal view too', async () => {
    const { env, id } = await stoppedRun();
    const shown = fakeFactory({ env, tty: true });
    expect(await run(['runs', 'show', id], shown)).toBe(0);
    expect(shown.out()).toMatch(/^Not done \(21\)$/m);
    expect(shown.out()).toMatch(/17 more items were never sent/);
    expect(shown.out()).toContain(`edshed runs resume ${id}`);
  });

  it('gives the count of items never sent in --json', async () => {
    const { env, id } = await stoppedRun();
    const json = fakeFactory({ env });
    expect(await run(['runs', 'show', id, '--json'], json)).toBe(0);
    const shown = JSON.parse(json.out()) as { not_done: unknown[]; never_sent: number; pending: number };
    expect(shown.not_done).toHaveLength(4);
    expect(shown.never_sent).toBe(17);
    expect(shown.pending).toBe(18);
  });

  it('says so when no item has a line yet, piped and on a terminal', async () => {
    const env = { XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'edshed-runs-show-')) };
    await createJournal(env, header('r-none', 3)).close();
    const piped = fakeFactory({ env });
    expect(await run(['runs', 'show', 'r-none'], piped)).toBe(0);
    expect(piped.err()).toContain('Items not done (3): 3 were never sent');
    const shown = fakeFactory({ env, tty: true });
    expect(await run(['runs', 'show', 'r-none'], shown)).toBe(0);
    expect(shown.out()).toMatch(/Not done: 3 items were never sent/);
  });
});
