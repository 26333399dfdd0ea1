import { describe, expect, it } from 'vitest';
import {
  etaSeconds,
  initialProgress,
  progressReducer,
  ratePerSecond,
  type BulkProgressState,
  type ProgressEvent,
} from '../../../cli/ui/bulk-progress/state.js';

const run = (events: readonly ProgressEvent[], total = 10): BulkProgressState =>
  events.reduce(progressReducer, initialProgress(total, 0));
const sent = (at: number): ProgressEvent => ({ kind: 'sent', at });
const settled = (
  at: number,
  status: 'done' | 'failed' | 'unknown' | 'skipped',
  line = 2,
  message = 'ok',
): ProgressEvent => ({ kind: 'settled', at, status, line, message });

describe('bulk progress reducer', () => {
  const counts: readonly { name: string; events: ProgressEvent[]; expected: Partial<BulkProgressState> }[] = [
    { name: 'nothing yet', events: [], expected: { done: 0, failed: 0, unknown: 0, skipped: 0, inFlight: 0 } },
    { name: 'sends are in flight', events: [sent(1), sent(2), sent(3)], expected: { inFlight: 3, done: 0 } },
    {
      name: 'each outcome counts once and leaves flight',
      events: [
        sent(1),
        sent(2),
        sent(3),
        sent(4),
        settled(5, 'done'),
        settled(6, 'failed'),
        settled(7, 'unknown'),
        settled(8, 'skipped'),
      ],
      expected: { inFlight: 0, done: 1, failed: 1, unknown: 1, skipped: 1 },
    },
    {
      name: 'a 429 or a retry takes the item out of flight, uncounted',
      events: [sent(1), sent(2), { kind: 'requeued', at: 3 }],
      expected: { inFlight: 1, done: 0, failed: 0 },
    },
    { name: 'in flight never goes below zero', events: [settled(5, 'done')], expected: { inFlight: 0, done: 1 } },
    { name: 'the clock only moves forward', events: [sent(500), sent(200)], expected: { now: 500 } },
    {
      name: 'the first Ctrl-C marks it stopping',
      events: [sent(1), { kind: 'stopping', at: 2 }],
      expected: { stopping: true, inFlight: 1 },
    },
    {
      name: 'a note is kept',
      events: [{ kind: 'note', at: 1, message: 'Pausing the run' }],
      expected: { note: 'Pausing the run' },
    },
  ];
  it.each(counts)('$name', ({ events, expected }) => {
    expect(run(events)).toMatchObject(expected);
  });

  const errors: readonly { name: string; events: ProgressEvent[]; lines: number[] }[] = [
    {
      name: 'done and skipped items are not errors',
      events: [settled(1, 'done', 2), settled(2, 'skipped', 3)],
      lines: [],
    },
    {
      name: 'failed and unknown items are, with their line',
      events: [settled(1, 'failed', 4, 'Not found'), settled(2, 'unknown', 9, 'no answer')],
      lines: [4, 9],
    },
    {
      name: 'only the latest five are kept, oldest first',
      events: [2, 3, 4, 5, 6, 7, 8].map((line) => settled(line, 'failed', line)),
      lines: [4, 5, 6, 7, 8],
    },
  ];
  it.each(errors)('errors: $name', ({ events, lines }) => {
    expect(run(events).errors.map((e) => e.line)).toEqual(lines);
  });

  const pauses: readonly { name: string; events: ProgressEvent[]; until: number | undefined }[] = [
    {
      name: 'a 429 pauses until the reset',
      events: [{ kind: 'paused', at: 1_000, until: 5_000, reason: 'rate-limit', message: '429' }],
      until: 5_000,
    },
    {
      name: 'a later pause extends it',
      events: [
        { kind: 'paused', at: 1_000, until: 5_000, reason: 'rate-limit', message: '' },
        { kind: 'paused', at: 1_100, until: 8_000, reason: 'rate-limit', message: '' },
      ],
      until: 8_000,
    },
    {
      name: 'a shorter pause does not cut it',
      events: [
        { kind: 'paused', at: 1_000, until: 8_000, reason: 'rate-limit', message: '' },
        { kind: 'paused', at: 1_100, until: 3_000, reason: 'server-failure', message: '' },
      ],
      until: 8_000,
    },
    {
      name: 'it ends when the clock passes it',
      events: [
        { kind: 'paused', at: 1_000, until: 5_000, reason: 'rate-limit', message: '' },
        { kind: 'tick', at: 5_000 },
      ],
      until: undefined,
    },
    {
      name: 'a pause already over is none',
      events: [
        { kind: 'tick', at: 6_000 },
        { kind: 'paused', at: 6_000, until: 5_000, reason: 'rate-limit', message: '' },
      ],
      until: undefined,
    },
  ];
  it('drops the pause note once the pause is over, and keeps any other note', () => {
    const paused: ProgressEvent = {
      kind: 'paused',
      at: 1_000,
      until: 5_000,
      reason: 'rate-limit',
      message: 'Rate limited (429): pausing all requests for 4s',
    };
    expect(run([paused, { kind: 'tick', at: 4_000 }]).note).toBe('Rate limited (429): pausing all requests for 4s');
    expect(run([paused, { kind: 'tick', at: 5_000 }]).note).toBeUndefined();
    expect(run([paused, settled(6_000, 'done')]).note).toBeUndefined();
    expect(
      run([paused, { kind: 'note', at: 2_000, message: 'Stopping: not signed in' }, { kind: 'tick', at: 9_000 }]).note,
    ).toBe('Stopping: not signed in');
  });

  it('ends the pause and its note when the last item settles, though the pause had time left', () => {
    const ended = run(
      [
        sent(1),
        {
          kind: 'paused',
          at: 2,
          until: 60_000,
          reason: 'rate-limit',
          message: 'Rate limited (429): pausing all requests for 60s',
        },
        settled(3, 'done'),
      ],
      1,
    );
    expect(ended.pause).toBeUndefined();
    expect(ended.note).toBeUndefined();
    expect(
      run([sent(1), { kind: 'paused', at: 2, until: 60_000, reason: 'rate-limit', message: '' }, settled(3, 'done')], 2)
        .pause?.until,
    ).toBe(60_000);
  });

  it.each(pauses)('pause: $name', ({ events, until }) => {
    expect(run(events).pause?.until).toBe(until);
  });

  it('measures the rate over the last ten seconds, not since the start', () => {
    // 100 items in the first second, then 2 a second for 20 seconds.
    const burst = Array.from({ length: 100 }, (_, i) => settled(i * 9, 'done'));
    const slow = Array.from({ length: 40 }, (_, i) => settled(1_000 + i * 500, 'done'));
    const state = run([...burst, ...slow, { kind: 'tick', at: 21_000 }], 1_000);
    expect(ratePerSecond(state)).toBeCloseTo(2, 1);
    expect(etaSeconds(state)).toBeCloseTo((1_000 - 140) / 2, -1);
  });

  it('has a rate early on, and no ETA before anything finished', () => {
    expect(etaSeconds(run([sent(1), { kind: 'tick', at: 2_000 }]))).toBeUndefined();
    const early = run([settled(250, 'done'), settled(500, 'done')]);
    expect(ratePerSecond(early)).toBeCloseTo(4, 5);
    expect(etaSeconds(early)).toBeCloseTo(2, 5);
  });
});
