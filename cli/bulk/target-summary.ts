/** How a plan and a run's summary show the targets of invoice and subscription workflows. */
import { formatMoney } from '../../core/domain/money.js';
import type { NoChange } from './plan-no-change.js';
import type { TargetKind, TargetState } from './targets.js';
import { byCodeUnits } from '../../core/domain/order.js';

/** Targets listed one per line in a plan; the rest are counted (and all are in the plan file). */
const LISTED = 50;

/**
 * Adds an amount to per-currency totals (minor units; currencies never mixed).
 *
 * @example
 * addAmount(totals, { currency: 'gbp', total: 54000 });
 */
export function addAmount(
  totals: Map<string, number>,
  target: { readonly currency: string | null; readonly total: number | null } | undefined,
): void {
  if (!target || target.currency === null || target.total === null) return;
  const currency = target.currency.toLowerCase();
  totals.set(currency, (totals.get(currency) ?? 0) + target.total);
}

/**
 * Per-currency totals in major units, sorted by currency: `£1,234.50, $20.00`; `none` when empty.
 *
 * @example
 * formatTotals(new Map([['gbp', 123450], ['usd', 2000]])) // '£1,234.50, US$20.00'
 */
export function formatTotals(totals: ReadonlyMap<string, number>): string {
  if (totals.size === 0) return 'none';
  return [...totals.entries()]
    .sort(([a], [b]) => byCodeUnits(a, b))
    .map(([currency, minor]) => `${formatMoney(minor, currency)} (${currency.toUpperCase()})`)
    .join(', ');
}

const singular = (kind: TargetKind): string => (kind === 'invoices' ? 'invoice' : 'subscription');

/** The targets of a plan at a glance: how many in each state now, how many not found, the totals per currency (minor units). */
export interface TargetSummary {
  readonly states: Readonly<Record<string, number>>;
  readonly not_found: number;
  readonly totals: Readonly<Record<string, number>>;
}

/**
 * Counts the targets by state and adds up their amounts per currency (as a dry run's --json prints them).
 *
 * @example
 * targetSummary([8, 9, 10], states) // { states: { open: 1, paid: 1 }, not_found: 1, totals: { gbp: 108000 } }
 */
export function targetSummary(ids: Iterable<number>, states: ReadonlyMap<number, TargetState>): TargetSummary {
  const byState = new Map<string, number>();
  const totals = new Map<string, number>();
  let missing = 0;
  for (const id of ids) {
    const target = states.get(id);
    if (!target) missing += 1;
    else byState.set(target.state, (byState.get(target.state) ?? 0) + 1);
    addAmount(totals, target);
  }
  const sorted = (map: ReadonlyMap<string, number>) =>
    Object.fromEntries([...map.entries()].sort(([a], [b]) => byCodeUnits(a, b)));
  return { states: sorted(byState), not_found: missing, totals: sorted(totals) };
}

/**
 * The lines of a plan about its targets: how many in each state now, the totals per currency, then each
 * target with its state and amount (the first few dozen).
 *
 * @example
 * targetLines('invoices', [8, 9], states) // ['Invoices now: 2 open', 'Totals: £1,080.00 (GBP)', '  invoice 8: open, £540.00', ...]
 */
export function targetLines(
  kind: TargetKind,
  ids: ReadonlySet<number>,
  states: ReadonlyMap<number, TargetState>,
): string[] {
  const summary = targetSummary(ids, states);
  const counts = Object.entries(summary.states)
    .sort(([, a], [, b]) => b - a)
    .map(([state, n]) => `${n} ${state}`);
  if (summary.not_found > 0) counts.push(`${summary.not_found} not found`);
  const totals = new Map(Object.entries(summary.totals));
  const listed = [...ids].slice(0, LISTED).map((id) => {
    const target = states.get(id);
    const amount = target?.currency && target.total !== null ? `, ${formatMoney(target.total, target.currency)}` : '';
    return `  ${singular(kind)} ${id}: ${target ? target.state : 'not found'}${amount}`;
  });
  return [
    `${kind === 'invoices' ? 'Invoices' : 'Subscriptions'} now: ${counts.join(', ') || 'none'}`,
    `Totals${kind === 'subscriptions' ? ' (unpaid invoices)' : ''}: ${formatTotals(totals)}`,
    ...listed,
    ...(ids.size > LISTED ? [`  ... and ${ids.size - LISTED} more`] : []),
  ];
}

/**
 * A plan's lines about the rows that would change nothing: how many, then each with its line and target
 * (the first few dozen).
 *
 * @example
 * noChangeLines('invoices', found) // ['No change (1): ...', '  line 2: invoice 8: already paid']
 */
export function noChangeLines(kind: TargetKind, found: readonly NoChange[]): string[] {
  return foreseenLines(
    kind,
    `No change (${found.length}): the ${singular(kind)} is already so; sending the row writes nothing, or is refused`,
    found,
  );
}

/** A title, then each row with its line, target and reason (the first few dozen). */
function foreseenLines(kind: TargetKind, title: string, found: readonly NoChange[]): string[] {
  return [
    title,
    ...found.slice(0, LISTED).map((n) => `  line ${n.line}: ${singular(kind)} ${n.target_id}: ${n.reason}`),
    ...(found.length > LISTED ? [`  ... and ${found.length - LISTED} more`] : []),
  ];
}

/**
 * A plan's lines about the rows the API would refuse as things stand (a payment dated before its invoice
 * was issued...): how many, then each with its line, target and the rule (the first few dozen).
 *
 * @example
 * refusedLines('invoices', refused) // ['Would be refused (1): ...', '  line 4: invoice 8: payment date 2026-08-01 is before the invoice was issued (2026-09-01)']
 */
export function refusedLines(kind: TargetKind, found: readonly NoChange[]): string[] {
  return foreseenLines(
    kind,
    `Would be refused (${found.length}): the API's rules for the ${singular(kind)} as it stands; these rows would fail`,
    found,
  );
}
