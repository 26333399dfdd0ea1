import { useCallback, useEffect, useRef, type Dispatch } from 'react';
import type { ApiMethods } from '../../../core/endpoints/methods.js';
import type { DashFailures } from '../../dash/failures.js';
import type { DashEvent } from './state.js';

export interface DashDataOptions<D> {
  /** Milliseconds between refreshes after one that worked. */
  readonly interval: number;
  readonly now: () => number;
  /** A failure a retry cannot mend (401, 403): the dashboard ends with it. */
  readonly onFatal: (error: unknown) => void;
  /** Which failures end it, how they read, when to try again (cli/dash/failures.ts, from the command). */
  readonly failures: DashFailures;
  /** A first read already sent: taken as the first fetch instead of sending another. */
  readonly first?: Promise<D> | undefined;
  /** The first read's answer is already on screen: the next read comes after the interval. */
  readonly answered?: boolean | undefined;
}

/**
 * Loads a dashboard's data with `api` now and every `interval`, and answers a function that refreshes
 * at once. Never two fetches at once: a refresh asked for during one is dropped (its answer is just
 * coming). A failure keeps the data on screen, sets the banner and tries again by itself, sooner than
 * the interval but never sooner than the server's Retry-After.
 *
 * @example
 * const refresh = useDashData(api, spec.load, dispatch, { interval: 30_000, now: Date.now, onFatal, failures: DASH_FAILURES });
 */
export function useDashData<D>(
  api: ApiMethods,
  load: (api: ApiMethods) => Promise<D>,
  dispatch: Dispatch<DashEvent<D>>,
  options: DashDataOptions<D>,
): () => void {
  const inFlight = useRef(false);
  const failures = useRef(0);
  const timer = useRef<NodeJS.Timeout | undefined>(undefined);
  const live = useRef(true);
  const pending = useRef(options.first);
  const answered = useRef(options.answered === true);
  const {
    interval,
    now,
    onFatal,
    failures: { isFatal, retryDelay, failureReason },
  } = options;

  const fetchNow = useCallback((): void => {
    if (inFlight.current || !live.current) return;
    inFlight.current = true;
    clearTimeout(timer.current);
    dispatch({ kind: 'fetch-start' });
    const schedule = (ms: number) => {
      if (live.current) timer.current = setTimeout(fetchNow, ms);
    };
    const read = pending.current ?? load(api);
    pending.current = undefined;
    read.then(
      (data) => {
        inFlight.current = false;
        failures.current = 0;
        dispatch({ kind: 'fetch-ok', data, at: now() });
        schedule(interval);
      },
      (error: unknown) => {
        inFlight.current = false;
        if (isFatal(error)) return onFatal(error);
        failures.current += 1;
        const wait = retryDelay(error, failures.current, interval);
        dispatch({ kind: 'fetch-failed', message: failureReason(error), retryAt: now() + wait });
        schedule(wait);
      },
    );
  }, [api, load, dispatch, interval, now, onFatal, isFatal, retryDelay, failureReason]);

  useEffect(() => {
    live.current = true;
    if (answered.current) {
      answered.current = false;
      timer.current = setTimeout(fetchNow, interval);
    } else fetchNow();
    return () => {
      live.current = false;
      clearTimeout(timer.current);
    };
  }, [fetchNow, interval]);
  return fetchNow;
}
