/**
 * THE reader of invoices: a natural key (the number a school quotes, `INV-000004`, or the shareable id of
 * the link it was sent) turned into the invoice's id with at most one request, and an invoice read by id.
 *
 * Views, bulk targets, reconciliation and dashboards resolve invoices through here.
 */
import { ApiError } from '../../core/api/errors/index.js';
import type { ApiMethods } from '../../core/endpoints/methods.js';
import { INVOICE } from '../../core/shapes/invoice.js';
import type { Invoice, SharedInvoice } from '../../core/shapes/types.js';
import { CliError, EXIT } from '../cli-error.js';
import type { Factory } from '../factory.js';
import { describeKeys, pickOne, readKey, type KeyText } from './keys.js';
import { checkedAnswer } from './records.js';

/** The keys an invoice is named by, in the order a text is tried (core/shapes/invoice.ts). */
export const INVOICE_KEYS = INVOICE.keys ?? [];

/** What the command line may give for an invoice: "an invoice id, number or shareable id". */
export const INVOICE_NAMED_BY = describeKeys(INVOICE_KEYS, 'invoice');

/** Matches a lookup lists at most (a number is unique; more would be a broken API). */
const LISTED = 20;

/** An invoice a key named: its id, and the invoice as the lookup found it (absent for a plain id). */
export interface FoundInvoice {
  readonly id: number;
  readonly invoice?: Invoice | SharedInvoice;
}

/**
 * Reads a command-line text as an invoice id or one of its keys, with no request (exit 2 when it is neither).
 *
 * @example
 * invoiceKey('INV-000004') // { key: { field: 'number', ... }, value: 'INV-000004', text: 'INV-000004' }
 */
export function invoiceKey(text: string): KeyText {
  return readKey(text, INVOICE_KEYS, 'invoice');
}

/**
 * Finds the invoice a key names with at most one request: a plain id none; a number through the list's
 * `number` filter; a shareable id through `GET subscriptions/invoices/{shareableId}`. An unknown or
 * ambiguous key exits 2 (nothing written).
 *
 * @example
 * const { id, invoice } = await lookupInvoice(await c.api(), invoiceKey('INV-000004')); // id 4
 */
export async function lookupInvoice(api: ApiMethods, key: KeyText): Promise<FoundInvoice> {
  if ('id' in key) return { id: key.id };
  if (key.key.field === 'number') {
    const number = key.value.toUpperCase();
    const answer = await checkedAnswer('invoices list', await api.invoices.list({ number, take: LISTED }), 'GET subscriptions/invoices');
    const found = answer.invoices.filter((invoice) => invoice.number.toUpperCase() === number);
    const id = pickOne('invoice', key, found.map((invoice) => ({ id: invoice.id, name: `${invoice.number}  school ${invoice.school_id}  ${invoice.state}` })));
    return { id, invoice: found.find((invoice) => invoice.id === id) as Invoice };
  }
  try {
    const { invoice } = await checkedAnswer('invoices show', await api.invoices.show({ shareableId: key.value }), `GET subscriptions/invoices/${key.value}`);
    return { id: invoice.id, invoice };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) pickOne('invoice', key, []);
    throw error;
  }
}

/**
 * The id of the invoice a command-line text names (at most one request; none for a plain id).
 *
 * @example
 * await resolveInvoice(await c.api(), 'INV-000004') // 4
 */
export async function resolveInvoice(api: ApiMethods, text: string): Promise<number> {
  return (await lookupInvoice(api, invoiceKey(text))).id;
}

/**
 * One invoice by id, checked against its shape. The API reads one invoice only by its shareable id, so it
 * is sought in the list (cli/read/invoice-reader.ts); a missing one is a failed request (exit 1).
 *
 * @example
 * const invoice = await readInvoice(c, 4);
 */
export async function readInvoice(c: Pick<Factory, 'client'>, id: number): Promise<Invoice> {
  const { findInvoice } = await import('./invoice-reader.js');
  const invoice = await findInvoice(await c.client(), id);
  if (!invoice) throw new CliError(`Invoice ${id} not found in the invoices you can list (GET subscriptions/invoices)`, EXIT.requestFailed);
  return invoice as Invoice;
}
