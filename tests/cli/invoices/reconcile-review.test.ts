import { describe, expect, it } from 'vitest';
import type { BookInvoice } from '../../../core/domain/reconcile/book.js';
import type { ReconcileLine } from '../../../core/domain/reconcile/plan.js';
import {
  initialReview,
  rejectedVerdict,
  reviewCounts,
  reviewItems,
  reviewKey,
  reviewOutcome,
  reviewReducer,
  type AcceptCheck,
  type ReviewState,
} from '../../../cli/commands/invoices/reconcile-review.js';

const invoice = (id: number, total: number, state: BookInvoice['state'] = 'open'): BookInvoice => ({
  id,
  number: `INV-${String(id).padStart(6, '0')}`,
  school_id: 1,
  subscription_id: null,
  state,
  currency: 'gbp',
  total,
  issued_at: '2026-10-01',
  due_at: '2026-10-01',
  paid_date: null,
  paid_method: null,
  promised_reference: null,
});
const byId = new Map([invoice(4, 54000), invoice(5, 54000), invoice(6, 12000, 'paid')].map((i) => [i.id, i] as const));
const line = (
  at: number,
  cls: ReconcileLine['class'],
  candidates: number[][],
  invoices: number[] = [],
): ReconcileLine => ({
  id: `h:${at}`,
  file: 'nov.csv',
  line: at + 2,
  date: '2026-11-03',
  amount: 54000,
  currency: 'gbp',
  text: `PAYMENT ${at}`,
  class: cls,
  invoices,
  note: cls === 'confident' ? '' : `${cls}: choose`,
  candidates: candidates.map((ids, k) => ({
    invoices: ids,
    score: 90 - k * 10,
    signals: [{ signal: 'amount', points: 30, detail: 'exact' }],
  })),
});
const lines = [
  line(0, 'confident', [[4]], [4]),
  line(1, 'ambiguous', [[5], [4]]),
  line(2, 'unmatched', []),
  line(3, 'already-paid', [[6]]),
  line(4, 'overpaid', [[5]]),
];
const items = reviewItems(lines, byId, () => 'Wattle Primary');
const allow: AcceptCheck = () => undefined;
const run = (
  events: Parameters<typeof reviewReducer>[1][],
  check: AcceptCheck = allow,
  from: ReviewState = initialReview(items),
) => events.reduce((s, e) => reviewReducer(s, e, check), from);

describe('the review list', () => {
  it('lists the lines needing a person first, then the confident ones, and leaves out lines with nothing to accept', () => {
    expect(items.map((i) => [i.where, i.class])).toEqual([
      ['nov.csv:3', 'ambiguous'],
      ['nov.csv:6', 'overpaid'],
      ['nov.csv:2', 'confident'],
    ]);
    expect(items[0]?.candidates.map((c) => c.label)).toEqual([
      'INV-000005 Wattle Primary £540.00 open',
      'INV-000004 Wattle Primary £540.00 open',
    ]);
    expect(items[0]?.candidates[0]?.signals).toEqual(['amount exact (30)']);
  });
});

describe('the review keys', () => {
  it('accepts the candidate shown, moves on, and gives the plan its invoices by statement line', () => {
    const state = run([{ kind: 'pick', delta: 1 }, { kind: 'accept' }]);
    expect(state.cursor).toBe(1);
    expect(state.message).toBe('nov.csv:3: accepted INV-000004 Wattle Primary £540.00 open');
    expect(reviewOutcome(state)).toEqual(new Map([[1, { kind: 'accept', invoices: [4] }]]));
  });

  it('refuses an acceptance the checks refuse, naming why, and changes nothing else', () => {
    const state = run([{ kind: 'accept' }], () => 'invoice INV-000005 (id 5) is in AUD, the line in GBP');
    expect(state.message).toBe('Not accepted: invoice INV-000005 (id 5) is in AUD, the line in GBP');
    expect(state.decisions.size).toBe(0);
    expect(state.cursor).toBe(0);
  });

  it('refuses an invoice already accepted for another line', () => {
    // Line 3 (index 0) takes invoice 5; the overpaid line (index 1) offers invoice 5 too.
    const state = run([{ kind: 'accept' }, { kind: 'accept' }]);
    expect(state.message).toBe('Not accepted: invoice 5 is accepted for nov.csv:3');
    expect(reviewCounts(state)).toEqual({ accepted: 1, rejected: 0, left: 2 });
  });

  it('rejects a confident line, skips undo a decision, and a pick wraps round the candidates', () => {
    const rejected = run([{ kind: 'move', delta: 5 }, { kind: 'reject' }]);
    expect(rejected.cursor).toBe(2);
    expect(reviewOutcome(rejected)).toEqual(new Map([[0, { kind: 'reject' }]]));
    const undone = run([{ kind: 'skip' }], allow, { ...rejected, cursor: 2 });
    expect(undone.decisions.size).toBe(0);
    expect(run([{ kind: 'pick', delta: -1 }]).picks[0]).toBe(1);
  });

  it('ends with write or abandon, and reads each key', () => {
    expect(run([{ kind: 'write' }]).done).toBe('write');
    expect(run([{ kind: 'abandon' }]).done).toBe('abandon');
    expect(reviewKey('a', {})).toEqual({ kind: 'accept' });
    expect(reviewKey('', { return: true })).toEqual({ kind: 'accept' });
    expect(reviewKey('r', {})).toEqual({ kind: 'reject' });
    expect(reviewKey('s', {})).toEqual({ kind: 'skip' });
    expect(reviewKey('w', {})).toEqual({ kind: 'write' });
    expect(reviewKey('', { escape: true })).toEqual({ kind: 'abandon' });
    expect(reviewKey('c', { ctrl: true })).toEqual({ kind: 'abandon' });
    expect(reviewKey('', { downArrow: true })).toEqual({ kind: 'move', delta: 1 });
    expect(reviewKey('', { rightArrow: true })).toEqual({ kind: 'pick', delta: 1 });
    expect(reviewKey('x', {})).toBeUndefined();
  });

  it('makes a rejected line mark nothing and say what the matcher had', () => {
    expect(rejectedVerdict(lines[0] as ReconcileLine)).toMatchObject({
      class: 'unmatched',
      invoices: [],
      note: 'rejected by a person in the review (the matcher had it confident, marking invoice 4)',
    });
  });
});
