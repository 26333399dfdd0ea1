/**
 * The targets of invoice and subscription workflows: which item writes to which invoice or subscription,
 * and what state it is in now. Read a page at a time; only id -> state, currency, total is kept.
 */
import type { ApiClient } from '../../core/api/client.js';
import { ApiError } from '../../core/api/errors/index.js';
import { totalsByCurrency } from '../../core/domain/invoice-totals.js';
import { buildRequest } from '../../core/endpoints/call.js';
import type { Endpoint } from '../../core/endpoints/define.js';
import { ENDPOINTS } from '../../core/endpoints/index.js';
import { routePattern } from '../../core/endpoints/route-pattern.js';
import { readBack, readInvoices } from '../read/invoice-reader.js';
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

/** Ids looked up in one walk of the invoice list. */
const INVOICE_BATCH = 1000;
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

const showSubscription = (): Endpoint => ENDPOINTS.find((e) => e.command === 'subscriptions show') as Endpoint;

/** A subscription as the API answers it, or undefined when there is none with that id. */
async function readSubscription(client: ApiClient, id: number): Promise<SubscriptionAnswer | undefined> {
  const endpoint = showSubscription();
  const response = await client.request(buildRequest(endpoint, { id })).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  });
  const parsed = replySchema(endpoint.reply ?? {}).safeParse(response?.data);
  return parsed.success ? (parsed.data as SubscriptionAnswer) : undefined;
}

/** A subscription's state, with what its unpaid invoices still owe as its total. */
function subscriptionState(answer: SubscriptionAnswer): TargetState {
  const owed = totalsByCurrency(answer.invoices, '0000-00-00')[0];
  return { state: answer.subscription.state, currency: owed?.currency ?? answer.subscription.currency ?? null, total: owed?.amount_due ?? null, school: answer.subscription.school_id ?? null };
}

/**
 * Reads the current state of each target. Ids not found are absent from the map.
 *
 * @example
 * const states = await readTargets(client, 'invoices', [8, 9]); // Map { 8 => { state: 'open', currency: 'gbp', total: 54000 } }
 */
export async function readTargets(client: ApiClient, kind: TargetKind, ids: Iterable<number>): Promise<Map<number, TargetState>> {
  const all = [...new Set(ids)];
  const states = new Map<number, TargetState>();
  const batch = kind === 'invoices' ? INVOICE_BATCH : SUBSCRIPTION_READS;
  for (let start = 0; start < all.length; start += batch) {
    const part = all.slice(start, start + batch);
    if (kind === 'invoices') {
      for (const [id, invoice] of await readInvoices(client, part)) {
        const { state, currency, total, issued_at, paid_method, paid_date } = invoice;
        states.set(id, { state, currency, total, accounted: invoice.accounting_id != null, issued_at: issued_at ?? null, paid_method: paid_method ?? null, paid_date: paid_date ?? null });
      }
      continue;
    }
    const answers = await Promise.all(part.map((id) => readSubscription(client, id)));
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
 * const invoice = await readTargetInFull(client, 'invoices', 8); // { id: 8, state: 'paid', paid_method: 'bacs', ... }
 */
export async function readTargetInFull(client: ApiClient, kind: TargetKind, id: number): Promise<Readonly<Record<string, unknown>> | undefined> {
  if (kind === 'invoices') return readBack(client, id, undefined);
  return (await readSubscription(client, id))?.subscription;
}
