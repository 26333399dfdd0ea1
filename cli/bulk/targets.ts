/**
 * The targets of invoice and subscription workflows: which item writes to which invoice or subscription,
 * and what state it is in now. Read once per run, invoices a page of the list at a time
 * (cli/read/invoices.ts); only id -> state, currency, total and the payment is kept.
 */
import { ApiError } from '../../core/api/errors/index.js';
import { totalsByCurrency } from '../../core/domain/invoice-totals.js';
import type { Endpoint } from '../../core/endpoints/define.js';
import type { ApiMethods } from '../../core/endpoints/methods.js';
import { routePattern } from '../../core/endpoints/route-pattern.js';
import { readBack, readInvoices, type ListedInvoice } from '../read/invoices.js';
import type { ValueOf } from '../../core/shapes/define.js';
import type { INVOICE_SUMMARY, SUBSCRIPTION } from '../../core/shapes/index.js';
import { replySchema } from '../../core/shapes/schema.js';

export type TargetKind = 'invoices' | 'subscriptions';

/** What a plan and a drift check need of a target; `total` in minor units of `currency`. */
export interface TargetState {
  readonly state: string;
  readonly currency: string | null;
  readonly total: number | null;
  /** A subscription's school (what `subscriptions move` changes); absent for an invoice. */
  readonly school?: number | null;
  /** Whether an invoice was sent to accounting (has an accounting id); absent for a subscription. */
  readonly accounted?: boolean;
  /** An invoice's issue day and payment, which the payment rules read; absent for a subscription. */
  readonly issued_at?: string | null;
  readonly paid_method?: string | null;
  readonly paid_date?: string | null;
}

/** Subscriptions read at once (one request each). */
const SUBSCRIPTION_READS = 4;

/**
 * The kind of target of an endpoint: `invoices` or `subscriptions` when its noun is one of them and it
 * writes to one `{id}`, else undefined (no states, no drift check).
 *
 * @example
 * targetKindOf(endpointOf('invoices mark-paid')) // 'invoices'
 */
export function targetKindOf(endpoint: Endpoint): TargetKind | undefined {
  const noun = endpoint.command.split(' ')[0];
  if (endpoint.method === 'GET' || !endpoint.params.includes('id')) return undefined;
  return noun === 'invoices' || noun === 'subscriptions' ? noun : undefined;
}

/**
 * The `{id}` of a request path built from the endpoint's path; undefined when it is not a whole number.
 *
 * @example
 * targetIdOf(endpointOf('invoices mark-paid'), 'superuser/invoices/8/paid') // 8
 */
export function targetIdOf(endpoint: Endpoint, path: string): number | undefined {
  const id = routePattern(endpoint.path).match(path)?.['id'];
  return id !== undefined && /^\d+$/.test(id) ? Number(id) : undefined;
}

/** What `subscriptions show` answers, as its entry's reply declares it (core/shapes). */
interface SubscriptionAnswer {
  readonly subscription: ValueOf<typeof SUBSCRIPTION>;
  readonly invoices: readonly ValueOf<typeof INVOICE_SUMMARY>[];
}

/** A subscription as the API answers it, or undefined when there is none with that id. */
async function readSubscription(
  api: Pick<ApiMethods, 'subscriptions'>,
  id: number,
): Promise<SubscriptionAnswer | undefined> {
  const [response, { tableEntry }] = await Promise.all([
    api.subscriptions.show({ id }).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) return undefined;
      throw error;
    }),
    import('../table/table-nouns.js'),
  ]);
  const parsed = replySchema((await tableEntry('subscriptions show')).reply ?? {}).safeParse(response?.data);
  return parsed.success ? (parsed.data as SubscriptionAnswer) : undefined;
}

/** What a plan and a drift check keep of an invoice. */
function invoiceState(invoice: ListedInvoice): TargetState {
  const { state, currency, total, issued_at, paid_method, paid_date } = invoice;
  return {
    state,
    currency,
    total,
    accounted: invoice.accounting_id != null,
    issued_at: issued_at ?? null,
    paid_method: paid_method ?? null,
    paid_date: paid_date ?? null,
  };
}

/** A subscription's state, with what its unpaid invoices still owe as its total. */
function subscriptionState(answer: SubscriptionAnswer): TargetState {
  const owed = totalsByCurrency(answer.invoices, '0000-00-00')[0];
  return {
    state: answer.subscription.state,
    currency: owed?.currency ?? answer.subscription.currency ?? null,
    total: owed?.amount_due ?? null,
    school: answer.subscription.school_id ?? null,
  };
}

/**
 * Reads the current state of each target, once for the whole run: invoices in pages of the list, as many
 * requests as pages of ids named (not as the list is long); subscriptions one request each, a few at a
 * time. Ids not found are absent from the map.
 *
 * @example
 * const states = await readTargets(await c.api(), 'invoices', [8, 9]); // Map { 8 => { state: 'open', currency: 'gbp', total: 54000 } }
 */
export async function readTargets(
  api: Pick<ApiMethods, 'invoices' | 'subscriptions'>,
  kind: TargetKind,
  ids: Iterable<number>,
): Promise<Map<number, TargetState>> {
  if (kind === 'invoices') return readInvoices(api, ids, invoiceState);
  const all = [...new Set(ids)];
  const states = new Map<number, TargetState>();
  for (let start = 0; start < all.length; start += SUBSCRIPTION_READS) {
    const part = all.slice(start, start + SUBSCRIPTION_READS);
    const answers = await Promise.all(part.map((id) => readSubscription(api, id)));
    answers.forEach((answer, i) => {
      if (answer) states.set(part[i] as number, subscriptionState(answer));
    });
  }
  return states;
}

/**
 * One target in full (every field the API sends), to see whether a write whose outcome is unknown was applied.
 *
 * @example
 * const invoice = await readTargetInFull(await c.api(), 'invoices', 8); // { id: 8, state: 'paid', paid_method: 'bacs', ... }
 */
export async function readTargetInFull(
  api: Pick<ApiMethods, 'invoices' | 'subscriptions'>,
  kind: TargetKind,
  id: number,
): Promise<Readonly<Record<string, unknown>> | undefined> {
  if (kind === 'invoices') return readBack(api, id, undefined);
  return (await readSubscription(api, id))?.subscription;
}
