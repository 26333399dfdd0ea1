/** The school-subscriptions area: a school's own subscriptions, seats, prepayments, invoices and the card provider's calls. */
import type { PartialHandlerMap } from '../kit/handler.js';
import { cardProviderHandlers } from './billing/card-provider.js';
import { invoiceReadHandlers } from './billing/invoice-reads.js';
import { memberHandlers } from './billing/members.js';
import { prepaymentHandlers } from './billing/prepayments.js';
import { schoolSubscriptionHandlers } from './billing/school-subs.js';

const { 'POST {card_provider}': _webhook, ...cardCalls } = cardProviderHandlers;

export const schoolSubscriptionsHandlers = {
  ...schoolSubscriptionHandlers,
  ...memberHandlers,
  ...prepaymentHandlers,
  ...invoiceReadHandlers,
  ...cardCalls,
} satisfies PartialHandlerMap;
