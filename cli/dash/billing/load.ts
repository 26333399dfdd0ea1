import type { EndpointEntries } from '../../../core/endpoints/index.js';
import type { ReplyOf } from '../../../core/endpoints/methods.js';
import type { Cancellation, Invoice, Subscription } from '../../../core/shapes/types.js';
import type { ApiMethods } from '../../../core/endpoints/methods.js';
import type { Env } from '../../factory/factory.js';
import { listRuns } from '../../bulk/run-list.js';
import { collectPages } from '../../read/pages.js';
import { invoicesWhere } from '../../read/invoices.js';

import { together } from '../../read/together.js';
import { checkedAnswer } from '../../read/records.js';
import { byCodeUnits } from '../../../core/domain/order.js';

/** A bulk run from this machine's journals that has items not sent yet. */
export interface OpenRun {
  readonly id: string;
  readonly command: string;
  readonly items: number;
  readonly done: number;
  readonly failed: number;
  readonly pending: number;
  /** `running` while its journal changed in the last minute, else `paused` (resume it with `runs resume`). */
  readonly state: 'running' | 'paused';
}

/** The sales headlines, as `GET sales/reports/headlines` answers them (its entry's reply). */
export type Headlines = ReplyOf<EndpointEntries['sales headlines']>['headlines'];

/** Everything the billing dashboard shows, as read (`--json` prints it). */
export interface BillingData {
  readonly today: string;
  readonly invoices: readonly Invoice[];
  /** Active subscriptions that expire within 90 days, the soonest first. */
  readonly expiring: readonly Subscription[];
  readonly cancellations: readonly Cancellation[];
  readonly headlines: Headlines;
  readonly runs: readonly OpenRun[];
}

/** Days ahead the expiring subscriptions are counted over. */
export const EXPIRY_WINDOWS = [30, 60, 90] as const;
const RECENT_CANCELLATIONS = 20;
const RUNNING_WITHIN_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * Days from `today` to `date` (both `YYYY-MM-DD`; a date-time is read by its day).
 *
 * @example
 * daysUntil('2026-12-24', '2026-11-24') // 30
 */
export function daysUntil(date: string, today: string): number {
  return Math.round((Date.parse(date.slice(0, 10)) - Date.parse(today)) / DAY_MS);
}

/**
 * The bulk runs with items still to send, from the local journals.
 *
 * @example
 * const runs = await openRuns(c.env, new Date());
 */
export async function openRuns(env: Env, now: Date): Promise<OpenRun[]> {
  return (await listRuns(env))
    .filter((run) => run.counts.pending > 0)
    .map((run) => ({
      id: run.id,
      command: run.header.command,
      items: run.header.items,
      done: run.counts.done,
      failed: run.counts.failed,
      pending: run.counts.pending,
      state: now.getTime() - run.modified.getTime() < RUNNING_WITHIN_MS ? 'running' : 'paused',
    }));
}

/**
 * Reads the billing dashboard's figures at the same time: every invoice, the active subscriptions, the
 * latest cancellations, the sales headlines, and the open bulk runs of this machine.
 *
 * @example
 * const data = await loadBilling(await c.api(), { env: c.env, now: new Date() });
 */
export async function loadBilling(
  api: ApiMethods,
  options: { readonly env: Env; readonly now: Date },
): Promise<BillingData> {
  const today = options.now.toISOString().slice(0, 10);
  const [invoices, active, cancellations, headlines, runs] = await together([
    invoicesWhere(api, {}),
    collectPages(
      (page) => api.subscriptions.list({ state: 'active', ...page }),
      'subscriptions list',
      'subscriptions',
      'GET schoolsubscriptions',
    ),
    api.cancellations
      .list({ take: RECENT_CANCELLATIONS })
      .then(async (r) => (await checkedAnswer('cancellations list', r, 'GET superuser/cancellations')).cancellations),
    api.sales
      .headlines()
      .then(async (r) => (await checkedAnswer('sales headlines', r, 'GET sales/reports/headlines')).headlines),
    openRuns(options.env, options.now),
  ]);
  const horizon = EXPIRY_WINDOWS[EXPIRY_WINDOWS.length - 1] as number;
  const expiring = active
    .filter(
      (s) => typeof s.expiry === 'string' && daysUntil(s.expiry, today) >= 0 && daysUntil(s.expiry, today) <= horizon,
    )
    .sort((a, b) => byCodeUnits(a.expiry ?? '', b.expiry ?? '') || a.id - b.id);
  return { today, invoices, expiring, cancellations, headlines, runs };
}
