/** The payments area: saved cards, paying invoices and store purchases by card, the card provider's webhook, balances and refunds. */
import { paymentHandlers } from './payments/payments.js';
import { defineRoutes } from './areas.js';

export const paymentsHandlers = defineRoutes('payments', paymentHandlers);
