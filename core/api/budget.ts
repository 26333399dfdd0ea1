/**
 * Time that calls may spend waiting for the API in all: the clock runs while at least one call is in
 * flight (its attempts and the waits between them) and stops between calls, so a prompt or a pause
 * between two calls costs none of it.
 */
export interface TimeBudget {
  /** The whole budget, in milliseconds. */
  readonly totalMs: number;
  /** What is left now (0 or less: spent). */
  remainingMs(): number;
  /** Starts a call's clock; the function returned stops it (calling it twice is harmless). */
  enter(): () => void;
}

/**
 * A budget of `totalMs` on the clock `now`; concurrent calls share the same stretch of time (it is
 * counted once, not once per call).
 *
 * @example
 * const budget = timeBudget(30_000, Date.now);
 * const leave = budget.enter(); // ... a call ...
 * leave();
 * budget.remainingMs(); // 30 000 minus the time the call took
 */
export function timeBudget(totalMs: number, now: () => number): TimeBudget {
  let spent = 0;
  let inFlight = 0;
  let since = 0;
  return {
    totalMs,
    remainingMs: () => totalMs - spent - (inFlight > 0 ? now() - since : 0),
    enter() {
      if (inFlight === 0) since = now();
      inFlight += 1;
      let left = false;
      return () => {
        if (left) return;
        left = true;
        inFlight -= 1;
        if (inFlight === 0) spent += now() - since;
      };
    },
  };
}

/** An attempt's time limit: `timeoutMs` (0: none), and `totalMs` when that limit is what is left of a total. */
export interface AttemptLimit {
  readonly timeoutMs: number;
  readonly totalMs?: number;
}

/**
 * The next attempt's limit: the per-attempt `timeoutMs`, or what is left of the budget when that is
 * shorter; undefined when the budget is spent.
 *
 * @example
 * attemptLimit(30_000, timeBudget(10_000, Date.now)); // { timeoutMs: 10000, totalMs: 10000 }
 * attemptLimit(30_000, undefined); // { timeoutMs: 30000 }
 */
export function attemptLimit(timeoutMs: number, budget: TimeBudget | undefined): AttemptLimit | undefined {
  if (budget === undefined) return { timeoutMs };
  const left = Math.ceil(budget.remainingMs());
  if (left <= 0) return undefined;
  return timeoutMs > 0 && timeoutMs < left ? { timeoutMs } : { timeoutMs: left, totalMs: budget.totalMs };
}
