import { defineArea } from './define.js';
import { inline, optional } from '../shapes/define.js';
import { INVOICE } from '../shapes/invoice.js';
import { CARD_EVENT, PAYMENT_METHOD } from '../shapes/subscription.js';
import { PURCHASE } from '../shapes/store.js';
import { CURRENCIES } from '../domain/billing.js';

// Replies: the spec names a response key only where an entry has `response`; every other `reply` below is
// our choice, what the sandbox answers (see `reply` in define.ts).
export const paymentsArea = defineArea('payments', {
  'payment-methods list': {
    route: 'GET users/me/school/paymentmethods',
    reply: { paymentMethods: [PAYMENT_METHOD] },
    role: 'admin',
    summary: "List your school's saved card payment methods",
  },
  'payment-methods create': {
    route: 'POST users/me/school/paymentmethods',
    // The saved card, or (with `verify`) the setup intent the card provider must confirm first.
    reply: {
      success: 'boolean?',
      paymentMethod: optional(PAYMENT_METHOD),
      intent: optional(inline({ id: 'string', client_secret: 'string', status: 'string', payment_method: 'string' })),
    },
    role: 'admin',
    summary: 'Save a card payment method for your school, verifying it if asked',
    payload: { verify: 'boolean?', paymentMethod: { kind: 'text', min: 1 } },
    response: 'success,intent',
  },
  'payment-methods delete': {
    route: 'DELETE users/me/school/paymentmethods/{id}',
    reply: { deleted: 'boolean', id: 'serial' },
    role: 'admin',
    summary: 'Remove a saved payment method from your school',
    destructive: true,
  },
  'invoices pay': {
    route: 'POST users/me/school/invoices/{id}/pay',
    reply: { invoice: INVOICE },
    role: 'admin',
    summary: "Pay one of your school's invoices by card",
    payload: { paymentMethod: 'id?' },
    open: true,
  },
  'store-purchases pay': {
    route: 'POST store/purchases/{id}/pay',
    reply: { purchase: PURCHASE },
    role: 'admin',
    summary: 'Pay for a merchandise purchase by card',
    payload: { paymentMethod: 'id?' },
    open: true,
  },
  'card-provider request': {
    route: 'POST {card_provider}',
    reply: { event: CARD_EVENT, invoice: INVOICE },
    role: 'admin',
    summary: 'Send a request to the card payment provider route (purpose not shown)',
    payload: { type: { kind: 'text', min: 1 }, invoice_id: 'serial?', data: 'json?' },
    open: true,
    note: 'The spec gives only the provider placeholder as the path; the body is passed through as given.',
  },
  'schools balance': {
    route: 'GET schools/{id}/balance',
    reply: {
      balance: [
        inline({ currency: { oneOf: CURRENCIES }, outstanding: 'int', overdue: 'int', paid: 'int', refunded: 'int' }),
      ],
      school_id: 'serial',
    },
    role: 'admin',
    summary: "Show a school's account balance",
  },
  'subscriptions refund-amount': {
    route: 'GET subscriptions/{id}/refund',
    reply: {
      refund: inline({
        subscription_id: 'serial',
        currency: { oneOf: CURRENCIES },
        amount: 'int',
        invoices: [inline({ invoice_id: 'serial', amount: 'int' })],
        days_left: 'int',
        days_in_term: 'int',
      }),
    },
    role: 'superuser',
    summary: 'Show the refund due if a subscription were cancelled now',
  },
});
