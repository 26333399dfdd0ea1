/**
 * The superuser-billing area: invoices, the subscription lifecycle, grants and the other superuser calls.
 * Imitation (`imitateuser/{id}`) is in superuser-billing/imitate.ts.
 */
import { imitateHandlers } from './superuser-billing/imitate.js';
import { invoiceHandlers } from './superuser-billing/invoices.js';
import { subscriptionAdminHandlers } from './superuser-billing/subscriptions.js';
import { subscriptionDetailHandlers } from './superuser-billing/subscription-details.js';
import { superuserSchoolHandlers } from './superuser-billing/schools.js';
import { defineRoutes } from './areas.js';

export const superuserBillingHandlers = defineRoutes('superuser-billing', {
  ...invoiceHandlers,
  ...subscriptionAdminHandlers,
  ...subscriptionDetailHandlers,
  ...superuserSchoolHandlers,
  ...imitateHandlers,
});
