import { describe, expect, it } from 'vitest';
import { createClient } from '../../core/api/client.js';
import { CliError } from '../../cli/errors/cli-error.js';
import { runSnapshotDelete } from '../../cli/commands/snapshots/delete.js';
import { waitForSnapshot } from '../../cli/commands/snapshots/poll.js';
import { scriptedPrompter } from '../../cli/prompt/prompter.js';
import { fakeFetch, json, type FakeAnswer } from '../core/api/support/fake-fetch.js';
import type { Snapshot } from '../../core/shapes/types.js';
import { fakeFactory, type FakeOptions } from '../helpers/fake-factory.js';
import { snapshotOf } from '../helpers/records.js';

const snapshot = (state: Snapshot['state'], progress: number, error: string | null = null) =>
  json(200, { snapshot: snapshotOf({ id: 3, start: '2026-09-01', end: '2026-11-01', state, progress, error }) });

function setup(answers: readonly FakeAnswer[], options: FakeOptions = {}) {
  const fake = fakeFetch(answers);
  const client = createClient({ baseUrl: 'http://api.test/', fetch: fake.fetch, retry: { retries: 0 } });
  const sleeps: number[] = [];
  const sleep = async (ms: number) => void sleeps.push(ms);
  return { f: fakeFactory({ client, ...options }), fake, sleeps, sleep };
}

describe('waiting for an engagement snapshot', () => {
  it('reads until the job is done, sleeping the interval between reads; a pipe gets a plain line per change, throttled', async () => {
    const { f, fake, sleeps, sleep } = setup([
      snapshot('queued', 0),
      snapshot('running', 40),
      snapshot('running', 80),
      snapshot('done', 100),
    ]);
    const done = await waitForSnapshot(f, 3, { intervalMs: 1500, sleep });
    expect(done.state).toBe('done');
    expect(fake.calls.map((c) => c.url)).toEqual(
      Array(4).fill('http://api.test/superuser/sales/reports/engagement/snapshots/3'),
    );
    expect(sleeps).toEqual([1500, 1500, 1500]);
    // The fake clock stands still: after the first line only the final one passes the 5 s throttle.
    expect(f.err()).toBe('Engagement snapshot 3: queued, 0%\nEngagement snapshot 3: done, 100%\n');
  });

  it('redraws a bar in place when stderr is a terminal, and ends its line', async () => {
    const { f, sleep } = setup([snapshot('running', 40), snapshot('done', 100)], { stderrTty: true });
    await waitForSnapshot(f, 3, { intervalMs: 10, sleep });
    expect(f.err()).toBe(
      '\rEngagement snapshot 3 [########............]  40% running\x1b[K\rEngagement snapshot 3 [####################] 100% done\x1b[K\n',
    );
  });

  it('gives up with exit 1 and the job error when the job fails', async () => {
    const { f, sleep } = setup([snapshot('running', 30), snapshot('failed', 30, 'database is locked')]);
    const error = await waitForSnapshot(f, 3, { intervalMs: 10, sleep }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    expect(error).toMatchObject({
      exitCode: 1,
      message: 'Engagement snapshot 3 (2026-09-01 to 2026-11-01) failed: database is locked',
    });
  });

  it('stops waiting after --timeout with exit 1, saying the job goes on and how to wait again', async () => {
    const { f, fake, sleep } = setup([snapshot('running', 50)]);
    const error = await waitForSnapshot(f, 3, { intervalMs: 1000, timeoutMs: 3000, sleep }).catch((e: unknown) => e);
    expect(error).toMatchObject({ exitCode: 1 });
    expect((error as Error).message).toMatch(
      /still running \(50%\) after 3s; it goes on on the server: `edshed snapshots wait 3`/,
    );
    expect(fake.calls).toHaveLength(4);
  });

  it('stops waiting at Ctrl-C with exit 130, leaving the job to go on', async () => {
    const interrupt = new AbortController();
    const { f, fake } = setup([snapshot('running', 20)], { interrupt });
    const error = await waitForSnapshot(f, 3, { intervalMs: 1000, sleep: async () => interrupt.abort() }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({
      exitCode: 130,
      message:
        'Stopped waiting for engagement snapshot 3; its job goes on on the server: `edshed snapshots wait 3` waits again',
    });
    expect(fake.calls).toHaveLength(1);
  });
});

describe('deleting an engagement snapshot', () => {
  it('asks a question naming the snapshot and its period, and sends nothing on no', async () => {
    const prompter = scriptedPrompter(['n'], { interactive: true });
    const { f, fake } = setup([snapshot('done', 100)], { prompter, tty: true });
    const error = await runSnapshotDelete(f, { id: 3 }).catch((e: unknown) => e);
    expect(prompter.asked).toEqual(['Delete engagement snapshot 3 (2026-09-01 to 2026-11-01)?']);
    expect(error).toMatchObject({ exitCode: 2, message: 'Cancelled; nothing was sent' });
    expect(fake.calls.map((c) => c.init.method ?? 'GET')).toEqual(['GET']);
    expect(f.audited).toEqual([]);
  });
});
