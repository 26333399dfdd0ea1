import { describe, expect, it } from 'vitest';
import {
  ApiError,
  NetworkError,
  RateLimitedError,
  TimeoutError,
  UnexpectedAnswerError,
} from '../../../core/api/errors/index.js';
import type { ApiRequest, ApiResponse } from '../../../core/api/types.js';
import type { BulkItem, BulkRequest } from '../../../cli/bulk/items-file.js';
import { responseResult, type Outcome } from '../../../cli/bulk/item-verdict.js';
import { runItems, type RunnerOptions } from '../../../cli/bulk/runner.js';

const itemsOf = (n: number): BulkItem<BulkRequest>[] =>
  Array.from({ length: n }, (_, index) => ({
    index,
    line: index + 2,
    row: { method: 'POST', path: `things/${index}/done`, body: {} },
  }));

async function* stream(items: readonly BulkItem<BulkRequest>[]): AsyncGenerator<BulkItem<BulkRequest>> {
  yield* items;
}

const ok = (): ApiResponse<unknown> => ({
  status: 200,
  data: { ok: true },
  headers: new Headers(),
  apiTarget: undefined,
  requestId: 'r',
  replayed: false,
  attempts: 1,
});

/** A runner with a fake clock (sleeping moves it) and a send that answers with `answer` per call. */
function harness(
  answer: (request: ApiRequest, call: number) => Promise<ApiResponse<unknown>>,
  overrides: Partial<RunnerOptions<BulkRequest>> = {},
) {
  let clock = 0;
  const sent: { key: string; at: number }[] = [];
  const recorded: (Outcome & { index: number })[] = [];
  const notes: string[] = [];
  const sleeps: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const options: RunnerOptions<BulkRequest> = {
    concurrency: 3,
    retryBudget: 5,
    keyOf: (item) => `run-${item.index}`,
    signal: new AbortController().signal,
    run: async (item, idempotencyKey) => {
      const request: ApiRequest = { ...item.row, idempotencyKey };
      sent.push({ key: idempotencyKey, at: clock });
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        await new Promise((resolve) => setImmediate(resolve));
        return responseResult(await answer(request, sent.length), clock);
      } finally {
        inFlight -= 1;
      }
    },
    record: (item, outcome) => void recorded.push({ index: item.index, ...outcome }),
    notify: (line) => void notes.push(line),
    now: () => clock,
    sleep: async (ms) => {
      sleeps.push(ms);
      clock += ms;
    },
    ...overrides,
  };
  return { options, sent, recorded, notes, sleeps, maxInFlight: () => maxInFlight };
}

describe('bulk runner', () => {
  it('gives up on an item with no answer within its time limit: recorded unknown after its tries, the others done', async () => {
    const h = harness(async () => ok(), {
      itemTimeoutMs: 30,
      run: async (item, _key, signal) => {
        if (item.index !== 1) return responseResult(ok(), 0);
        // The server never answers item 1: only its time limit ends the wait.
        return new Promise((_, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true }),
        );
      },
    });
    expect(await runItems(stream(itemsOf(3)), h.options)).toBe('complete');
    expect(h.recorded.find((r) => r.index === 1)).toMatchObject({
      status: 'unknown',
      message: expect.stringContaining('no answer within 30 ms') as unknown,
    });
    expect(
      h.recorded
        .filter((r) => r.status === 'done')
        .map((r) => r.index)
        .sort(),
    ).toEqual([0, 2]);
  });

  it('sends every item once with its own key, never more than the concurrency at a time', async () => {
    const h = harness(async () => ok());
    expect(await runItems(stream(itemsOf(20)), h.options)).toBe('complete');
    expect(h.sent.map((s) => s.key).sort()).toEqual(
      itemsOf(20)
        .map((i) => `run-${i.index}`)
        .sort(),
    );
    expect(h.recorded.every((r) => r.status === 'done')).toBe(true);
    expect(h.maxInFlight()).toBeLessThanOrEqual(3);
  });

  it('spaces starts to honour --rate', async () => {
    const h = harness(async () => ok(), { rate: 4, concurrency: 1 });
    await runItems(stream(itemsOf(5)), h.options);
    const gaps = h.sent.slice(1).map((s, i) => s.at - (h.sent[i]?.at ?? 0));
    expect(gaps.every((gap) => gap >= 250)).toBe(true);
  });

  it('pauses the whole queue on a 429 until the reset, then sends the item again with the same key', async () => {
    const h = harness(
      async (request, call) => {
        if (call === 2) throw new RateLimitedError(undefined, { status: 429, retryAfterMs: 7_000 });
        return ok();
      },
      { concurrency: 1 },
    );
    expect(await runItems(stream(itemsOf(4)), h.options)).toBe('complete');
    expect(h.sent.map((s) => s.key)).toEqual(['run-0', 'run-1', 'run-1', 'run-2', 'run-3']);
    expect(h.sent[2]?.at).toBeGreaterThanOrEqual(7_000);
    expect(h.notes[0]).toMatch(/Rate limited \(429\): pausing all requests for 7s/);
    expect(h.recorded).toHaveLength(4);
  });

  it('reports each send leaving flight once, recorded or back in the queue, and a pause with its end', async () => {
    const events: string[] = [];
    const pauses: { until: number; reason: string }[] = [];
    const h = harness(
      async (request, call) => {
        if (call === 2) throw new RateLimitedError(undefined, { status: 429, retryAfterMs: 3_000 });
        if (request.path === 'things/2/done' && call < 6) throw new ApiError('Bad gateway', { status: 502 });
        return ok();
      },
      { concurrency: 2 },
    );
    const options: RunnerOptions<BulkRequest> = {
      ...h.options,
      onStart: () => void events.push('start'),
      onRequeue: () => void events.push('requeue'),
      record: (item, outcome) => {
        events.push('record');
        h.options.record(item, outcome);
      },
      onPause: (pause) => void pauses.push(pause),
    };
    expect(await runItems(stream(itemsOf(5)), options)).toBe('complete');
    const count = (kind: string) => events.filter((e) => e === kind).length;
    expect(count('start')).toBe(h.sent.length);
    expect(count('record')).toBe(5);
    expect(count('requeue')).toBe(h.sent.length - 5);
    expect(pauses[0]).toMatchObject({
      reason: 'rate-limit',
      message: 'Rate limited (429): pausing all requests for 3s',
    });
    expect(pauses.some((p) => p.reason === 'server-failure')).toBe(true);
    expect(h.notes).toEqual([]);
  });

  it('records a failure the row caused (a 4xx) and goes on', async () => {
    const h = harness(async (request) => {
      if (request.path === 'things/1/done')
        throw new ApiError('Conflict: already void', { status: 409, requestId: 'q' });
      return ok();
    });
    await runItems(stream(itemsOf(3)), h.options);
    expect(h.recorded.find((r) => r.index === 1)).toEqual({
      index: 1,
      status: 'failed',
      http_status: 409,
      message: 'Conflict: already void',
      request_id: 'q',
    });
  });

  it('sends an item again after a dropped connection, and records it unknown only after its tries', async () => {
    const dropped = () => new NetworkError('Network error: fetch failed', { outcomeUnknown: true });
    const h = harness(
      async (request) => {
        if (request.path === 'things/0/done') throw dropped();
        return ok();
      },
      { concurrency: 1 },
    );
    expect(await runItems(stream(itemsOf(3)), h.options)).toBe('complete');
    expect(h.sent.filter((s) => s.key === 'run-0')).toHaveLength(3);
    expect(h.recorded.find((r) => r.index === 0)?.status).toBe('unknown');
  });

  it('pauses the run when the server keeps failing, leaving the rest pending for a resume', async () => {
    const h = harness(
      async () => {
        throw new ApiError('Internal server error', { status: 500 });
      },
      { retryBudget: 4, concurrency: 1 },
    );
    expect(await runItems(stream(itemsOf(50)), h.options)).toBe('paused');
    expect(h.sent).toHaveLength(4);
    expect(h.recorded.length).toBeLessThan(4);
    expect(h.notes.at(-1)).toMatch(/Pausing the run: 4 server failures in a row/);
  });

  it('on Ctrl-C starts nothing new but records what was in flight', async () => {
    const interrupt = new AbortController();
    const h = harness(
      async (_request, call) => {
        if (call === 3) interrupt.abort();
        return ok();
      },
      { signal: interrupt.signal, concurrency: 3 },
    );
    expect(await runItems(stream(itemsOf(30)), h.options)).toBe('interrupted');
    expect(h.sent.length).toBeLessThan(30);
    expect(h.recorded).toHaveLength(h.sent.length);
  });

  it('never records an item whose request never reached the server: it waits to be sent, and the run pauses', async () => {
    const refused = () => new NetworkError('Network error: fetch failed (ECONNREFUSED)', { notSent: true });
    const notSent: number[] = [];
    const h = harness(
      async () => {
        throw refused();
      },
      { retryBudget: 6, concurrency: 1, onNotSent: (item) => void notSent.push(item.index) },
    );
    expect(await runItems(stream(itemsOf(50)), h.options)).toBe('paused');
    expect(h.recorded).toEqual([]);
    expect(notSent).toHaveLength(6);
    // Past its tries an item is left waiting: the next one goes, never more than 3 sends of one item.
    expect(new Set(notSent)).toEqual(new Set([0, 1]));
    expect(h.notes.at(-1)).toMatch(/Pausing the run: 6 server failures in a row \(last: .*ECONNREFUSED/);
  });

  it('sends an item again once the server is back, after its request failed to reach it', async () => {
    const h = harness(
      async (_request, call) => {
        if (call <= 2) throw new NetworkError('Network error: fetch failed (ECONNREFUSED)', { notSent: true });
        return ok();
      },
      { concurrency: 1 },
    );
    expect(await runItems(stream(itemsOf(3)), h.options)).toBe('complete');
    expect(h.recorded.map((r) => r.status)).toEqual(['done', 'done', 'done']);
  });

  it("records unknown, never done, a write answered with something that is not the API's, or not answered in time", async () => {
    for (const error of [
      new UnexpectedAnswerError('200 text/html, an HTML page', { status: 200, outcomeUnknown: true }),
      new TimeoutError(30_000, { outcomeUnknown: true }),
    ]) {
      const h = harness(
        async (request) => {
          if (request.path === 'things/1/done') throw error;
          return ok();
        },
        { concurrency: 1 },
      );
      expect(await runItems(stream(itemsOf(3)), h.options)).toBe('complete');
      expect(h.recorded.find((r) => r.index === 1)).toMatchObject({ status: 'unknown', message: error.message });
      expect(h.sent.filter((s) => s.key === 'run-1')).toHaveLength(3);
    }
  });
});
