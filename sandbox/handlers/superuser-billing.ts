/**
 * The superuser-billing area: invoices, the subscription lifecycle, grants and the other superuser calls.
 * Imitation (`imitateuser/{id}`) is served by the auth handlers.
 */
import type { PartialHandlerMap } from '../kit/handler.js';
import { invoiceHandlers } from './billing/invoice-handlers.js';
import { subscriptionAdminHandlers } from './billing/subscription-admin.js';
import { subscriptionDetailHandlers } from './billing/subscription-details.js';
import { superuserSchoolHandlers } from './billing/superuser-schools.js';

export const superuserBillingHandlers = {
  ...invoiceHandlers,
  ...subscriptionAdminHandlers,
  ...subscriptionDetailHandlers,
  ...superuserSchoolHandlers,
} satisfies PartialHandlerMap;
