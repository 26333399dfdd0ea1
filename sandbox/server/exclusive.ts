/**
 * One database connection serves every request, so a transaction must not interleave with another
 * request's statements. Synchronous work runs at once; work that awaits holds the lock until it settles
 * and later callers queue behind it.
 */
export interface Exclusive {
  /**
   * Runs `work` alone. When the lock is free and `work` is synchronous, it runs at once and its result (or
   * error) comes back directly, with no promise: most requests take this path. Otherwise a promise.
   */
  run<T>(work: () => T | Promise<T>): T | Promise<T>;
}

/**
 * A lock for the transactional section of requests (and background jobs that write).
 *
 * @example
 * const lock = createExclusive();
 * await lock.run(() => run(db, 'UPDATE ...'));
 */
export function createExclusive(): Exclusive {
  let held = false;
  const waiting: (() => void)[] = [];
  const next = (): void => {
    const wake = waiting.shift();
    if (wake) wake();
    else held = false;
  };
  const enter = <T>(work: () => T | Promise<T>): T | Promise<T> => {
    let result: T | Promise<T>;
    try {
      result = work();
    } catch (error) {
      next();
      throw error;
    }
    if (!(result instanceof Promise)) {
      next();
      return result;
    }
    return result.finally(next);
  };
  return {
    run(work) {
      if (!held) {
        held = true;
        return enter(work);
      }
      return new Promise<void>((resolve) => waiting.push(resolve)).then(() => enter(work));
    },
  };
}
