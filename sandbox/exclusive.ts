/**
 * One database connection serves every request, so a transaction must not interleave with another
 * request's statements. Synchronous work runs at once; work that awaits holds the lock until it settles
 * and later callers queue behind it.
 */
export interface Exclusive {
  run<T>(work: () => T | Promise<T>): Promise<T>;
}

/**
 * A lock for the transactional section of requests (and background jobs that write).
 *
 * @example
 * const lock = createExclusive();
 * await lock.run(() => db.prepare('UPDATE ...').run());
 */
export function createExclusive(): Exclusive {
  let held = false;
  const waiting: (() => void)[] = [];
  const next = (): void => {
    const wake = waiting.shift();
    if (wake) wake();
    else held = false;
  };
  const enter = async <T>(work: () => T | Promise<T>): Promise<T> => {
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
    try {
      return await result;
    } finally {
      next();
    }
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
