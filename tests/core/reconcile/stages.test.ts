import { describe, expect, it } from 'vitest';
import type { Book, BookInvoice } from '../../../core/domain/reconcile/book.js';
import type { StatementLine } from '../../../core/domain/reconcile/line.js';
import { indexBook, matchLines } from '../../../core/domain/reconcile/match.js';
import { contest } from '../../../core/domain/reconcile/stages/contest.js';
import { matchRead } from '../../../core/domain/reconcile/stages/decide.js';
import { clearPayers } from '../../../core/domain/reconcile/stages/identify.js';
import { readLine } from '../../../core/domain/reconcile/stages/read.js';
import { matchRun } from '../../../core/domain/reconcile/stages/run.js';

const invoice = (id: number, school: number, total: number): BookInvoice => ({
  id,
  number: `INV-${String(id).padStart(6, '0')}`,
  school_id: school,
  subscription_id: school,
  state: 'open',
  currency: 'gbp',
  total,
  issued_at: '2026-10-01',
  due_at: '2026-10-31',
  paid_date: null,
  paid_method: null,
  promised_reference: null,
});
const BOOK: Book = {
  schools: [
    { id: 1, name: 'Oakfield Primary School', district_id: null },
    { id: 2, name: 'Riverside Junior School', district_id: null },
  ],
  districts: [],
  subscriptions: [],
  invoices: [invoice(123, 1, 60000), invoice(124, 1, 45000), invoice(200, 2, 60000)],
};
const line = (text: string, amount: number, n = 1): StatementLine => ({
  id: `l${n}`,
  date: '2026-10-12',
  amount,
  currency: 'gbp',
  text,
  file: 's.csv',
  line: n,
});

describe('the matcher stages, as docs/ARCHITECTURE.md traces a line through them', () => {
  const oakfield = line('OAKFIELD PRIM INV-000123 BACS', 60000);

  it('reads the reference and the name words, and identifies the payer named clearly', () => {
    const run = matchRun(indexBook(BOOK));
    const read = readLine(oakfield, run);
    expect(read.text).toBe('OAKFIELDPRIMINV000123BACS');
    expect(read.refs.map((i) => i.id)).toEqual([123]);
    expect(read.pos).toEqual([]);
    expect(read.words).toEqual(['OAKFIELD', 'PRIM']);
    expect(read.names.payers).toEqual([1]);
    expect(clearPayers(read, run).map((p) => [p.kind, p.named.id])).toEqual([['school', 1]]);
  });

  it('decides the line confident by its reference and amount, with every signal scored', () => {
    const run = matchRun(indexBook(BOOK));
    const verdict = matchRead(readLine(oakfield, run), run, new Set(), 1, '2026-12-01');
    expect([verdict.class, verdict.invoices]).toEqual(['confident', [123]]);
    expect(verdict.candidates[0]?.signals.map((s) => s.signal)).toEqual(['reference', 'name', 'amount', 'date']);
  });

  it('contests an invoice two lines claim: both need a person', () => {
    const run = matchRun(indexBook(BOOK));
    const reads = [oakfield, line('INV-000123', 60000, 2)].map((l) => readLine(l, run));
    const verdicts = contest(
      reads.length,
      (k, taken, decide) => matchRead(reads[k] ?? readLine(oakfield, run), run, taken, 1, undefined, decide),
      run,
      new Map(),
    );
    expect(verdicts.map((v) => v.class)).toEqual(['ambiguous', 'ambiguous']);
  });

  it('keeps no state between runs: the same lines against one index give the same verdicts each time, in any order', () => {
    const index = indexBook(BOOK);
    const lines = [oakfield, line('RIVERSIDE JNR', 60000, 2), line('OAKFIELD PRIM', 45000, 3)];
    const first = matchLines(lines, index);
    const other = matchLines([...lines].reverse(), index);
    expect(matchLines(lines, index)).toEqual(first);
    expect([...other].reverse()).toEqual(first);
  });
});
