import { describe, expect, it } from 'vitest';
import { createExclusive } from '../../sandbox/server/exclusive.js';

describe('the transaction lock', () => {
  it('runs synchronous work at once when free, answering its value directly', () => {
    const lock = createExclusive();
    expect(lock.run(() => 42)).toBe(42);
    expect(() =>
      lock.run(() => {
        throw new Error('boom');
      }),
    ).toThrow('boom');
    // The error released the lock: the next work runs at once again.
    expect(lock.run(() => 'again')).toBe('again');
  });

  it('queues work behind asynchronous work, in order, and never interleaves it', async () => {
    const lock = createExclusive();
    const order: string[] = [];
    let release = (): void => undefined;
    const slow = lock.run(
      () =>
        new Promise<string>((resolve) => {
          order.push('slow starts');
          release = () => resolve('slow');
        }),
    );
    const queued = lock.run(() => {
      order.push('queued runs');
      return 'queued';
    });
    expect(queued).toBeInstanceOf(Promise);
    const failing = lock.run(() => Promise.reject(new Error('later failure')));
    const last = lock.run(() => order.push('last runs'));
    expect(order).toEqual(['slow starts']);
    release();
    expect(await slow).toBe('slow');
    expect(await queued).toBe('queued');
    await expect(failing).rejects.toThrow('later failure');
    await last;
    expect(order).toEqual(['slow starts', 'queued runs', 'last runs']);
    expect(lock.run(() => 'free again')).toBe('free again');
  });
});
