import { defineArea } from './define.js';

export const paymentsArea = defineArea('payments', {
  'payment-methods list': {
    route: 'GET users/me/school/paymentmethods',
    role: 'admin',
    summary: "List your school's saved card payment methods",
  },
  'payment-methods create': {
    route: 'POST users/me/school/paymentmethods',
    role: 'admin',
    summary: 'Save a card payment method for your school, verifying it if asked',
    payload: { verify: 'boolean?', paymentMethod: { kind: 'text', min: 1 } },
    response: 'success,intent',
  },
  'payment-methods delete': {
    route: 'DELETE users/me/school/paymentmethods/{id}',
    role: 'admin',
    summary: "Remove a saved payment method from your school",
    destructive: true,
  },
  'invoices pay': {
    route: 'POST users/me/school/invoices/{id}/pay',
    role: 'admin',
    summary: "Pay one of your school's invoices by card",
    payload: { paymentMethod: 'id?' },
    open: true,
  },
  'store-purchases pay': {
    route: 'POST store/purchases/{id}/pay',
    role: 'admin',
    summary: 'Pay for a merchandise purchase by card',
    payload: { paymentMethod: 'id?' },
    open: true,
  },
  'card-provider request': {
    route: 'POST {card_provider}',
    role: 'admin',
    summary: 'Send a request to the card payment provider route (purpose not shown)',
    payload: { type: { kind: 'text', min: 1 }, invoice_id: 'serial?', data: 'json?' },
    open: true,
    note: 'The spec gives only the provider placeholder as the path; the body is passed through as given.',
  },
  'schools balance': {
    route: 'GET schools/{id}/balance',
    role: 'admin',
    summary: "Show a school's account balance",
  },
  'subscriptions refund-amount': {
    route: 'GET subscriptions/{id}/refund',
    role: 'superuser',
    summary: 'Show the refund due if a subscription were cancelled now',
  },
});
