/** The school-subscriptions area: a school's own subscriptions, seats, prepayments, invoices and the card provider's calls. */
import { cardProviderHandlers } from './school-subscriptions/cards.js';
import { invoiceReadHandlers } from './school-subscriptions/invoices.js';
import { memberHandlers } from './school-subscriptions/members.js';
import { prepaymentHandlers } from './school-subscriptions/prepayments.js';
import { schoolSubscriptionHandlers } from './school-subscriptions/subscriptions.js';
import { defineRoutes } from './areas.js';

export const schoolSubscriptionsHandlers = defineRoutes('school-subscriptions', {
  ...schoolSubscriptionHandlers,
  ...memberHandlers,
  ...prepaymentHandlers,
  ...invoiceReadHandlers,
  ...cardProviderHandlers,
});
