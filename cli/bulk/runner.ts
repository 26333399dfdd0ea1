import { abortableSleep } from '../../core/api/sleep.js';
import type { RowResult } from './bulk-command.js';
import type { BulkItem } from './items-file.js';
import type { PauseReason } from '../ui/bulk-progress/state.js';
import { errorVerdict, type Outcome, type Verdict } from './item-verdict.js';

/** How a run ended: every item through, Ctrl-C, the retry budget spent, or signed out. */
export type RunStop = 'complete' | 'interrupted' | 'paused' | 'auth';

export interface RunnerOptions<Row = unknown> {
  /** Requests in flight at most. */
  readonly concurrency: number;
  /** Requests started per second at most. */
  readonly rate?: number | undefined;
  /** Server failures (5xx, timeouts, dropped connections) in a row, after the client's own retries, before the run pauses. */
  readonly retryBudget: number;
  /** The Idempotency-Key of an item: the same for every send of it, in this run and any resume. */
  readonly keyOf: (item: BulkItem<Row>) => string;
  /** Aborted by the first Ctrl-C: start nothing new, let in-flight requests finish. */
  readonly signal: AbortSignal;
  /** Runs one item (a BulkCommand's run): its result, or the API's error for the runner to judge. */
  readonly run: (item: BulkItem<Row>, idempotencyKey: string, signal: AbortSignal) => Promise<RowResult>;
  /** An item's final outcome for this run (journal, results, progress). */
  readonly record: (item: BulkItem<Row>, outcome: Outcome) => void;
  readonly onStart?: (item: BulkItem<Row>) => void;
  /** A run ended without an outcome: the item waits in the queue to go again. */
  readonly onRequeue?: (item: BulkItem<Row>) => void;
  /** The item's request never reached the server (before `onRequeue`): it waits to be sent, now or by a resume. */
  readonly onNotSent?: (item: BulkItem<Row>, message: string) => void;
  /** A note for the user (a stop, and why). */
  readonly notify: (message: string) => void;
  /** The whole queue holds back until `until` (the clock's ms); without it, the pause is a note. */
  readonly onPause?: (pause: {
    readonly until: number;
    readonly reason: PauseReason;
    readonly message: string;
  }) => void;
  readonly now?: () => number;
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Longest wait for one item's answer (the client's retries included). */
  readonly itemTimeoutMs?: number;
}

/** Sends of one item that end in a server failure before it is recorded as failed or unknown. */
const TRIES_PER_ITEM = 3;
const MAX_BACKOFF_MS = 30_000;

/**
 * Runs items (one BulkCommand run each) with bounded concurrency and an optional rate. A 429 pauses the whole queue until the
 * server's reset and the item goes again; server failures back the queue off and the item goes again
 * later (each with the same key, so the server replays whatever it already applied), until the retry
 * budget is spent and the run pauses. Items not yet recorded when it stops stay pending for a resume.
 *
 * @example
 * const stop = await runItems(readItems(file, command.parse), { concurrency: 4, retryBudget: 10, keyOf, signal, run, record, notify });
 */
export async function runItems<Row>(items: AsyncIterable<BulkItem<Row>>, o: RunnerOptions<Row>): Promise<RunStop> {
  const now = o.now ?? Date.now;
  const sleep = o.sleep ?? abortableSleep;
  const source = items[Symbol.asyncIterator]();
  const again: BulkItem<Row>[] = [];
  const tries = new Map<number, number>();
  const active = new Set<Promise<void>>();
  let exhausted = false;
  let stop: RunStop | undefined;
  let serverFailures = 0;
  let pausedUntil = 0;
  let nextStart = 0;
  const deadlines = itemDeadlines(o.itemTimeoutMs ?? 120_000);

  const pause = (ms: number, why: string, reason: PauseReason) => {
    const until = now() + ms;
    if (until <= pausedUntil) return;
    const message = `${why}: pausing all requests for ${Math.ceil(ms / 1000)}s`;
    if (o.onPause) o.onPause({ until, reason, message });
    else if (pausedUntil <= now()) o.notify(message);
    pausedUntil = until;
  };
  const settle = (item: BulkItem<Row>, verdict: Verdict) => {
    if (verdict.kind === 'final') {
      serverFailures = 0;
      tries.delete(item.index);
      o.record(item, verdict.outcome);
      if (verdict.pauseMs !== undefined)
        pause(verdict.pauseMs, 'No requests left in the rate-limit window', 'rate-limit');
    } else if (verdict.kind === 'rate-limited') {
      again.unshift(item);
      o.onRequeue?.(item);
      pause(verdict.waitMs, 'Rate limited (429)', 'rate-limit');
    } else if (verdict.kind === 'auth') {
      again.unshift(item);
      o.onRequeue?.(item);
      if (stop === undefined) o.notify(`Stopping: ${verdict.message}`);
      stop ??= 'auth';
    } else {
      serverFailures += 1;
      const used = (tries.get(item.index) ?? 0) + 1;
      tries.set(item.index, used);
      // Never sent is no outcome: past its tries the item is left waiting (a resume sends it), never failed.
      if (verdict.kind === 'not-sent') o.onNotSent?.(item, verdict.message);
      if (used < TRIES_PER_ITEM) again.push(item);
      if (used < TRIES_PER_ITEM || verdict.kind === 'not-sent') o.onRequeue?.(item);
      else o.record(item, verdict.outcome);
      const last = verdict.kind === 'not-sent' ? verdict.message : verdict.outcome.message;
      if (serverFailures >= o.retryBudget && stop === undefined) {
        stop = 'paused';
        o.notify(`Pausing the run: ${serverFailures} server failures in a row (last: ${last})`);
      } else
        pause(
          Math.min(MAX_BACKOFF_MS, 500 * 2 ** (serverFailures - 1)),
          verdict.kind === 'not-sent' ? 'Server unreachable' : 'Server failure',
          'server-failure',
        );
    }
  };
  const start = (item: BulkItem<Row>) => {
    o.onStart?.(item);
    const deadline = deadlines.start();
    const done: Promise<void> = o
      .run(item, o.keyOf(item), deadline.signal)
      .then(
        (result): Verdict => ({ kind: 'final', ...result }),
        (error: unknown) => errorVerdict(error),
      )
      .then((verdict) => settle(item, verdict))
      .finally(() => {
        deadlines.end(deadline);
        active.delete(done);
      });
    active.add(done);
  };
  const next = async (): Promise<BulkItem<Row> | undefined> => {
    const retry = again.shift();
    if (retry !== undefined || exhausted) return retry;
    const read = await source.next();
    exhausted = read.done === true;
    return read.done ? undefined : read.value;
  };

  for (;;) {
    if (o.signal.aborted) stop ??= 'interrupted';
    if (stop !== undefined) break;
    if (active.size >= o.concurrency) {
      await Promise.race(active);
      continue;
    }
    const wait = Math.max(pausedUntil, nextStart) - now();
    if (wait > 0) {
      await sleep(wait, o.signal).catch(() => undefined);
      continue;
    }
    const item = await next();
    if (item === undefined) {
      if (active.size === 0 && again.length === 0) break;
      if (active.size > 0) await Promise.race(active);
      continue;
    }
    if (stop !== undefined || o.signal.aborted) {
      again.unshift(item);
      continue;
    }
    nextStart = o.rate ? now() + 1000 / o.rate : 0;
    start(item);
  }
  await Promise.allSettled(active);
  deadlines.stop();
  return stop ?? 'complete';
}

/**
 * Each item's time limit: a controller per item, aborted with a TimeoutError by one timer that checks
 * them all each second (a timer per item, as AbortSignal.timeout makes, costs more than it is worth
 * over thousands of items).
 */
function itemDeadlines(timeoutMs: number) {
  const open = new Map<AbortController, number>();
  let timer: NodeJS.Timeout | undefined;
  const check = () => {
    const now = performance.now();
    for (const [controller, at] of open) {
      if (at > now) continue;
      open.delete(controller);
      controller.abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError'));
    }
  };
  return {
    start: (): AbortController => {
      const controller = new AbortController();
      open.set(controller, performance.now() + timeoutMs);
      timer ??= setInterval(check, Math.min(1_000, timeoutMs)).unref();
      return controller;
    },
    end: (controller: AbortController) => void open.delete(controller),
    stop: () => clearInterval(timer),
  };
}
