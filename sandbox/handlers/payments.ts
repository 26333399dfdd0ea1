/** The payments area: saved cards, paying invoices and store purchases by card, the card provider's webhook, balances and refunds. */
import type { PartialHandlerMap } from '../kit/handler.js';
import { cardProviderHandlers } from './billing/card-provider.js';
import { paymentHandlers } from './billing/payments.js';
import { storePurchaseHandlers } from './billing/store-purchases.js';

export const paymentsHandlers = {
  ...paymentHandlers,
  'POST store/purchases/{id}/pay': storePurchaseHandlers['POST store/purchases/{id}/pay'],
  'POST {card_provider}': cardProviderHandlers['POST {card_provider}'],
} satisfies PartialHandlerMap;
