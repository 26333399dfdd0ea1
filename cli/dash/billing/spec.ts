import { INVOICE_STATES, type InvoiceState } from '../../../core/domain/billing.js';
import type { Factory } from '../../factory/factory.js';
import type { ActOutcome, ActRequest, DashSpec } from '../spec.js';
import { billingPanes } from './panes.js';
import { loadBilling, type BillingData } from './load.js';

/**
 * A factory for a run function called under a drawn view: the same client, audit log and checks, but
 * its printed lines and notes go nowhere (the view shows the outcome instead of a table on top of it).
 */
function silentFactory(f: Factory): Factory {
  const quiet = f.withGlobals({ ...f.globals, quiet: true, json: true });
  const nowhere = { write: () => true };
  return { ...quiet, io: { ...quiet.io, stdout: nowhere, stderr: nowhere } };
}

/**
 * Marks one invoice through `edshed invoices mark`'s run function, so it is checked, audited and read
 * back exactly as the command does.
 *
 * @example
 * await markFromDashboard(c, { action: 'promised', id: 4, details: { reference: 'PO 4471' } }) // { ok: true, message: 'INV-000004 open -> promised', after: 'promised' }
 */
export async function markFromDashboard(f: Factory, request: ActRequest): Promise<ActOutcome> {
  const { runMark } = await import('../../commands/invoices/mark-run.js');
  try {
    const summary = await runMark(silentFactory(f), {
      ids: [request.id],
      action: request.action,
      ...request.details,
      yes: true,
    });
    const result = summary.results[0];
    if (!result) return { ok: false, message: `invoice ${request.id}: not sent` };
    const name = result.number ?? `#${result.id}`;
    if (result.status === 'failed') return { ok: false, message: `${name}: ${result.message}` };
    return {
      ok: true,
      message: `${name} ${result.before ?? '?'} -> ${result.after ?? '?'}${result.message ? ` (${result.message})` : ''}`,
      after: result.after,
    };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** Whether the state read back after a write is one an invoice can be in (anything else leaves the row for the next refresh). */
const isInvoiceState = (state: string | null | undefined): state is InvoiceState =>
  (INVOICE_STATES as readonly (string | null | undefined)[]).includes(state);

/**
 * `edshed dash billing`: invoices by state, expiring subscriptions, cancellations, sales headlines, open
 * bulk runs; invoices marked promised or paid from it.
 *
 * @example
 * await runDash(c, billingSpec(c), options);
 */
export function billingSpec(f: Factory): DashSpec<BillingData> {
  return {
    name: 'billing',
    title: 'EdShed billing',
    load: (api) => loadBilling(api, { env: f.env, now: f.now() }),
    panes: billingPanes,
    act: (request) => markFromDashboard(f, request),
    patch: (data, request, outcome) => ({
      ...data,
      invoices: data.invoices.map((i) =>
        i.id === request.id && isInvoiceState(outcome.after) ? { ...i, state: outcome.after } : i,
      ),
    }),
  };
}
