import { stripVTControlCharacters } from 'node:util';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { BulkProgress } from '../../../cli/ui/bulk-progress/BulkProgress.js';
import {
  initialProgress,
  progressReducer,
  type BulkProgressState,
  type ProgressEvent,
} from '../../../cli/ui/bulk-progress/state.js';

const start = new Date(2025, 0, 1, 10, 41, 0).getTime();
const state = (events: readonly ProgressEvent[], total = 40): BulkProgressState =>
  events.reduce(progressReducer, initialProgress(total, start));
const at = (s: number) => start + s * 1000;

function frame(s: BulkProgressState, columns = 80): string[] {
  const { lastFrame, unmount } = render(<BulkProgress title="notes create" state={s} columns={columns} />);
  const lines = stripVTControlCharacters(lastFrame() ?? '').split('\n');
  unmount();
  return lines;
}

/** Half done in 10 s, two failures and one unknown among them, four in flight. */
const halfway = state([
  ...Array.from({ length: 24 }, (_, i) => ({ kind: 'sent', at: at(i * 0.4) }) as const),
  ...Array.from(
    { length: 20 },
    (_, i) =>
      ({
        kind: 'settled',
        at: at(0.5 + i * 0.5),
        status: i === 3 || i === 7 ? 'failed' : i === 11 ? 'unknown' : 'done',
        line: i + 2,
        message:
          i === 11
            ? 'no answer in time; the server may have applied it'
            : 'Failed - Invalid data: target.id: no such pupil',
      }) as const,
  ),
  { kind: 'tick', at: at(10) },
]);

describe('BulkProgress view', () => {
  it('draws the bar, the counts, rate and ETA within 80 columns', () => {
    const lines = frame(halfway);
    expect(lines[0]).toBe('Sending notes create');
    expect(lines[1]).toMatch(/^█+░+ 20\/40 {2}50%$/);
    expect(lines[1]?.match(/█/g)?.length).toBe(lines[1]?.match(/░/g)?.length);
    expect(lines[2]).toBe('17 done  2 failed  1 unknown  0 skipped  4 in flight');
    // The window is whole seconds: the 19 items finished in seconds 1-9 over 9 s.
    expect(lines[3]).toBe('2.1/s  ETA 9s  elapsed 10s');
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(80);
  });

  it('grows the bar on a wider terminal', () => {
    const narrow = frame(halfway, 80)[1] ?? '';
    const wide = frame(halfway, 120)[1] ?? '';
    expect(wide.length).toBe(narrow.length + 40);
  });

  it('lists the latest errors with their line, cut to the width', () => {
    const long = state([
      { kind: 'settled', at: at(1), status: 'failed', line: 812, message: `Failed - ${'x'.repeat(200)}` },
    ]);
    const lines = frame(halfway);
    expect(lines).toContain('Latest errors:');
    expect(lines).toContain('  line 5: Failed - Invalid data: target.id: no such pupil');
    expect(lines).toContain('  line 13: unknown: no answer in time; the server may have applied it');
    const cut = frame(long).find((l) => l.includes('line 812')) ?? '';
    expect(cut.length).toBeLessThanOrEqual(80);
    expect(cut.endsWith('…')).toBe(true);
  });

  it('shows no error list while nothing failed', () => {
    expect(frame(state([{ kind: 'settled', at: at(1), status: 'done', line: 2, message: 'ok' }]))).not.toContain(
      'Latest errors:',
    );
  });

  it("shows a banner while the server's rate limit pauses the run, and drops it after", () => {
    const paused = progressReducer(halfway, {
      kind: 'paused',
      at: at(10),
      until: new Date(2025, 0, 1, 10, 42, 5).getTime(),
      reason: 'rate-limit',
      message: 'Rate limited (429): pausing all requests for 55s',
    });
    expect(frame(paused)).toContain("Paused by the server's rate limit until 10:42:05");
    const resumed = progressReducer(paused, { kind: 'tick', at: new Date(2025, 0, 1, 10, 42, 6).getTime() });
    expect(frame(resumed).join('\n')).not.toMatch(/Paused/);
    // The pause's own note ("pausing ... 55s") goes with it: it no longer says what the run is doing.
    expect(frame(resumed).join('\n')).not.toMatch(/Rate limited|pausing/);
  });

  it('draws the last state on the final frame of a run that ended inside a pause, not the stale banner', () => {
    const paused = progressReducer(halfway, {
      kind: 'paused',
      at: at(10),
      until: at(65),
      reason: 'rate-limit',
      message: 'Rate limited (429): pausing all requests for 55s',
    });
    const rest = Array.from(
      { length: 40 - 20 },
      (_, i) => ({ kind: 'settled', at: at(11 + i * 0.01), status: 'done', line: 40 + i, message: 'ok' }) as const,
    );
    const ended = rest.reduce(progressReducer, { ...paused, inFlight: 20 });
    const last = frame(ended).join('\n');
    expect(last).toMatch(/ 40\/40 100%/);
    expect(last).not.toMatch(/Paused|Rate limited|pausing/);
  });

  it('after the first Ctrl-C says what it waits for and how to quit now', () => {
    const stopping = progressReducer(halfway, { kind: 'stopping', at: at(11) });
    expect(frame(stopping).at(-1)).toBe('Stopping: finishing 4 in flight; Ctrl-C again to quit now');
    expect(frame(halfway).join('\n')).not.toMatch(/Stopping/);
    const drained = [0, 1, 2, 3].reduce(
      (s, i) => progressReducer(s, { kind: 'settled', at: at(12 + i), status: 'done', line: 30 + i, message: 'ok' }),
      stopping,
    );
    expect(frame(drained).at(-1)).toBe('Stopped: nothing in flight; the rest is left for a resume');
  });
});
