import type { ItemStatus } from './journal.js';

/** Counts of a run as it goes, for the progress line. */
export interface ProgressCounts {
  /** Items this session will send (after a resume: those not done before). */
  readonly total: number;
  readonly done: number;
  readonly failed: number;
  readonly unknown: number;
  readonly inFlight: number;
}

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.round(seconds);
  return s < 60 ? `${s}s` : s < 3600 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s` : `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/**
 * The plain progress line: done, failed, unknown, in flight, rate and time left.
 *
 * @example
 * progressLine({ total: 868, done: 120, failed: 2, unknown: 0, inFlight: 4 }, 4) // '120/868 done, 2 failed, 0 unknown, 4 in flight, 30.5/s, ETA 24s'
 */
export function progressLine(counts: ProgressCounts, elapsedSeconds: number): string {
  const finished = counts.done + counts.failed + counts.unknown;
  const rate = elapsedSeconds > 0 ? finished / elapsedSeconds : 0;
  const eta = rate > 0 ? duration((counts.total - finished) / rate) : '?';
  return `${counts.done}/${counts.total} done, ${counts.failed} failed, ${counts.unknown} unknown, ${counts.inFlight} in flight, ${rate.toFixed(1)}/s, ETA ${eta}`;
}

/** Tracks a run's counts and prints the progress line on a timer. */
export interface Progress {
  started(): void;
  finished(status: ItemStatus): void;
  readonly counts: ProgressCounts;
  stop(): void;
}

/**
 * Starts the plain progress line on stderr every `everyMs` (none when quiet); the Ink view on a
 * terminal is a later step.
 *
 * @example
 * const progress = startProgress(868, (line) => c.io.stderr.write(`${line}\n`), { now: Date.now });
 */
export function startProgress(total: number, write: ((line: string) => void) | undefined, options: { readonly now: () => number; readonly everyMs?: number }): Progress {
  const counts = { total, done: 0, failed: 0, unknown: 0, inFlight: 0 };
  const began = options.now();
  const timer = write ? setInterval(() => write(progressLine(counts, (options.now() - began) / 1000)), options.everyMs ?? 5_000) : undefined;
  timer?.unref();
  return {
    counts,
    started: () => {
      counts.inFlight += 1;
    },
    finished: (status) => {
      counts.inFlight = Math.max(0, counts.inFlight - 1);
      if (status === 'done' || status === 'failed' || status === 'unknown') counts[status] += 1;
    },
    stop: () => clearInterval(timer),
  };
}
