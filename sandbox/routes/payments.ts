/** The payments area: saved cards, paying invoices and store purchases by card, the card provider's webhook, balances and refunds. */
import { cardProviderHandlers } from './school-subscriptions/cards.js';
import { paymentHandlers } from './payments/payments.js';
import { storePurchaseHandlers } from './store/purchases.js';
import { defineRoutes } from './areas.js';

export const paymentsHandlers = defineRoutes('payments', {
  ...paymentHandlers,
  'POST store/purchases/{id}/pay': storePurchaseHandlers['POST store/purchases/{id}/pay'],
  'POST {card_provider}': cardProviderHandlers['POST {card_provider}'],
});
