/**
 * What a person can do with an invoice in the state it is in, as commands to run: the ways on from a
 * state and the ways back from a mistake (a payment marked by mistake is changed or refunded, never
 * voided). The commands are found in the endpoint table, so a renamed entry renames the advice.
 */
import type { Endpoint } from '../../core/endpoints/define.js';

/** The invoice fields the advice reads. */
export interface InvoiceAt {
  readonly id: number;
  readonly state: string;
  readonly subscription_id?: number | null | undefined;
}

/** An entry's payload keys as flags with placeholders: `--method METHOD --date DATE`. */
const flags = (endpoint: Endpoint): string =>
  Object.keys(endpoint.payload ?? {})
    .map((key) => ` --${key.replace(/_/g, '-')} ${key.toUpperCase()}`)
    .join('');

/** The table, loaded only when advice is given (after a refusal, or for a view). */
const table = async (): Promise<readonly Endpoint[]> => (await import('../../core/endpoints/index.js')).ENDPOINTS;

/**
 * The commands that take an invoice on from its state, a sentence each: to mark an open one paid or
 * promised; to change a paid one's payment details (the PUT on its `paid` route) or refund it (the
 * refund of its subscription); to change a promise's reference; to restore a void one.
 *
 * @example
 * await invoiceWays({ id: 6, state: 'paid', subscription_id: 7 })
 * // ['To change its payment details: edshed invoices update-paid 6 --method METHOD --date DATE', 'To refund it: edshed subscriptions cancel-and-refund 7 (cancels the subscription)']
 */
export async function invoiceWays(invoice: InvoiceAt): Promise<string[]> {
  const endpoints = await table();
  const editor = (state: string) =>
    endpoints.find((e) => e.method === 'PUT' && e.path === `superuser/invoices/{id}/${state}`);
  const refund = endpoints.find(
    (e) => e.method === 'POST' && /^superuser\/subscriptions\/\{id\}\/[a-z]*refund$/.test(e.path),
  );
  const ways: string[] = [];
  const id = invoice.id;
  switch (invoice.state) {
    case 'open':
      ways.push(
        `To mark it paid: edshed invoices mark ${id} paid --method METHOD --date YYYY-MM-DD`,
        `To mark it promised: edshed invoices mark ${id} promised --reference REF`,
      );
      break;
    case 'promised': {
      const edit = editor('promised');
      ways.push(`To mark it paid: edshed invoices mark ${id} paid --method METHOD --date YYYY-MM-DD`);
      if (edit) ways.push(`To change its reference: edshed ${edit.command} ${id}${flags(edit)}`);
      break;
    }
    case 'paid': {
      const edit = editor('paid');
      if (edit) ways.push(`To change its payment details: edshed ${edit.command} ${id}${flags(edit)}`);
      if (refund && typeof invoice.subscription_id === 'number')
        ways.push(
          `To refund it: edshed ${refund.command} ${invoice.subscription_id} (cancels subscription ${invoice.subscription_id})`,
        );
      break;
    }
    case 'void':
      ways.push(`To restore it: edshed invoices mark ${id} restore --provider PROVIDER`);
      break;
    default:
      break;
  }
  return ways;
}
