import { describe, expect, it } from 'vitest';
import { abortableSleep } from '../../../core/api/index.js';

describe('abortableSleep', () => {
  it('resolves after a zero wait', async () => {
    await expect(abortableSleep(0)).resolves.toBeUndefined();
  });

  it('rejects with the reason as soon as the signal is aborted, without waiting out the timer', async () => {
    const controller = new AbortController();
    const waiting = abortableSleep(3_600_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(waiting).rejects.toThrow('stop');
  });

  it('rejects at once for an already aborted signal', async () => {
    await expect(abortableSleep(3_600_000, AbortSignal.abort(new Error('already')))).rejects.toThrow('already');
  });
});
