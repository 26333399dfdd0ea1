import { describe, expect, it } from 'vitest';
import { billingPanes } from '../../../cli/dash/billing/panes.js';
import { daysUntil } from '../../../cli/dash/billing/load.js';
import { snapshotText } from '../../../cli/dash/pane.js';
import { billing } from './fixtures.js';

describe('billing panes', () => {
  const panes = billingPanes(billing);
  const texts = (i: number) => panes[i]?.summary.map((l) => l.text) ?? [];

  it('sums invoices by state per currency, never mixing currencies, the overdue ones counted as a part of their state in red', () => {
    expect(panes.map((p) => p.title)).toEqual([
      'Invoices by state',
      'Subscriptions expiring',
      'Recent cancellations',
      'Sales headlines',
      'Bulk runs in progress or paused',
    ]);
    expect(panes[0]?.summary.slice(0, 2)).toEqual([
      { text: 'open             3 (overdue 2)  A$940.50 · £540.00 · US$585.00', tone: 'bad' },
      { text: '  overdue: A$940.50 · £540.00', tone: 'bad' },
    ]);
    expect(texts(0)).toContain('promised         1  £480.00');
    expect(texts(0)).toContain('paid             1  £540.00');
    // Overdue is no state: no line counts it beside open and promised.
    expect(texts(0).filter((t) => /^overdue/.test(t))).toEqual([]);
  });

  it('says nothing is overdue when no unpaid invoice is past its due day', () => {
    const early = billingPanes({ ...billing, today: '2026-01-01' });
    expect(early[0]?.summary[0]).toEqual({ text: 'nothing overdue', tone: 'good' });
    expect(early[0]?.summary.map((l) => l.text).join('\n')).not.toMatch(/overdue \d/);
  });

  it('lists unpaid invoices first, overdue before the rest, each with its id for actions', () => {
    const rows = panes[0]?.rows ?? [];
    expect(rows.map((r) => r.id)).toEqual([8, 4, 2, 6, 1]);
    expect(rows[0]?.tone).toBe('bad');
    expect(rows[0]?.text).toMatch(/^INV-000008 +school 3 +open +A\$940\.50 +due 2026-03-03 +overdue$/);
    expect(rows[2]?.tone).toBe('warn');
    expect(panes[0]?.actionable).toBe(true);
  });

  it('counts subscriptions expiring within 30, 60 and 90 days', () => {
    expect(daysUntil('2026-12-10', '2026-11-24')).toBe(16);
    expect(texts(1)[0]).toBe('1 in 30 days · 2 in 60 days · 3 in 90 days');
    expect(panes[1]?.rows[0]?.tone).toBe('warn');
  });

  it('shows the sales headlines with their change, and open bulk runs with a bar', () => {
    expect(texts(3)[0]).toBe('revenue £1,884.48 (-12.5%)');
    expect(texts(3)[1]).toBe('new subscriptions 6 (+20%) · trials 1');
    expect(panes[4]?.summary[0]).toMatchObject({ bar: 0.42, tone: 'warn' });
  });

  it('folds a snapshot line too wide for the terminal after a ·, losing nothing (--once on 80 columns)', () => {
    const whole = snapshotText('EdShed billing', panes, new Date('2026-11-24T18:40:00Z'));
    const folded = snapshotText('EdShed billing', panes, new Date('2026-11-24T18:40:00Z'), 60);
    expect(Math.max(...folded.split('\n').map((l) => l.length))).toBeLessThanOrEqual(60);
    expect(folded).toContain('\n  open             3 (overdue 2)  A$940.50 · £540.00 ·\n      US$585.00\n');
    expect(folded.replace(/\s+/g, ' ')).toBe(whole.replace(/\s+/g, ' '));
  });

  it('prints the same figures as plain text for --once', () => {
    const text = snapshotText('EdShed billing', panes, new Date('2026-11-24T18:40:00Z'));
    expect(text.split('\n')[0]).toBe('EdShed billing at 2026-11-24 18:40 UTC');
    expect(text).toContain(
      '\nInvoices by state\n  open             3 (overdue 2)  A$940.50 · £540.00 · US$585.00\n    overdue: A$940.50 · £540.00\n',
    );
    expect(text).toMatch(
      /20261124-100000-8000 {2}invoices mark-paid {2}40\/100 done, 2 failed, 58 to send {2}paused █{8}░{12}/,
    );
  });
});
