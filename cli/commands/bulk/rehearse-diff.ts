/** What a rehearsal changed on its copy: the invoices and subscriptions before and after, compared. */
import type {
  RehearsalRecords,
  RehearsedInvoice,
  RehearsedSubscription,
} from '../../../sandbox/server/private-copy.js';
import { formatMoney } from '../../../core/domain/money.js';
import { addAmount, formatTotals } from '../../bulk/target-summary.js';
import { byCodeUnits } from '../../../core/domain/order.js';

/** One record as it was and as it is: null before for a record the rehearsal created, null after for one it removed. */
export interface Change<T> {
  readonly id: number;
  readonly before: T | null;
  readonly after: T | null;
}

export type InvoiceFacts = Omit<RehearsedInvoice, 'id'>;
export type SubscriptionFacts = Omit<RehearsedSubscription, 'id'>;

export interface RecordsDiff {
  readonly invoices: readonly Change<InvoiceFacts>[];
  readonly subscriptions: readonly Change<SubscriptionFacts>[];
}

/** Changed records listed one per line in the text; the rest are counted (and all are in --json). */
const LISTED = 50;

function changes<T extends { readonly id: number }>(
  before: readonly T[],
  after: readonly T[],
): Change<Omit<T, 'id'>>[] {
  const facts = (record: T): Omit<T, 'id'> => {
    const { id: _id, ...rest } = record;
    return rest;
  };
  const was = new Map(before.map((record) => [record.id, facts(record)]));
  const found: Change<Omit<T, 'id'>>[] = [];
  const seen = new Set<number>();
  for (const record of after) {
    seen.add(record.id);
    const now = facts(record);
    const then = was.get(record.id) ?? null;
    if (then === null || JSON.stringify(then) !== JSON.stringify(now))
      found.push({ id: record.id, before: then, after: now });
  }
  for (const [id, then] of was) if (!seen.has(id)) found.push({ id, before: then, after: null });
  return found.sort((a, b) => a.id - b.id);
}

/**
 * The invoices and subscriptions that differ between two readings of the copy.
 *
 * @example
 * diffRecords(before, after).invoices // [{ id: 8, before: { state: 'open', ... }, after: { state: 'paid', ... } }]
 */
export function diffRecords(before: RehearsalRecords, after: RehearsalRecords): RecordsDiff {
  return {
    invoices: changes(before.invoices, after.invoices),
    subscriptions: changes(before.subscriptions, after.subscriptions),
  };
}

const stateOf = (facts: { readonly state: string } | null): string => (facts === null ? 'none' : facts.state);

/** Counts and totals (minor units, per currency, as the records are after) by the key each change is grouped under. */
function groups<T>(
  list: readonly Change<T>[],
  key: (change: Change<T>) => string,
  amount: (change: Change<T>) => InvoiceFacts | null,
): { key: string; count: number; totals: Map<string, number> }[] {
  const byKey = new Map<string, { key: string; count: number; totals: Map<string, number> }>();
  for (const change of list) {
    const k = key(change);
    const group = byKey.get(k) ?? { key: k, count: 0, totals: new Map<string, number>() };
    group.count += 1;
    addAmount(group.totals, amount(change) ?? undefined);
    byKey.set(k, group);
  }
  return [...byKey.values()].sort((a, b) => b.count - a.count || byCodeUnits(a.key, b.key));
}

const invoiceMove = (change: Change<InvoiceFacts>): string => `${stateOf(change.before)} → ${stateOf(change.after)}`;
const place = (facts: SubscriptionFacts | null): string => (facts === null ? 'none' : `school ${facts.school_id}`);
const subscriptionMove = (change: Change<SubscriptionFacts>): string => {
  const school =
    change.before?.school_id === change.after?.school_id
      ? `at ${place(change.after)}`
      : `${place(change.before)} → ${place(change.after)}`;
  return change.before?.state === change.after?.state
    ? school
    : `${school}, ${stateOf(change.before)} → ${stateOf(change.after)}`;
};

function money(facts: InvoiceFacts | null): string {
  return facts === null ? 'none' : formatMoney(facts.total, facts.currency);
}

function invoiceLine(change: Change<InvoiceFacts>): string {
  const facts = change.after ?? change.before;
  const total =
    change.before !== null && change.after !== null && change.before.total !== change.after.total
      ? `total ${money(change.before)} → ${money(change.after)}`
      : money(facts);
  return `    invoice ${change.id} (${facts?.number ?? '?'}, school ${facts?.school_id ?? '?'}): ${invoiceMove(change)}, ${total}`;
}

/**
 * The diff as text: the invoices grouped by their change of state (with the totals per currency), the
 * subscriptions by their change of school (and state), then each record (the first few dozen).
 *
 * @example
 * diffLines(diff) // ['Invoices changed: 3', '  open → paid: 3, £540.00 (GBP)', '    invoice 8 (INV-000008, school 1): open → paid, £180.00', ..., 'Subscriptions changed: none']
 */
export function diffLines(diff: RecordsDiff): string[] {
  const lines: string[] = [`Invoices changed: ${diff.invoices.length || 'none'}`];
  for (const group of groups(diff.invoices, invoiceMove, (change) => change.after ?? change.before)) {
    lines.push(`  ${group.key}: ${group.count}, ${formatTotals(group.totals)}`);
  }
  lines.push(...diff.invoices.slice(0, LISTED).map(invoiceLine));
  if (diff.invoices.length > LISTED) lines.push(`    ... and ${diff.invoices.length - LISTED} more`);
  lines.push(`Subscriptions changed: ${diff.subscriptions.length || 'none'}`);
  for (const group of groups(diff.subscriptions, subscriptionMove, () => null))
    lines.push(`  ${group.key}: ${group.count}`);
  lines.push(
    ...diff.subscriptions
      .slice(0, LISTED)
      .map((change) => `    subscription ${change.id}: ${subscriptionMove(change)}`),
  );
  if (diff.subscriptions.length > LISTED) lines.push(`    ... and ${diff.subscriptions.length - LISTED} more`);
  return lines;
}
