import { appendFileSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createJournal,
  journalFile,
  newRunId,
  reopenJournal,
  runsDir,
  type RunHeader,
} from '../../../cli/bulk/journal.js';
import { IN_FLIGHT_AT_STOP, readJournal, shouldSend } from '../../../cli/bulk/journal-state.js';

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

const outcome = (index: number, status: 'done' | 'failed' | 'unknown' | 'skipped') => ({
  index,
  line: index + 2,
  status,
  http_status: status === 'done' ? 200 : null,
  message: status,
  request_id: null,
});

describe('run journal', () => {
  it('names runs by time, sortably', () => {
    expect(newRunId(new Date('2026-11-02T10:00:00Z'), () => 0.5)).toBe('20261102-100000-8000');
  });

  it('keeps the journal private, header first, and reads back where each item stands', async () => {
    const env = { XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'edshed-journal-')) };
    const journal = createJournal(env, header('r1', 6));
    journal.append(outcome(0, 'done'));
    journal.append(outcome(1, 'failed'));
    journal.append(outcome(2, 'unknown'));
    journal.append(outcome(3, 'skipped'));
    journal.append(outcome(1, 'done'));
    await journal.close();
    expect(statSync(runsDir(env)).mode & 0o777).toBe(0o700);
    expect(statSync(journalFile(env, 'r1')).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(journalFile(env, 'r1'), 'utf8').split('\n')[0] ?? '')).toMatchObject({
      type: 'run',
      run_id: 'r1',
      items: 6,
    });

    const state = await readJournal(env, 'r1');
    expect(state.counts).toEqual({ done: 2, failed: 0, unknown: 1, skipped: 1, pending: 2 });
    expect([0, 1, 2, 3, 4, 5].map((i) => state.statusOf(i))).toEqual([
      'done',
      'done',
      'unknown',
      'skipped',
      'pending',
      'pending',
    ]);
  });

  it('puts an item whose request never reached the server back to waiting: a plain resume sends it, runs show says why', async () => {
    const env = { XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'edshed-journal-')) };
    const journal = createJournal(env, header('r-unsent', 3));
    journal.append(outcome(0, 'done'));
    journal.sent({ index: 1, line: 3 });
    journal.unsent({ index: 1, line: 3, message: 'Network error: fetch failed (ECONNREFUSED)' });
    journal.sent({ index: 2, line: 4 });
    journal.unsent({ index: 2, line: 4, message: 'Network error: fetch failed (ECONNREFUSED)' });
    journal.sent({ index: 2, line: 4 });
    await journal.close();
    const state = await readJournal(env, 'r-unsent');
    expect([0, 1, 2].map((i) => state.statusOf(i))).toEqual(['done', 'pending', 'unknown']);
    expect(shouldSend(state.statusOf(1), false)).toBe(true);
    expect(state.counts).toMatchObject({ done: 1, pending: 1, unknown: 1, failed: 0 });
    expect(state.problems[0]).toMatchObject({
      index: 1,
      status: 'unsent',
      message: expect.stringMatching(/ECONNREFUSED/),
    });
  });

  it('lets a resume pick up exactly the items not done, after a crash cut the last line short', async () => {
    const env = { XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'edshed-journal-')) };
    const journal = createJournal(env, header('r2', 5));
    journal.append(outcome(0, 'done'));
    journal.append(outcome(1, 'failed'));
    journal.append(outcome(2, 'unknown'));
    await journal.close();
    appendFileSync(journalFile(env, 'r2'), '{"type":"item","index":3,"li');

    const state = await readJournal(env, 'r2');
    const send = (retryFailed: boolean) => [0, 1, 2, 3, 4].filter((i) => shouldSend(state.statusOf(i), retryFailed));
    expect(send(false)).toEqual([2, 3, 4]);
    expect(send(true)).toEqual([1, 2, 3, 4]);

    const resumed = reopenJournal(env, 'r2', new Date('2026-11-02T11:00:00Z'));
    resumed.append(outcome(3, 'done'));
    await resumed.close();
    const after = await readJournal(env, 'r2');
    expect(after.statusOf(3)).toBe('done');
    expect(after.resumes).toBe(1);
  });

  it('counts an item sent without an outcome after it (in flight when the run died) as unknown, to read back and send again', async () => {
    const env = { XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'edshed-journal-')) };
    const journal = createJournal(env, header('r3', 3));
    journal.sent({ index: 0, line: 2 });
    journal.append(outcome(0, 'done'));
    journal.sent({ index: 1, line: 3 });
    await journal.close();
    const state = await readJournal(env, 'r3');
    expect([0, 1, 2].map((i) => state.statusOf(i))).toEqual(['done', 'unknown', 'pending']);
    expect(state.counts).toEqual({ done: 1, failed: 0, unknown: 1, skipped: 0, pending: 1 });
    expect(state.problems).toEqual([
      { index: 1, line: 3, status: 'unknown', http_status: null, message: IN_FLIGHT_AT_STOP, request_id: null },
    ]);
    expect([0, 1, 2].filter((i) => shouldSend(state.statusOf(i), false))).toEqual([1, 2]);
  });

  it('writes an intent, with the outcomes held before it, before sent() returns; held outcomes by the end of the turn', async () => {
    const env = { XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'edshed-journal-')) };
    const journal = createJournal(env, header('r-held', 3));
    const types = () =>
      readFileSync(journalFile(env, 'r-held'), 'utf8')
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { type: string }).type);
    journal.sent({ index: 0, line: 2 });
    expect(types()).toEqual(['run', 'sent']);
    journal.append(outcome(0, 'done'));
    journal.sent({ index: 1, line: 3 });
    expect(types()).toEqual(['run', 'sent', 'item', 'sent']);
    journal.append(outcome(1, 'done'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(types()).toEqual(['run', 'sent', 'item', 'sent', 'item']);
    await journal.close();
    expect((await readJournal(env, 'r-held')).counts).toMatchObject({ done: 2, pending: 1 });
  });

  it('refuses an unknown run id', async () => {
    await expect(readJournal({ XDG_STATE_HOME: tmpdir() }, '../etc')).rejects.toThrow(/no run \.\.\/etc/);
  });

  it('keeps, as it writes, the state that reading the journal back gives', async () => {
    const env = { XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'edshed-journal-')) };
    const journal = createJournal(env, header('r-tally', 6));
    journal.append({ ...outcome(5, 'skipped'), message: 'drift: open -> paid' });
    journal.sent({ index: 0, line: 2, key: 'INV-1' });
    journal.sent({ index: 1, line: 3 });
    journal.sent({ index: 2, line: 4, key: 'INV-3' });
    journal.sent({ index: 3, line: 5, key: 'INV-4' });
    journal.append({ ...outcome(0, 'done'), key: 'INV-1' });
    journal.unsent({ index: 1, line: 3, message: 'Network error: ECONNREFUSED' });
    journal.append({ ...outcome(2, 'failed'), key: undefined });
    // An item outside the run is passed over, as reading it back does.
    journal.append(outcome(9, 'done'));
    await journal.close();
    const kept = journal.state?.();
    const read = await readJournal(env, 'r-tally');
    expect(kept).toBeDefined();
    expect(kept?.counts).toEqual(read.counts);
    expect(kept?.counts).toEqual({ done: 1, failed: 1, unknown: 1, skipped: 1, pending: 2 });
    expect(kept?.problems).toEqual(read.problems);
    expect(kept?.problems.map((p) => [p.index, p.status, p.key])).toEqual([
      [1, 'unsent', undefined],
      [2, 'failed', 'INV-3'],
      [3, 'unknown', 'INV-4'],
      [5, 'skipped', undefined],
    ]);
    expect([0, 1, 2, 3, 4, 5].map((i) => kept?.statusOf(i))).toEqual([0, 1, 2, 3, 4, 5].map((i) => read.statusOf(i)));
    expect(kept?.header).toEqual(read.header);
    expect(kept?.resumes).toBe(read.resumes);
    // A journal reopened by a resume keeps no state of its own: its earlier sessions are read back.
    const resumed = reopenJournal(env, 'r-tally', new Date('2026-11-02T11:00:00Z'));
    await resumed.close();
    expect(resumed.state).toBeUndefined();
  });
});
