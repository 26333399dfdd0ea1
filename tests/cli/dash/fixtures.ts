import type { BillingData } from '../../../cli/dash/billing/load.js';
import { cancellationOf, invoiceOf, subscriptionOf } from '../../helpers/records.js';

/** A small billing picture on 2026-11-24: two overdue invoices in two currencies, a promised one, a paid one. */
export const billing: BillingData = {
  today: '2026-11-24',
  invoices: [
    invoiceOf({ id: 4, number: 'INV-000004', school_id: 1, subscription_id: 5, state: 'open', currency: 'gbp', total: 54000, amount_due: 54000, due_at: '2026-09-24' }),
    invoiceOf({ id: 6, number: 'INV-000006', school_id: 2, subscription_id: 7, state: 'open', currency: 'usd', total: 58500, amount_due: 58500, due_at: '2026-12-27' }),
    invoiceOf({ id: 8, number: 'INV-000008', school_id: 3, subscription_id: 10, state: 'open', currency: 'aud', total: 94050, amount_due: 94050, due_at: '2026-03-03' }),
    invoiceOf({ id: 2, number: 'INV-000002', school_id: 1, subscription_id: 2, state: 'promised', currency: 'gbp', total: 48000, amount_due: 48000, due_at: '2026-12-15' }),
    invoiceOf({ id: 1, number: 'INV-000001', school_id: 1, subscription_id: 1, state: 'paid', currency: 'gbp', total: 54000, amount_due: 0, due_at: '2025-10-02' }),
  ],
  expiring: [
    subscriptionOf({ id: 13, school_id: 3, state: 'active', expiry: '2026-12-10', product: { code: 'literacy-shed-plus', name: 'Literacy Shed Plus' } }),
    subscriptionOf({ id: 7, school_id: 2, state: 'active', expiry: '2027-01-09', product: { code: 'edshed-complete', name: 'EdShed Complete' } }),
    subscriptionOf({ id: 10, school_id: 3, state: 'active', expiry: '2027-02-20', product: { code: 'spelling-shed', name: 'Spelling Shed' } }),
  ],
  cancellations: [cancellationOf({ id: 4, subscription_id: 14, school_id: 3, school_name: 'Wattle Public School', kind: 'refund', reason: 'Chose another provider', created_at: '2026-09-01T08:00:00Z' })],
  headlines: {
    period: { from: '2025-11-25', to: '2026-11-24' },
    previous: { from: '2024-11-25', to: '2025-11-24' },
    current: { revenue_gbp: 188448, new_subscriptions: 6, trials: 1, cancellations: 3 },
    before: { revenue_gbp: 215369, new_subscriptions: 5, trials: 0, cancellations: 1 },
    change_percent: { revenue_gbp: -12.5, new_subscriptions: 20, trials: null, cancellations: 200 },
  },
  runs: [{ id: '20261124-100000-8000', command: 'invoices mark-paid', items: 100, done: 40, failed: 2, pending: 58, state: 'paused' }],
};
