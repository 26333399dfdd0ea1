/**
 * Lifecycles as data: which states an action may start from, the state it leads to, and how a refusal
 * says it. The sandbox enforces them (sandbox/domain/billing/lifecycle.ts); a client that has read a
 * record can foresee the refusal (`edshed invoices mark`) with the same words.
 */
import { UNPAID_INVOICE_STATES, type InvoiceState } from './billing.js';
import { PAYABLE_STATES } from './invoice-payment.js';

/** One action of a lifecycle: the states it may start from, the state it leads to, and how to say it. */
export interface Rule<S extends string> {
  readonly from: readonly S[];
  /** Omitted when the action keeps the state (editing details) or computes it. */
  readonly to?: S;
  /** Completes "only an open invoice can ...": `be marked paid`. */
  readonly phrase: string;
}

const article = (word: string): string => (/^[aeiou]/.test(word) ? 'an' : 'a');

function list(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} or ${words[words.length - 1] ?? ''}`;
}

/**
 * Why `rule` refuses a record of `entity` in `state`, naming the state and what is allowed; undefined
 * when the rule allows it.
 *
 * @example
 * stateRefusal('invoice', 12, 'void', INVOICE_RULES.markPaid)
 * // 'Invoice 12 is void; only an open or promised invoice can be marked paid'
 */
export function stateRefusal<S extends string>(
  entity: string,
  id: number | string,
  state: S,
  rule: Rule<S>,
): string | undefined {
  if (rule.from.includes(state)) return undefined;
  const label = entity.charAt(0).toUpperCase() + entity.slice(1);
  const first = rule.from[0] ?? '';
  return rule.from.length === 0
    ? `${label} ${id} is ${state}; no ${entity} can ${rule.phrase}`
    : `${label} ${id} is ${state}; only ${article(first)} ${list(rule.from)} ${entity} can ${rule.phrase}`;
}

/** The invoice lifecycle (the table of sandbox/domain/invoices/lifecycle.ts says which call is which action). */
export const INVOICE_RULES = {
  promise: { from: ['open'], to: 'promised', phrase: 'be marked promised' },
  editPromise: { from: ['promised'], phrase: 'have its promise edited' },
  markPaid: { from: PAYABLE_STATES, to: 'paid', phrase: 'be marked paid' },
  editPaid: { from: ['paid'], phrase: 'have its payment details edited' },
  pay: { from: PAYABLE_STATES, to: 'paid', phrase: 'be paid' },
  void: { from: ['open', 'promised', 'uncollectable'], to: 'void', phrase: 'be voided' },
  restore: { from: ['void'], to: 'open', phrase: 'be restored' },
  uncollectable: { from: UNPAID_INVOICE_STATES, to: 'uncollectable', phrase: 'be marked uncollectable' },
  refund: { from: ['paid'], to: 'refunded', phrase: 'be refunded' },
  remittance: { from: ['open', 'promised', 'paid'], phrase: 'be given a remittance' },
  forex: { from: ['open', 'promised', 'paid'], phrase: 'be forex-marked' },
  accounting: { from: ['open', 'promised', 'paid', 'uncollectable', 'refunded'], phrase: 'be sent to accounting' },
} as const satisfies Readonly<Record<string, Rule<InvoiceState>>>;

/** An action of the invoice lifecycle. */
export type InvoiceAction = keyof typeof INVOICE_RULES;
