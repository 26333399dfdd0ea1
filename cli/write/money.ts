import type { Endpoint } from '../../core/endpoints/define.js';
import { mainValue } from '../../core/shapes/reply.js';

/**
 * Whether a single write changes money, so a person at a terminal is asked first: a destructive entry,
 * or a write whose answer is a record holding money (its shape's `money`: an invoice marked paid,
 * promised, forex-marked...). Read off the table entry; a script (no terminal) is never asked.
 *
 * @example
 * changesMoney(endpointOf('invoices mark-paid')) // true: it answers the invoice, which holds money
 * changesMoney(endpointOf('invoices list')) // false: a read
 */
export function changesMoney(endpoint: Pick<Endpoint, 'method' | 'destructive' | 'reply'>): boolean {
  if (endpoint.method === 'GET') return false;
  if (endpoint.destructive) return true;
  const main = mainValue(endpoint.reply);
  return main !== null && !main.list && (main.shape.money?.length ?? 0) > 0;
}
