import type { ItemStatus } from '../../bulk/journal.js';

/** Why the runner holds every request back for a while. */
export type PauseReason = 'rate-limit' | 'server-failure';

/** What the bulk runner reports as it goes; `at` is the clock in milliseconds. */
export type ProgressEvent =
  | { readonly kind: 'sent'; readonly at: number }
  /** A send ended without an outcome (429, a server failure to retry): the item left flight for the queue. */
  | { readonly kind: 'requeued'; readonly at: number }
  | {
      readonly kind: 'settled';
      readonly at: number;
      readonly status: ItemStatus;
      readonly line: number;
      readonly message: string;
    }
  | {
      readonly kind: 'paused';
      readonly at: number;
      readonly until: number;
      readonly reason: PauseReason;
      readonly message: string;
    }
  | { readonly kind: 'note'; readonly at: number; readonly message: string }
  | { readonly kind: 'stopping'; readonly at: number }
  | { readonly kind: 'tick'; readonly at: number };

export interface ItemError {
  readonly line: number;
  readonly status: ItemStatus;
  readonly message: string;
}

/** Items finished in one second of the clock, for the rate over a sliding window. */
interface Bucket {
  readonly second: number;
  readonly count: number;
}

export interface BulkProgressState {
  /** Items this session will send (after a resume: those not done before). */
  readonly total: number;
  readonly done: number;
  readonly failed: number;
  readonly unknown: number;
  readonly skipped: number;
  readonly inFlight: number;
  readonly startedAt: number;
  readonly now: number;
  readonly recent: readonly Bucket[];
  /** The latest failed or unknown items, oldest first. */
  readonly errors: readonly ItemError[];
  readonly pause?: { readonly until: number; readonly reason: PauseReason } | undefined;
  /** The latest note for the user (a pause, a stop and why). */
  readonly note?: string | undefined;
  /** The note is the pause's own ("Rate limited (429): pausing ..."): it goes when the pause ends. */
  readonly noteOfPause?: boolean | undefined;
  /** After the first Ctrl-C: nothing new starts, in-flight items finish. */
  readonly stopping: boolean;
}

/** Seconds the rate is measured over. */
export const RATE_WINDOW_S = 10;
export const ERRORS_SHOWN = 5;

/**
 * The state before the first item.
 *
 * @example
 * initialProgress(868, Date.now())
 */
export function initialProgress(total: number, at: number): BulkProgressState {
  return {
    total,
    done: 0,
    failed: 0,
    unknown: 0,
    skipped: 0,
    inFlight: 0,
    startedAt: at,
    now: at,
    recent: [],
    errors: [],
    stopping: false,
  };
}

function count(recent: readonly Bucket[], at: number): readonly Bucket[] {
  const second = Math.floor(at / 1000);
  const kept = recent.filter((b) => b.second > second - RATE_WINDOW_S);
  const last = kept.at(-1);
  return last?.second === second
    ? [...kept.slice(0, -1), { second, count: last.count + 1 }]
    : [...kept, { second, count: 1 }];
}

/**
 * The next state after one event from the runner: a pure function, so the view and the plain line
 * read the same figures.
 *
 * @example
 * const next = progressReducer(initialProgress(10, 0), { kind: 'settled', at: 500, status: 'done', line: 2, message: 'ok' });
 */
export function progressReducer(state: BulkProgressState, event: ProgressEvent): BulkProgressState {
  const now = Math.max(state.now, event.at);
  // Every item finished: nothing is held back any more, whatever the last pause's end said.
  const pause = state.pause && state.pause.until > now && finished(state) < state.total ? state.pause : undefined;
  // A pause's note says "pausing for 55s": once the pause is over (or the run ended) it would be stale.
  const stale = state.noteOfPause === true && pause === undefined;
  const base = { ...state, now, pause, ...(stale ? { note: undefined, noteOfPause: undefined } : {}) };
  switch (event.kind) {
    case 'sent':
      return { ...base, inFlight: state.inFlight + 1 };
    case 'requeued':
      return { ...base, inFlight: Math.max(0, state.inFlight - 1) };
    case 'settled': {
      const inFlight = Math.max(0, state.inFlight - 1);
      const errors =
        event.status === 'failed' || event.status === 'unknown'
          ? [...state.errors, { line: event.line, status: event.status, message: event.message }].slice(-ERRORS_SHOWN)
          : state.errors;
      const settled = {
        ...base,
        inFlight,
        [event.status]: state[event.status] + 1,
        recent: count(state.recent, event.at),
        errors,
      };
      // The last item settling ends the run: the final frame holds its last state, not a pause.
      if (finished(settled) < settled.total) return settled;
      return {
        ...settled,
        pause: undefined,
        ...(settled.noteOfPause ? { note: undefined, noteOfPause: undefined } : {}),
      };
    }
    case 'paused':
      if (event.until <= now) return base;
      return {
        ...base,
        pause: { until: Math.max(event.until, pause?.until ?? 0), reason: event.reason },
        note: event.message,
        noteOfPause: true,
      };
    case 'note':
      return { ...base, note: event.message, noteOfPause: undefined };
    case 'stopping':
      return { ...base, stopping: true };
    case 'tick':
      return base;
  }
}

/** Items finished this session, whatever their outcome. */
export const finished = (s: BulkProgressState): number => s.done + s.failed + s.unknown + s.skipped;

/**
 * Items finished per second over the last RATE_WINDOW_S seconds (or since the start, when sooner).
 *
 * @example
 * ratePerSecond(state) // 30.5
 */
export function ratePerSecond(s: BulkProgressState): number {
  const second = Math.floor(s.now / 1000);
  const inWindow = s.recent.filter((b) => b.second > second - RATE_WINDOW_S).reduce((sum, b) => sum + b.count, 0);
  const windowStart = (second - RATE_WINDOW_S + 1) * 1000;
  const span = (s.now - Math.max(windowStart, s.startedAt)) / 1000;
  return span > 0 ? inWindow / span : 0;
}

/**
 * Seconds left at the current rate; undefined before anything finished (or while nothing moves).
 *
 * @example
 * etaSeconds(state) // 24
 */
export function etaSeconds(s: BulkProgressState): number | undefined {
  const rate = ratePerSecond(s);
  return rate > 0 ? Math.max(0, s.total - finished(s)) / rate : undefined;
}
