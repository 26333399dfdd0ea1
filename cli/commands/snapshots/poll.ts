import { abortableSleep, type Sleep } from '../../../core/api/sleep.js';
import { CliError, EXIT } from '../../errors/cli-error.js';
import type { Factory } from '../../factory/factory.js';
import { openProgress } from '../../output/progress.js';
import { timeoutPerRequest } from '../../http/timeout.js';
import { capitalise, describeSnapshot, fetchSnapshot, type Snapshot } from './snapshot.js';

/** How to wait for a snapshot's job. */
export interface WaitOptions {
  /** Time between two reads of the snapshot. */
  readonly intervalMs: number;
  /** Give up after this long (exit 1; the job goes on on the server). None: wait as long as it takes. */
  readonly timeoutMs?: number | undefined;
  /** For tests: a sleep that returns at once. */
  readonly sleep?: Sleep | undefined;
}

const DEFAULT_INTERVAL_SECONDS = 2;

/** The snapshot commands whose `--timeout` is the wait for the job, not the request timeout (a common option they leave out). */
export const OWN_TIMEOUT: ReadonlySet<string> = new Set(['timeout']);

/**
 * Parses `--interval SECONDS` (a number from 0.2, default 2) or `--timeout SECONDS` into milliseconds.
 *
 * @example
 * parseSeconds('5', '--interval') // 5000
 */
export function parseSeconds(
  text: string | undefined,
  flag: string,
  fallback: number | undefined = DEFAULT_INTERVAL_SECONDS,
): number | undefined {
  if (text === undefined) return fallback === undefined ? undefined : fallback * 1000;
  const seconds = /^\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : Number.NaN;
  if (!(seconds >= 0.2))
    throw new CliError(`${flag}: expected a number of seconds from 0.2, got "${text}"; nothing was sent`, EXIT.usage);
  return Math.round(seconds * 1000);
}

/**
 * Reads a snapshot until its job is done, showing progress on stderr. A failed job is exit 1 with the
 * job's error; so is a timeout. Ctrl-C stops waiting (exit 130) after the read in flight. Either way
 * the job goes on, and `edshed snapshots wait ID` picks it up again.
 *
 * @example
 * const done = await waitForSnapshot(c, 3, { intervalMs: 2000 });
 */
export async function waitForSnapshot(command: Factory, id: number, options: WaitOptions): Promise<Snapshot> {
  // A wait reads again and again for as long as the job takes: --timeout is each read's.
  const c = timeoutPerRequest(command);
  const sleep = options.sleep ?? abortableSleep;
  const interrupted = c.io.interrupts();
  const stopped = () =>
    new CliError(
      `Stopped waiting for engagement snapshot ${id}; its job goes on on the server: \`edshed snapshots wait ${id}\` waits again`,
      EXIT.interrupted,
    );
  const progress = openProgress(c, `Engagement snapshot ${id}`);
  let waited = 0;
  try {
    for (;;) {
      if (interrupted.aborted) throw stopped();
      const snapshot = await fetchSnapshot(c, id);
      progress.update(snapshot.progress, snapshot.state);
      if (snapshot.state === 'done') return snapshot;
      if (snapshot.state === 'failed') {
        throw new CliError(
          `${capitalise(describeSnapshot(snapshot))} failed: ${snapshot.error ?? 'the API gave no reason'}`,
          EXIT.requestFailed,
        );
      }
      if (options.timeoutMs !== undefined && waited >= options.timeoutMs) {
        const seconds = Math.round(waited / 1000);
        throw new CliError(
          `${capitalise(describeSnapshot(snapshot))} is still ${snapshot.state} (${Math.round(snapshot.progress)}%) after ${seconds}s; it goes on on the server: \`edshed snapshots wait ${id}\` waits again`,
          EXIT.requestFailed,
        );
      }
      await sleep(options.intervalMs, interrupted).catch((error: unknown) => {
        throw interrupted.aborted ? stopped() : error;
      });
      waited += options.intervalMs;
    }
  } finally {
    progress.end();
  }
}
