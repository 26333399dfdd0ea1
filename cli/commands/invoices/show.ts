import type { Command } from 'commander';
import { shapeKeys } from '../../../core/shapes/define.js';
import { SHARED_INVOICE } from '../../../core/shapes/invoice.js';
import { buildRequest } from '../../../core/endpoints/call.js';
import { CliError, EXIT } from '../../errors/cli-error.js';
import type { Factory } from '../../factory/factory.js';
import { addCommonOptions, leafFactory } from '../../input/flags.js';
import { planOutput } from '../../output/plan.js';
import { printResponse } from '../../output/print-response.js';
import { tableEndpoint } from '../../table/table-endpoint.js';
import { findInvoice, invoiceKey, lookupInvoice } from '../../read/invoices.js';
import type { DefineCommand } from '../define.js';

/** The fields `invoices show` prints: the invoice, its school and its credits (GET subscriptions/invoices/{shareableId}). */
export const SHOWN_INVOICE_FIELDS = shapeKeys(SHARED_INVOICE);

/** An invoice named on the command line: by its id, its number (INV-000004), or the shareable id in the link sent to the school. */
export type InvoiceRef = { readonly id: number } | { readonly number: string } | { readonly shareableId: string };

/**
 * Reads the invoice argument by its form: digits (up to 15, a whole number from 1) are the invoice's id;
 * the number's form (core/shapes/invoice.ts keys) its number; anything else is its shareable id (20 hex
 * characters as the platform makes them; checked by the table).
 *
 * @example
 * invoiceRef('4') // { id: 4 }
 * invoiceRef('INV-000004') // { number: 'INV-000004' }
 * invoiceRef('afc018d5847896c2facc') // { shareableId: 'afc018d5847896c2facc' }
 */
export function invoiceRef(text: string): InvoiceRef {
  const trimmed = text.trim();
  if (/^\d{1,15}$/.test(trimmed)) {
    if (Number(trimmed) < 1)
      throw new CliError(
        `invoice: expected an invoice id (a whole number from 1) or a shareable id, got "${text}"; nothing was sent`,
        EXIT.usage,
      );
    return { id: Number(trimmed) };
  }
  const key = invoiceKey(trimmed);
  if ('key' in key && key.key.field === 'number') return { number: key.value };
  return { shareableId: 'key' in key && key.key.field === 'shareable_id' ? key.value : trimmed };
}

/**
 * Shows one invoice with its school and credits. A shareable id is read directly (no sign-in needed); an
 * invoice id is found in `invoices list` first (signed in as a school admin or superuser), then read the
 * same way, so both print the same thing.
 *
 * @example
 * await runInvoiceShow(c, { id: 4 });
 */
export async function runInvoiceShow(c: Factory, ref: InvoiceRef): Promise<void> {
  const plan = planOutput(c, { write: false, knownFields: SHOWN_INVOICE_FIELDS, command: 'invoices show' });
  const endpoint = tableEndpoint('invoices show');
  // The table checks the shareable id (no slash, not empty) before anything is sent.
  if ('shareableId' in ref) buildRequest(endpoint, { shareableId: ref.shareableId });
  const client = await c.client();
  let shareableId: string;
  if ('number' in ref) {
    // One request finds it by number (the list's filter), and names its shareable id.
    const { invoice } = await lookupInvoice(await c.api(), invoiceKey(ref.number));
    shareableId = (invoice as { readonly shareable_id: string }).shareable_id;
  } else if ('id' in ref) {
    const found = await findInvoice(await c.api(), ref.id);
    if (!found)
      throw new CliError(
        `Invoice ${ref.id} not found in the invoices you can list (GET subscriptions/invoices)`,
        EXIT.requestFailed,
      );
    if (typeof found.shareable_id !== 'string')
      throw new CliError(`The API listed invoice ${ref.id} without its shareable_id`, EXIT.requestFailed);
    shareableId = found.shareable_id;
  } else {
    shareableId = ref.shareableId;
  }
  const response = await client.request(buildRequest(endpoint, { shareableId }));
  if (plan.format === 'table' && plan.fields === undefined) {
    // A person at a terminal reads a view; every other format prints the API's answer as it came.
    const [{ checkedAnswer }, { invoiceView }, { renderView }] = await Promise.all([
      import('../../read/records.js'),
      import('./invoice-view.js'),
      import('../../output/view.js'),
    ]);
    const { invoice } = await checkedAnswer('invoices show', response, `GET subscriptions/invoices/${shareableId}`);
    const width = c.io.columns ?? 120;
    c.io.stdout.write(renderView(await invoiceView(invoice, width), width, c.colors));
    return;
  }
  await printResponse(c, response.data, endpoint.response ?? 'invoice', plan);
}

const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description('Show an invoice, with its school and credits, by its id, number or shareable id')
    .argument(
      '<invoice>',
      'the invoice id or number (INV-000004; both need sign-in), or its shareable id (from the link sent to the school)',
    )
    .addHelpText(
      'after',
      '\nA number is the invoice id: found in GET subscriptions/invoices (signed in as a school admin or superuser),\n' +
        'then read by its shareable id; a number (INV-000004) is found with GET subscriptions/invoices?number=\n' +
        '(one request), then read the same way. Anything else is the shareable id, read directly with\n' +
        'GET subscriptions/invoices/{shareableId} (role: public, no sign-in). Both print the same invoice.\n\n' +
        "Examples:\n  edshed invoices show 4\n  edshed invoices show INV-000004\n  edshed invoices show afc018d5847896c2facc   # a shareable id (the sandbox's invoice 4)\n  edshed invoices show 4 --fields number,state,amount_due",
    );
  addCommonOptions(cmd);
  cmd.action(async (text: string) => {
    const c = leafFactory(f, cmd);
    await runInvoiceShow(c, invoiceRef(text));
  });
};

export default define;
