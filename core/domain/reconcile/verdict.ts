/** What the matcher says of a line: its class, its candidates with their signals, the invoices it marks paid. */
import { z } from 'zod';

export const LINE_CLASSES = [
  'confident',
  'ambiguous',
  'refused',
  'partial',
  'overpaid',
  'other-currency',
  'already-paid',
  'unmatched',
  'outgoing',
] as const;
export type LineClass = (typeof LINE_CLASSES)[number];

export const SIGNALS = [
  'reference',
  'reference-cut',
  'po',
  'name',
  'district',
  'amount',
  'amount-fee',
  'date',
  'accepted',
] as const;

export const signalSchema = z.strictObject({ signal: z.enum(SIGNALS), points: z.number(), detail: z.string() });
export type Signal = z.infer<typeof signalSchema>;
export const candidateSchema = z.strictObject({
  invoices: z.array(z.number().int()).min(1),
  score: z.number(),
  signals: z.array(signalSchema),
});
export type Candidate = z.infer<typeof candidateSchema>;

/** A line's verdict; the plan file's line is the statement line and this. */
export interface Verdict {
  readonly class: LineClass;
  readonly invoices: number[];
  readonly candidates: Candidate[];
  /** Why, and for partial, overpaid, other-currency, refused and ambiguous lines what to do instead. */
  readonly note: string;
}

/** What the plan is made against besides the book. */
export interface MatchOptions {
  /**
   * The day the plan is made (`YYYY-MM-DD`, the CLI's clock): a line dated after it is `refused`, as the
   * API refuses a payment date in the future. Without it no line is in the future.
   */
  readonly today?: string | undefined;
}

/** The verdict of a line of money out (a refund, a charge): never a payment of an invoice, and not money received. */
const MONEY_OUT: Verdict = {
  class: 'outgoing',
  invoices: [],
  candidates: [],
  note: 'money out (a refund or a charge): not a payment of an invoice; left alone',
};

/** The verdict of a line of no money either way. */
const NO_MONEY: Verdict = {
  class: 'unmatched',
  invoices: [],
  candidates: [],
  note: 'no money in: not a payment of an invoice',
};

/**
 * The verdict of a line that is not money in: outgoing when money went out, unmatched when none moved.
 *
 * @example
 * notMoneyIn(-7500).class // 'outgoing'
 */
export const notMoneyIn = (amount: number): Verdict => (amount < 0 ? MONEY_OUT : NO_MONEY);
