/**
 * Whether an invoice or subscription already shows the change an item asked for: an item whose outcome
 * is unknown (the connection dropped after sending) is read back before it is sent again, since a
 * production server may have forgotten its idempotency key by then.
 */
import type { Endpoint } from '../../core/endpoints/define.js';
import type { ApiMethods } from '../../core/endpoints/methods.js';
import type { BulkRequest } from './items-file.js';
import { readTargetInFull, targetIdOf, targetKindOf } from './targets.js';

type Target = Readonly<Record<string, unknown>>;
type Body = Readonly<Record<string, unknown>>;

const same = (a: unknown, b: unknown): boolean => a !== undefined && a === b;

/** Per command: the target after the write applied. Commands not here are always sent again (with their key). */
const SHOWS_CHANGE: Readonly<Record<string, (target: Target, body: Body) => boolean>> = {
  'invoices mark-paid': (t, b) => t.state === 'paid' && same(t.paid_method, b.method) && same(t.paid_date, b.date),
  'invoices update-paid': (t, b) => t.state === 'paid' && same(t.paid_method, b.method) && same(t.paid_date, b.date),
  'invoices mark-promised': (t, b) => t.state === 'promised' && same(t.promised_reference, b.reference),
  'invoices void': (t) => t.state === 'void',
  'subscriptions cancel-at-expiry': (t) => t.state === 'cancelling',
  'subscriptions set-po-number': (t, b) =>
    typeof b.po_number === 'string' && t.po_number === (b.po_number.trim() === '' ? null : b.po_number.trim()),
};

/**
 * True when the target already shows the item's change (e.g. the invoice is paid with that method and date).
 *
 * @example
 * showsChange('invoices mark-paid', { state: 'paid', paid_method: 'bacs', paid_date: '2026-11-02' }, { method: 'bacs', date: '2026-11-02' }) // true
 */
export function showsChange(command: string, target: Target | undefined, body: unknown): boolean {
  const check = SHOWS_CHANGE[command];
  if (check === undefined || target === undefined) return false;
  return check(target, body !== null && typeof body === 'object' ? (body as Body) : {});
}

/** Whether read-back can settle items of this endpoint (an invoice or subscription workflow it knows). */
export const readsBack = (endpoint: Endpoint): boolean =>
  targetKindOf(endpoint) !== undefined && SHOWS_CHANGE[endpoint.command] !== undefined;

/**
 * Reads the target of an item's request and tells whether the item's change is already there; false when it cannot tell
 * (unknown workflow, target not found, or the read failed), so the item is sent again with its key.
 *
 * @example
 * if (await alreadyApplied(await c.api(), endpoint, item.row)) journal.append({ ...item, status: 'done', ... });
 */
export async function alreadyApplied(
  api: Pick<ApiMethods, 'invoices' | 'subscriptions'>,
  endpoint: Endpoint,
  request: BulkRequest,
): Promise<boolean> {
  const kind = targetKindOf(endpoint);
  const id = targetIdOf(endpoint, request.path);
  if (kind === undefined || id === undefined || !readsBack(endpoint)) return false;
  const target = await readTargetInFull(api, kind, id).catch(() => undefined);
  return showsChange(endpoint.command, target, request.body);
}
