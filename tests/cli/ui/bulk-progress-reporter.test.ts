import { EventEmitter } from 'node:events';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadInk } from '../../../cli/ui/load-ink.js';

// The reporter as a bulk run drives it on a terminal: what it last draws is what stays on screen.
describe('the bulk progress view on a terminal', () => {
  it('leaves the last state on the final frame of a run that ended inside a rate-limit pause, no stale banner', async () => {
    const written: string[] = [];
    const stream = Object.assign(new EventEmitter(), {
      columns: 80,
      rows: 24,
      isTTY: true,
      write: (text: string) => (written.push(text), true),
    }) as unknown as NodeJS.WriteStream;
    let now = 1_000;
    const { inkReporter } = await loadInk(() => import('../../../cli/ui/bulk-progress/ink-reporter.js'));
    const reporter = inkReporter(stream, 2, 'subscriptions move', { now: () => now });
    reporter.report({ kind: 'sent', at: now });
    reporter.report({ kind: 'settled', at: now, status: 'done', line: 2, message: 'moved' });
    reporter.report({
      kind: 'paused',
      at: now,
      until: now + 55_000,
      reason: 'rate-limit',
      message: 'Rate limited (429): pausing all requests for 55s',
    });
    const duringPause = stripVTControlCharacters(written.join(''));
    now += 500;
    reporter.report({ kind: 'sent', at: now });
    reporter.report({ kind: 'settled', at: now, status: 'done', line: 3, message: 'moved' });
    await reporter.close();
    const frames = written
      .map((w) => stripVTControlCharacters(w))
      .filter((w) => w.includes('Sending subscriptions move'));
    const last = frames.at(-1) ?? '';
    expect(duringPause).toMatch(/Paused by the server's rate limit/);
    expect(last).toMatch(/ 2\/2 100%/);
    expect(last).not.toMatch(/Paused|Rate limited|pausing/);
  });
});
