import type { Invoice } from '../../../core/shapes/types.js';
import { INVOICE_STATES } from '../../../core/domain/billing.js';
import { isOverdue, totalsByCurrency } from '../../../core/domain/invoice-totals.js';
import { money } from '../../commands/invoices/mark-output.js';

import { productName } from '../../read/records.js';
import { emptyLine, type Line, type Pane, type Row } from '../pane.js';
import { daysUntil, EXPIRY_WINDOWS, type BillingData } from './load.js';
import { byCodeUnits } from '../../../core/domain/order.js';

const SHOWN = 4;

/** `£540.00 · $585.00`: amounts of several currencies side by side, never summed together. */
const amounts = (sums: ReadonlyMap<string, number>): string =>
  [...sums].map(([currency, total]) => money(total, currency)).join(' · ');

function sumByCurrency(invoices: readonly Invoice[], amount: (i: Invoice) => number): Map<string, number> {
  const sums = new Map<string, number>();
  for (const i of [...invoices].sort((a, b) => byCodeUnits(a.currency, b.currency)))
    sums.set(i.currency, (sums.get(i.currency) ?? 0) + amount(i));
  return sums;
}

/**
 * One invoice as a drill-in row: number, school, state, total, due day; overdue ones in red.
 *
 * @example
 * invoiceRow(invoice, '2026-11-24').text // 'INV-000004  school 1  open      £540.00  due 2026-09-24  overdue'
 */
export function invoiceRow(i: Invoice, today: string): Row {
  const overdue = isOverdue(i, today);
  const school = typeof i.school_id === 'number' ? `school ${i.school_id}` : '';
  const text = [
    i.number ?? `#${i.id}`,
    school.padEnd(9),
    i.state.padEnd(13),
    money(i.total, i.currency).padStart(11),
    i.due_at ? `due ${i.due_at.slice(0, 10)}` : '',
  ].join('  ');
  return {
    key: `invoice-${i.id}`,
    id: i.id,
    text: overdue ? `${text}  overdue` : text,
    tone: overdue ? 'bad' : i.state === 'promised' ? 'warn' : undefined,
  };
}

const unpaidFirst =
  (today: string) =>
  (a: Invoice, b: Invoice): number => {
    const rank = (i: Invoice) => (isOverdue(i, today) ? 0 : i.state === 'open' || i.state === 'promised' ? 1 : 2);
    return rank(a) - rank(b) || (rank(a) < 2 ? byCodeUnits(a.due_at ?? '', b.due_at ?? '') : b.id - a.id);
  };

/**
 * One state's summary lines: its count and totals; for an unpaid state with overdue invoices, how many of
 * them are overdue (a part of the state, never a state beside it) and, below, what they owe.
 *
 * @example
 * stateLines('open', invoices, '2026-11-24')
 * // [{ text: 'open             3 (overdue 2)  A$940.50 · £540.00 · US$585.00', tone: 'bad' }, { text: '  overdue: A$940.50 · £540.00', tone: 'bad' }]
 */
export function stateLines(state: string, these: readonly Invoice[], today: string): Line[] {
  const owed = totalsByCurrency(these, today).filter((t) => t.overdue > 0);
  const overdue = owed.reduce((n, t) => n + t.overdue, 0);
  const count = `${String(these.length).padStart(4)}${overdue > 0 ? ` (overdue ${overdue})` : ''}`;
  const line: Line = {
    text: `${state.padEnd(13)} ${count}  ${amounts(sumByCurrency(these, (i) => i.total))}`,
    ...(overdue > 0 ? { tone: 'bad' as const } : {}),
  };
  return overdue > 0
    ? [line, { text: `  overdue: ${owed.map((t) => money(t.amount_overdue, t.currency)).join(' · ')}`, tone: 'bad' }]
    : [line];
}

function invoicesPane(data: BillingData): Pane {
  const states = [
    ...INVOICE_STATES,
    ...new Set(data.invoices.map((i) => i.state).filter((s) => !(INVOICE_STATES as readonly string[]).includes(s))),
  ];
  const summary: Line[] = states.flatMap((state) => {
    const these = data.invoices.filter((i) => i.state === state);
    return these.length === 0 ? [] : stateLines(state, these, data.today);
  });
  if (!data.invoices.some((i) => isOverdue(i, data.today))) summary.unshift({ text: 'nothing overdue', tone: 'good' });
  const rows = [...data.invoices].sort(unpaidFirst(data.today)).map((i) => invoiceRow(i, data.today));
  return {
    title: 'Invoices by state',
    summary: data.invoices.length > 0 ? summary : [emptyLine('no invoices')],
    rows,
    actionable: true,
  };
}

function expiringPane(data: BillingData): Pane {
  const within = EXPIRY_WINDOWS.map(
    (days) => `${data.expiring.filter((s) => daysUntil(s.expiry ?? '', data.today) <= days).length} in ${days} days`,
  );
  const rows: Row[] = data.expiring.map((s) => {
    const days = daysUntil(s.expiry ?? '', data.today);
    return {
      key: `sub-${s.id}`,
      id: s.id,
      text: `${s.expiry ?? ''}  ${String(days).padStart(3)}d  school ${s.school_id}  ${productName(s)} (subscription ${s.id})`,
      tone: days <= 30 ? 'warn' : undefined,
    };
  });
  return { title: 'Subscriptions expiring', summary: [{ text: within.join(' · ') }, ...rows.slice(0, SHOWN)], rows };
}

function cancellationsPane(data: BillingData): Pane {
  const rows: Row[] = data.cancellations.map((c) => ({
    key: `cancel-${c.id}`,
    id: c.id,
    text: `${c.created_at.slice(0, 10)}  ${c.school_name ?? `school ${c.school_id ?? '?'}`}  ${c.kind}${c.reason ? `: ${c.reason}` : ''}${c.undone_at ? ' (undone)' : ''}`,
    tone: c.undone_at ? 'dim' : undefined,
  }));
  return { title: 'Recent cancellations', summary: rows.length > 0 ? rows.slice(0, SHOWN) : [emptyLine('none')], rows };
}

const change = (value: number | null | undefined): string =>
  typeof value === 'number' ? ` (${value > 0 ? '+' : ''}${value}%)` : '';

function salesPane(data: BillingData): Pane {
  const h = data.headlines;
  const pct = h.change_percent ?? {};
  const summary: Line[] = [
    {
      text: `revenue ${money(h.current.revenue_gbp, 'gbp')}${change(pct.revenue_gbp)}`,
      tone: (pct.revenue_gbp ?? 0) < 0 ? 'warn' : undefined,
    },
    {
      text: `new subscriptions ${h.current.new_subscriptions}${change(pct.new_subscriptions)} · trials ${h.current.trials}${change(pct.trials)}`,
    },
    {
      text: `cancellations ${h.current.cancellations}${change(pct.cancellations)}`,
      tone: (pct.cancellations ?? 0) > 0 ? 'warn' : undefined,
    },
    { text: `${h.period.from} to ${h.period.to}, against the year before`, tone: 'dim' },
  ];
  return {
    title: 'Sales headlines',
    summary,
    rows: summary.map((line, i) => ({ ...line, key: `sales-${i}` })),
    counted: false,
  };
}

function runsPane(data: BillingData): Pane {
  const rows: Row[] = data.runs.map((r) => ({
    key: `run-${r.id}`,
    text: `${r.id}  ${r.command}  ${r.done}/${r.items} done${r.failed > 0 ? `, ${r.failed} failed` : ''}, ${r.pending} to send  ${r.state}`,
    bar: r.items > 0 ? (r.items - r.pending) / r.items : 1,
    tone: r.state === 'paused' ? 'warn' : undefined,
  }));
  return {
    title: 'Bulk runs in progress or paused',
    summary: rows.length > 0 ? rows.slice(0, SHOWN) : [emptyLine('none (edshed runs list shows finished ones)')],
    rows,
  };
}

/**
 * The billing dashboard's panes: invoices by state, expiring subscriptions, recent cancellations,
 * sales headlines and open bulk runs.
 *
 * @example
 * billingPanes(data).map((p) => p.title) // ['Invoices by state', 'Subscriptions expiring', ...]
 */
export function billingPanes(data: BillingData): Pane[] {
  return [invoicesPane(data), expiringPane(data), cancellationsPane(data), salesPane(data), runsPane(data)];
}
