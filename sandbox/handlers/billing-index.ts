/**
 * Every billing handler map in one object, for handlers/index.ts to spread over the generic handlers:
 * school subscriptions, the subscription catalogue, superuser billing, payments, the store, sales
 * reporting, countries, VAT and system. The server also needs a job runner for snapshots and plan
 * actions: `createJobRunner({ db, kinds: BILLING_JOB_KINDS, lock })` from sandbox/jobs.ts.
 */
import type { PartialHandlerMap } from '../kit/handler.js';
import { countriesHandlers } from './countries.js';
import { paymentsHandlers } from './payments.js';
import { salesReportingHandlers } from './sales-reporting.js';
import { schoolSubscriptionsHandlers } from './school-subscriptions.js';
import { storeHandlers } from './store.js';
import { subscriptionCatalogueHandlers } from './subscription-catalogue.js';
import { superuserBillingHandlers } from './superuser-billing.js';
import { systemHandlers } from './system.js';
import { vatHandlers } from './vat.js';

export { BILLING_JOB_KINDS } from '../billing/job-kinds.js';

export const billingHandlers = {
  ...schoolSubscriptionsHandlers,
  ...subscriptionCatalogueHandlers,
  ...superuserBillingHandlers,
  ...paymentsHandlers,
  ...storeHandlers,
  ...salesReportingHandlers,
  ...countriesHandlers,
  ...vatHandlers,
  ...systemHandlers,
} satisfies PartialHandlerMap;
