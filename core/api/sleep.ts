/** Waits `ms` milliseconds; rejects with the signal's reason as soon as it is aborted. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/**
 * The default sleep: a timer that an abort signal cancels at once.
 *
 * @example
 * await abortableSleep(250, controller.signal);
 */
export const abortableSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
