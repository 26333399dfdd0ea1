/**
 * What `invoices reconcile --review` shows and decides, without drawing: the lines a person can review
 * (each with its candidates and the signals behind them), the decisions made with the keys, and those
 * decisions as the verdicts the plan is matched again with (as `--accept`'s are). The screen itself is
 * cli/ui/reconcile-review/; this module is pure, so the keys' meaning is tested apart from Ink.
 */
import { formatMoney } from '../../../core/domain/money.js';
import type { BookInvoice } from '../../../core/domain/reconcile/book.js';
import type { LineClass, Verdict } from '../../../core/domain/reconcile/match.js';
import type { ReconcileLine } from '../../../core/domain/reconcile/plan.js';
import type { KeyPress } from '../../ui/dash/keys.js';

/** One candidate as the screen lists it. */
export interface ReviewCandidate {
  readonly invoices: readonly number[];
  /** `INV-000004 Wattle Primary £540.00 open` for each invoice, joined with ` + `. */
  readonly label: string;
  readonly score: number;
  /** `reference INV-000004 (40)`, one per signal. */
  readonly signals: readonly string[];
}

/** One statement line the screen can decide. */
export interface ReviewItem {
  /** Its position among the statement lines read. */
  readonly at: number;
  readonly where: string;
  readonly date: string;
  readonly amount: string;
  readonly text: string;
  readonly class: LineClass;
  readonly note: string;
  readonly candidates: readonly ReviewCandidate[];
}

export type Decision = { readonly kind: 'accept'; readonly candidate: number } | { readonly kind: 'reject' };

export interface ReviewState {
  readonly items: readonly ReviewItem[];
  readonly cursor: number;
  /** The candidate shown for each item (the best at first). */
  readonly picks: readonly number[];
  /** By item index; an item not here is left as the matcher classed it. */
  readonly decisions: ReadonlyMap<number, Decision>;
  /** What the last key did or why it was refused. */
  readonly message: string;
  /** Set when the person is done: write the plan with the decisions, or leave writing nothing. */
  readonly done?: 'write' | 'abandon';
}

export type ReviewEvent =
  | { readonly kind: 'move'; readonly delta: number }
  | { readonly kind: 'pick'; readonly delta: number }
  | { readonly kind: 'accept' }
  | { readonly kind: 'reject' }
  | { readonly kind: 'skip' }
  | { readonly kind: 'write' }
  | { readonly kind: 'abandon' };

/** Why these invoices may not be accepted for the item's line (the checks of `--accept`), or undefined. */
export type AcceptCheck = (item: ReviewItem, invoices: readonly number[]) => string | undefined;

/** Classes a person looks at first: the matcher could not decide them alone. */
const NEEDS_PERSON: ReadonlySet<LineClass> = new Set(['ambiguous', 'refused', 'partial', 'overpaid', 'other-currency']);

/**
 * The lines worth a decision, those needing a person first, then the confident ones (a person may reject
 * one), each in statement order. Lines with no candidate (money out, nothing near) and already-paid lines
 * have nothing to accept, so they are not listed.
 *
 * @example
 * reviewItems(lines, byId, schoolNames)[0] // { where: 'nov.csv:14', class: 'ambiguous', candidates: [...] }
 */
export function reviewItems(
  lines: readonly ReconcileLine[],
  byId: ReadonlyMap<number, BookInvoice>,
  schoolName: (id: number) => string | undefined,
): ReviewItem[] {
  const invoiceLabel = (id: number): string => {
    const invoice = byId.get(id);
    if (invoice === undefined) return `invoice ${id}`;
    const school = schoolName(invoice.school_id) ?? `school ${invoice.school_id}`;
    return `${invoice.number} ${school} ${formatMoney(invoice.total, invoice.currency)} ${invoice.state}`;
  };
  const item = (line: ReconcileLine, at: number): ReviewItem => ({
    at,
    where: `${line.file}:${line.line}`,
    date: line.date,
    amount: formatMoney(line.amount, line.currency),
    text: line.text,
    class: line.class,
    note: line.note,
    candidates: line.candidates.map((c) => ({
      invoices: c.invoices,
      label: c.invoices.map(invoiceLabel).join(' + '),
      score: c.score,
      signals: c.signals.map((s) => `${s.signal} ${s.detail} (${s.points})`),
    })),
  });
  const listed = lines
    .map(item)
    .filter((i) => i.candidates.length > 0 && i.class !== 'already-paid' && i.class !== 'unmatched');
  return [...listed.filter((i) => NEEDS_PERSON.has(i.class)), ...listed.filter((i) => !NEEDS_PERSON.has(i.class))];
}

/**
 * The screen's first state: the first line, each line's best candidate shown, nothing decided.
 *
 * @example
 * initialReview(items).cursor // 0
 */
export function initialReview(items: readonly ReviewItem[]): ReviewState {
  return {
    items,
    cursor: 0,
    picks: items.map(() => 0),
    decisions: new Map(),
    message: items.length === 0 ? 'No line has a candidate to review.' : '',
  };
}

const clamp = (value: number, size: number): number => Math.min(Math.max(value, 0), Math.max(size - 1, 0));

/** The invoices accepted for another item than `except`, with that item's place. */
function acceptedElsewhere(state: ReviewState, except: number): Map<number, string> {
  const out = new Map<number, string>();
  for (const [k, d] of state.decisions) {
    const other = state.items[k];
    if (k === except || d.kind !== 'accept' || other === undefined) continue;
    for (const id of other.candidates[d.candidate]?.invoices ?? []) out.set(id, other.where);
  }
  return out;
}

function decide(state: ReviewState, decision: Decision | undefined, message: string): ReviewState {
  const decisions = new Map(state.decisions);
  if (decision === undefined) decisions.delete(state.cursor);
  else decisions.set(state.cursor, decision);
  return { ...state, decisions, message, cursor: clamp(state.cursor + 1, state.items.length) };
}

/**
 * The screen's state after one key's event. Accepting asks `check` first (the checks of `--accept`) and
 * refuses an invoice already accepted for another line; a refusal leaves the state as it was, with why.
 *
 * @example
 * reviewReducer(initialReview(items), { kind: 'reject' }, check).decisions.get(0) // { kind: 'reject' }
 */
export function reviewReducer(state: ReviewState, event: ReviewEvent, check: AcceptCheck): ReviewState {
  const item = state.items[state.cursor];
  switch (event.kind) {
    case 'move':
      return { ...state, cursor: clamp(state.cursor + event.delta, state.items.length), message: '' };
    case 'pick': {
      if (item === undefined || item.candidates.length === 0) return state;
      const size = item.candidates.length;
      const picks = state.picks.map((p, k) => (k === state.cursor ? (p + event.delta + size) % size : p));
      return { ...state, picks, message: '' };
    }
    case 'accept': {
      if (item === undefined) return state;
      const candidate = state.picks[state.cursor] ?? 0;
      const invoices = item.candidates[candidate]?.invoices ?? [];
      const elsewhere = acceptedElsewhere(state, state.cursor);
      const clash = invoices.find((id) => elsewhere.has(id));
      if (clash !== undefined)
        return {
          ...state,
          message: `Not accepted: invoice ${clash} is accepted for ${elsewhere.get(clash) ?? 'another line'}`,
        };
      const problem = check(item, invoices);
      if (problem !== undefined) return { ...state, message: `Not accepted: ${problem}` };
      return decide(
        state,
        { kind: 'accept', candidate },
        `${item.where}: accepted ${item.candidates[candidate]?.label ?? ''}`,
      );
    }
    case 'reject':
      return item === undefined
        ? state
        : decide(state, { kind: 'reject' }, `${item.where}: rejected; it marks nothing`);
    case 'skip':
      return item === undefined
        ? state
        : decide(state, undefined, `${item.where}: left as the matcher classed it (${item.class})`);
    case 'write':
      return { ...state, done: 'write' };
    case 'abandon':
      return { ...state, done: 'abandon' };
  }
}

/** Counts for the screen's header. */
export function reviewCounts(state: ReviewState): { accepted: number; rejected: number; left: number } {
  const kinds = [...state.decisions.values()].map((d) => d.kind);
  const accepted = kinds.filter((k) => k === 'accept').length;
  const rejected = kinds.length - accepted;
  return { accepted, rejected, left: state.items.length - kinds.length };
}

/** What the review decided, by statement line position: the invoices accepted, or rejection. */
export type ReviewOutcome = ReadonlyMap<
  number,
  { readonly kind: 'accept'; readonly invoices: readonly number[] } | { readonly kind: 'reject' }
>;

/**
 * The decisions by statement line, for the plan.
 *
 * @example
 * reviewOutcome(state).get(14) // { kind: 'accept', invoices: [8812] }
 */
export function reviewOutcome(state: ReviewState): ReviewOutcome {
  const out = new Map<number, { kind: 'accept'; invoices: readonly number[] } | { kind: 'reject' }>();
  for (const [k, d] of state.decisions) {
    const item = state.items[k];
    if (item === undefined) continue;
    out.set(
      item.at,
      d.kind === 'reject' ? d : { kind: 'accept', invoices: item.candidates[d.candidate]?.invoices ?? [] },
    );
  }
  return out;
}

/**
 * A rejected line's verdict: it marks nothing, keeps its candidates for whoever looks again, and says a
 * person rejected what the matcher had.
 *
 * @example
 * rejectedVerdict(line) // { class: 'unmatched', invoices: [], note: 'rejected by a person in the review (the matcher had it confident, marking invoice 9141)' }
 */
export function rejectedVerdict(line: ReconcileLine): Verdict {
  const had =
    line.invoices.length === 0
      ? ''
      : `, marking invoice${line.invoices.length === 1 ? '' : 's'} ${line.invoices.join(', ')}`;
  return {
    class: 'unmatched',
    invoices: [],
    candidates: line.candidates,
    note: `rejected by a person in the review (the matcher had it ${line.class}${had}${line.note === '' ? '' : `: ${line.note}`})`,
  };
}

/** The keys, as the screen's last line lists them (80 columns). */
export const REVIEW_KEYS = '↑↓ line  ←→ candidate  a/Enter accept  r reject  s skip  w write plan  Esc quit';

/**
 * The event a key press means on the review screen, if any.
 *
 * @example
 * reviewKey('r', {}) // { kind: 'reject' }
 */
export function reviewKey(input: string, key: KeyPress): ReviewEvent | undefined {
  if (key.ctrl && input === 'c') return { kind: 'abandon' };
  if (key.escape) return { kind: 'abandon' };
  if (key.upArrow || input === 'k') return { kind: 'move', delta: -1 };
  if (key.downArrow || input === 'j') return { kind: 'move', delta: 1 };
  if (key.pageUp) return { kind: 'move', delta: -10 };
  if (key.pageDown) return { kind: 'move', delta: 10 };
  if (key.leftArrow || input === 'h') return { kind: 'pick', delta: -1 };
  if (key.rightArrow || input === 'l' || input === '\t') return { kind: 'pick', delta: 1 };
  if (key.return || input === 'a') return { kind: 'accept' };
  if (input === 'r') return { kind: 'reject' };
  if (input === 's') return { kind: 'skip' };
  if (input === 'w') return { kind: 'write' };
  return undefined;
}
