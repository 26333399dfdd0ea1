import { describe, expect, it } from 'vitest';
import { cut, cuttable, fitColumns, measure, wrap, wrapLines } from '../../cli/output/fit.js';
import { fitTable } from '../../cli/output/table.js';

const FRAME = { perColumn: 3, fixed: 1 };
const widest = (text: string) => Math.max(...text.split('\n').map((line) => [...line].length));

describe('fitting columns to a terminal', () => {
  it('cuts only free text: ids, numbers, run ids, dates and money have no space', () => {
    expect(cuttable('Oakfield Primary School')).toBe(true);
    for (const atom of [
      '20261201-213001-8f3a',
      'INV-000004',
      '£1,234.50',
      '2026-09-24',
      '2026-12-01T22:56:02.712Z',
      '152',
    ])
      expect(cuttable(atom), atom).toBe(false);
    expect(measure('run', ['20261201-213001-8f3a'], 1)).toEqual({
      name: 'run',
      natural: 20,
      least: 20,
      priority: 1,
      text: false,
    });
    expect(measure('name', ['Oakfield Primary School'], 1)).toMatchObject({ natural: 23, least: 12 });
  });

  it('leaves out the highest priority number first, then the rightmost of equals, never the first column', () => {
    const columns = [
      measure('id', ['1'], 1),
      measure('school_id', ['1'], 3),
      measure('state', ['uncollectable'], 1),
      measure('due_at', ['2026-09-24'], 2),
    ];
    expect(fitColumns(columns, 40, FRAME).dropped).toEqual(['school_id']);
    expect(fitColumns(columns, 30, FRAME).dropped).toEqual(['school_id', 'due_at']);
    expect(fitColumns(columns, 5, FRAME)).toMatchObject({ dropped: ['school_id', 'due_at', 'state'], fits: false });
    expect(fitColumns(columns, 30, FRAME, { drop: false })).toMatchObject({ dropped: [], fits: false });
  });

  it('leaves out a column that may give way before it cuts the text of one that stays longer', () => {
    const name = 'Ashgrove Primary School 100';
    const columns = [
      measure('id', ['103'], 1),
      measure('name', [name], 1),
      measure('country', ['AU'], 1),
      measure('matched', ['name: Ashgrove Primary'], 2),
    ];
    // At 60 all of them fit at their narrowest, the name cut: the matched column goes instead.
    expect(fitColumns(columns, 60, FRAME)).toEqual({
      kept: [
        { name: 'id', width: 3 },
        { name: 'name', width: name.length },
        { name: 'country', width: 7 },
      ],
      dropped: ['matched'],
      fits: true,
    });
    // Wide enough for every column whole: nothing goes.
    expect(fitColumns(columns, 80, FRAME).dropped).toEqual([]);
    // Only its own text would be cut: it stays, cut.
    const own = [measure('id', ['103'], 1), measure('matched', ['name: Ashgrove Primary; code: ASH'], 2)];
    expect(fitColumns(own, 30, FRAME)).toMatchObject({ dropped: [], fits: true });
  });

  it('shares the cut between wide text columns, none below its least', () => {
    const text = 'a school with a rather long name';
    const fitted = fitColumns([measure('id', ['7'], 1), measure('a', [text], 1), measure('b', [text], 1)], 50, FRAME);
    expect(fitted.fits).toBe(true);
    const [, a, b] = fitted.kept.map((k) => k.width) as [number, number, number];
    expect(Math.abs(a - b)).toBeLessThanOrEqual(1);
    expect(2 + a + b + 3 * 3 + 1).toBeLessThanOrEqual(50);
  });

  it('ends cut text with an ellipsis and wraps reasons at spaces', () => {
    expect(cut('Oakfield Primary School', 12)).toBe('Oakfield Pr…');
    expect(wrap('Invoice 6 is paid; only an open invoice can be voided', 20, '  ')).toEqual([
      'Invoice 6 is paid;',
      '  only an open',
      '  invoice can be',
      '  voided',
    ]);
    expect(wrap('x'.repeat(25), 10)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
  });

  it('wraps lines of a report each under its own indent, leaving short ones as they are', () => {
    expect(wrapLines(['Outcomes: 3 done', '  line 4: invoice 6 paid: drift (was open, now void)'], 30)).toEqual([
      'Outcomes: 3 done',
      '  line 4: invoice 6 paid:',
      '    drift (was open, now void)',
    ]);
  });
});

describe('a fitted table', () => {
  const runs = [
    {
      id: '20261201-213001-8f3a',
      command: 'invoices mark-paid',
      file: 'payments from the bank statement of november.csv',
      done: 12,
      failed: 1,
    },
    { id: '20261130-101500-0c1d', command: 'subscriptions move', file: 'moves.csv', done: 3, failed: 0 },
  ];

  it('keeps every run id whole at 80 and 120 columns, no line wider than the terminal', () => {
    for (const width of [80, 120, 60]) {
      const { text } = fitTable(runs, ['id', 'command', 'file', 'done', 'failed'], { width, priorities: { file: 2 } });
      expect(widest(text), String(width)).toBeLessThanOrEqual(width);
      for (const run of runs) expect(text, String(width)).toContain(run.id);
    }
  });

  it('prints a reason whole under the table when a cell would cut it', () => {
    const message =
      'Invoice 6 is paid; only an open, promised or uncollectable invoice can be voided. To change its payment details: edshed invoices update-paid 6';
    const { text } = fitTable(
      [
        { invoice: 'INV-000006', status: 'failed', message },
        { invoice: 'INV-000007', status: 'done', message: '' },
      ],
      ['invoice', 'status', 'message'],
      { width: 80 },
    );
    expect(widest(text)).toBeLessThanOrEqual(80);
    expect(text).not.toContain('…');
    expect(text.replace(/\n +/g, ' ')).toContain(`INV-000006: ${message}`);
    expect(text.split('\n')[1]).not.toContain('message');
  });

  it('keeps a short reason in its cell', () => {
    const { text } = fitTable([{ id: 1, reason: 'Too dear' }], ['id', 'reason'], { width: 80 });
    expect(text.split('\n')[1]).toContain('reason');
  });
});
