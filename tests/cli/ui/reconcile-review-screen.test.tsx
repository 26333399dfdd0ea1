import { EventEmitter } from 'node:events';
import { stripVTControlCharacters } from 'node:util';
import { render } from 'ink-testing-library';
import { describe, expect, it, vi } from 'vitest';
import { ReviewApp } from '../../../cli/ui/reconcile-review/ink-review.js';
import { placeLine, ReviewScreen } from '../../../cli/ui/reconcile-review/ReviewScreen.js';
import { initialReview, type ReviewItem, type ReviewState } from '../../../cli/commands/invoices/reconcile-review.js';

const item = (at: number, cls: ReviewItem['class'], labels: string[]): ReviewItem => ({
  at,
  where: `nov.csv:${at + 2}`,
  date: '2026-11-03',
  amount: '£540.00',
  text: `WATTLE PRIMARY \u001b[2J${at}`,
  class: cls,
  note: cls === 'confident' ? '' : 'two invoices of the payer fit: choose one with --accept',
  candidates: labels.map((label, k) => ({
    invoices: [10 + k],
    label,
    score: 80 - k,
    signals: ['name "Wattle Primary" (100%) (30)', 'amount exact (30)'],
  })),
});
const items = [
  item(0, 'ambiguous', ['INV-000010 Wattle Primary £540.00 open', 'INV-000011 Wattle Primary £540.00 open']),
  item(1, 'confident', ['INV-000012 Wattle Primary £540.00 open']),
];
const terminal = (columns: number, rows: number) =>
  Object.assign(new EventEmitter(), { columns, rows }) as unknown as NodeJS.WriteStream;

describe('the reconcile review screen', () => {
  it('fits 80x24, shows the line, its candidates and the signals of the one picked, and no escape from the statement', () => {
    const { lastFrame, unmount } = render(<ReviewScreen state={initialReview(items)} columns={80} rows={23} />);
    const frame = stripVTControlCharacters(lastFrame() ?? '').split('\n');
    unmount();
    expect(frame.length).toBeLessThanOrEqual(23);
    expect(Math.max(...frame.map((l) => l.length))).toBeLessThanOrEqual(80);
    expect(frame[0]).toBe('Review 1 of 2 · accepted 0 · rejected 0 · undecided 2');
    expect(frame).toContain('ambiguous · 2026-11-03 · £540.00 · nov.csv:2');
    expect(frame).toContain('"WATTLE PRIMARY  [2J0"');
    expect(frame).toContain('▶ 1. score 80  INV-000010 Wattle Primary £540.00 open');
    expect(frame).toContain('     amount exact (30)');
    expect(frame.at(-1)).toContain('a/Enter accept');
    expect(lastFrame()).not.toContain('\u001b[2J');
  });

  it('shows a long note whole at 80x24, what it warns of and what to do, and still fits', () => {
    const note =
      "the text names Hillcrest Academy 152, but INV-007513 is Harbour Junior School 156's (not the same school or trust): check who paid, then --accept LINE=INVOICE";
    const long = { ...item(0, 'ambiguous', ['INV-007513 a', 'INV-007514 b', 'INV-007515 c']), note };
    const { lastFrame, unmount } = render(<ReviewScreen state={initialReview([long])} columns={80} rows={24} />);
    const frame = stripVTControlCharacters(lastFrame() ?? '').split('\n');
    unmount();
    expect(frame.length).toBeLessThanOrEqual(24);
    expect(Math.max(...frame.map((l) => l.length))).toBeLessThanOrEqual(80);
    const shown = frame.join(' ').replace(/\s+/g, ' ');
    expect(shown).toContain('(not the same school or trust): check who paid, then --accept LINE=INVOICE');
    expect(frame).toContain('▶ 1. score 80  INV-007513 a');
    expect(frame.at(-1)).toContain('a/Enter accept');
  });

  it("keeps the line's class, and its file's name and line, when the statement's path is long", () => {
    const far = { ...item(0, 'other-currency', ['INV-000010 Wattle Primary A$540.00 open']) };
    const where = `/home/anna/Documents/Finance/Bank statements/2026/November/${'x'.repeat(30)}/nov.csv:2`;
    expect(placeLine({ ...far, where }, 80)).toBe(
      `other-currency · 2026-11-03 · £540.00 · …${where.slice(-(80 - 41))}`,
    );
    expect(placeLine({ ...far, where }, 80)).toHaveLength(80);
    expect(placeLine({ ...far, where }, 80).endsWith('/nov.csv:2')).toBe(true);
    // Narrower than the class, date and amount: those, cut, and no place.
    expect(placeLine({ ...far, where }, 30)).toBe('other-currency · 2026-11-03 ·…');
  });

  it('is driven by keys: another candidate accepted, the confident line rejected, then written', async () => {
    let done: ReviewState | undefined;
    const view = render(
      <ReviewApp items={items} check={() => undefined} stdout={terminal(80, 24)} onDone={(state) => (done = state)} />,
    );
    const screen = () => stripVTControlCharacters(view.lastFrame() ?? '');
    // Each key is judged once the screen shows it was taken (under load a fixed wait may not be enough).
    const shows = (text: string) => vi.waitFor(() => expect(screen()).toContain(text));
    await shows('Review 1 of 2');
    view.stdin.write('\u001b[C'); // right arrow: the second candidate
    await shows('▶ 2. score 79  INV-000011');
    view.stdin.write('a');
    await shows('nov.csv:2: accepted INV-000011 Wattle Primary £540.00 open');
    expect(screen()).toContain('Review 2 of 2 · accepted 1 · rejected 0 · undecided 1');
    view.stdin.write('r');
    await shows('REJECTED: marks nothing');
    view.stdin.write('w');
    await vi.waitFor(() => expect(done?.done).toBe('write'));
    view.unmount();
    expect([...(done?.decisions ?? new Map()).entries()]).toEqual([
      [0, { kind: 'accept', candidate: 1 }],
      [1, { kind: 'reject' }],
    ]);
  });
});
