/** The terminal summary of invoices reconcile: at a terminal's width, each line and candidate wraps under its indent. */
import { describe, expect, it } from 'vitest';
import { summaryText } from '../../../cli/commands/invoices/reconcile-run.js';
import type { ReconcileLine } from '../../../core/domain/reconcile/plan.js';
import type { BookInvoice } from '../../../core/domain/reconcile/book.js';
import { invoice } from '../../core/reconcile/fixtures.js';

const ambiguous: ReconcileLine = {
  id: 'h:1',
  date: '2026-09-10',
  amount: 66000,
  currency: 'gbp',
  text: 'HILLCREST ACADEMY 152 INV-007513',
  file: 'hostile.csv',
  line: 2,
  class: 'ambiguous',
  invoices: [],
  candidates: [
    {
      invoices: [7513],
      score: 85,
      signals: [
        { signal: 'reference', points: 50, detail: 'INV-007513 in the text' },
        { signal: 'amount', points: 30, detail: 'exact' },
        { signal: 'date', points: 5, detail: 'issued 2026-09-01' },
      ],
    },
  ],
  note: "the text names Hillcrest Academy 152, but INV-007513 is Harbour Junior School 156's (not the same school or trust): check who paid, then --accept LINE=INVOICE",
};
const byId = new Map<number, BookInvoice>([[7513, invoice(7513, 159, 66000)]]);

describe('the reconcile summary', () => {
  it('fits 80 columns on a terminal, each entry wrapped under its own indent, nothing lost', () => {
    const lines = summaryText([ambiguous], byId, 0, 80).trimEnd().split('\n');
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(80);
    const entry = lines.slice(lines.findIndex((l) => l.startsWith('  hostile.csv:2 ')));
    expect(entry[0]).toMatch(/^ {2}hostile\.csv:2 2026-09-10 £660\.00 "HILLCREST ACADEMY 152 /);
    expect(entry[1]).toMatch(/^ {6}\S/);
    expect(entry.some((l) => l.startsWith('      INV-007513 (ids 7513), score 85:'))).toBe(true);
    expect(entry.join(' ').replace(/\s+/g, ' ')).toContain(
      'check who paid, then --accept LINE=INVOICE INV-007513 (ids 7513), score 85: reference INV-007513 in the text; amount exact; date issued 2026-09-01',
    );
  });

  it('keeps each entry on one line when not at a terminal (for grep)', () => {
    const lines = summaryText([ambiguous], byId, 0).trimEnd().split('\n');
    expect(lines.filter((l) => l.startsWith('  hostile.csv:2 '))[0]).toContain('--accept LINE=INVOICE');
  });

  it('counts a refund apart from the money received: unmatched sums only what came in', () => {
    const plain = { candidates: [], invoices: [], file: 's.csv', currency: 'gbp' as const, date: '2026-11-02' };
    const lines: ReconcileLine[] = [
      { ...plain, id: 'h:2', line: 2, amount: -7500, text: 'REFUND OAKFIELD', class: 'outgoing', note: 'money out' },
      { ...plain, id: 'h:3', line: 3, amount: 2000, text: 'UNKNOWN', class: 'unmatched', note: 'nothing found' },
      { ...plain, id: 'h:4', line: 4, amount: -300, text: 'BANK CHARGES', class: 'outgoing', note: 'money out' },
    ];
    const text = summaryText(lines, byId, 0, 80);
    expect(text).toMatch(/^ {2}unmatched +1 {2}£20\.00$/m);
    expect(text).toContain('2 outgoing lines, £78.00 paid out, not payments: left alone');
    expect(text).not.toContain('-£');
  });
});
