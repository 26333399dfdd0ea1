/**
 * A bank statement's line as every reader (CSV, OFX, CAMT.053) gives it, and the error a reader throws
 * naming the file and line. Pure: no node imports, so parsers, matcher and generator test alone.
 */
import { z } from 'zod';
import { CURRENCIES } from '../billing.js';

/** The statement formats read and written. */
export const STATEMENT_FORMATS = ['csv', 'ofx', 'ofx2', 'camt'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/** How a CSV's slashed dates read: day first, month first (ISO dates read alone). */
export const DATE_FORMATS = ['dmy', 'mdy', 'ymd'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

export const statementLineSchema = z.strictObject({
  /** Stable: the bank's own id where the format has one, else account, date, amount, text and an occurrence number. */
  id: z.string().min(1),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** Minor units; money in is positive, money out negative. */
  amount: z.number().int(),
  currency: z.enum(CURRENCIES),
  text: z.string(),
  /** Where it was read: file and line (1-based; the line of the transaction's first tag in OFX and CAMT). */
  file: z.string(),
  line: z.number().int().positive(),
  /** The payment method the line names (`CHEQUE`, `CARD`...), when the bank says; else bacs is assumed. */
  method: z.enum(['bacs', 'card', 'cheque', 'cash', 'direct_debit', 'wire']).optional(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

/** A line before its id: what a reader finds, with the bank's own id where it has one. */
export interface RawLine extends Omit<StatementLine, 'id'> {
  readonly bankId?: string | undefined;
  readonly account?: string | undefined;
}

/**
 * A statement that cannot be read as given, naming the file and line (exit 2 in the CLI).
 *
 * @example
 * throw new StatementError('may.csv', 14, 'amount "12,3x" is not a number');
 */
export class StatementError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    readonly problem: string,
  ) {
    super(`${file}${line === undefined ? '' : `:${line}`}: ${problem}`);
    this.name = 'StatementError';
  }
}
