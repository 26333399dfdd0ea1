/** The renewal (or ending) email a subscription's school is sent, as a superuser previews it. */
import { getPlan } from '../pricing/catalogue.js';
import { billingAddressee } from '../billing/email.js';
import { taxRate } from '../invoices/invoices.js';
import { termPrice } from '../pricing/pricing.js';
import { oneValue, type Db } from '../../kit/sql.js';
import type { SubscriptionRow } from './subscriptions.js';

/**
 * The email: to whom, subject and body, the renewal day and the amount (tax included) it will be billed.
 *
 * @example
 * renewalEmail(db, sub); // { to: 'bursar@school.test', subject: 'Hill School: your subscription renews on 2027-08-31', ... }
 */
export function renewalEmail(db: Db, sub: SubscriptionRow): Record<string, unknown> {
  const plan = sub.plan_id === null ? undefined : getPlan(db, sub.plan_id);
  const school = oneValue<string>(db, 'SELECT name FROM schools WHERE id = ?', sub.school_id) as string;
  const net = plan ? termPrice(plan, sub.seats, sub.teacher_seats) : 0;
  const amount = net + Math.round((net * taxRate(db, sub.school_id)) / 100);
  const ending = sub.state === 'cancelling';
  const price = `${(amount / 100).toFixed(2)} ${sub.currency.toUpperCase()}`;
  return {
    to: billingAddressee(db, sub.school_id),
    subject: ending
      ? `${school}: your subscription ends on ${sub.expiry ?? ''}`
      : `${school}: your subscription renews on ${sub.expiry ?? ''}`,
    body: ending
      ? `Your ${plan?.name ?? 'subscription'} ends on ${sub.expiry ?? ''} and will not renew. Reply to keep it.`
      : `Your ${plan?.name ?? 'subscription'} for ${sub.seats} pupils renews on ${sub.expiry ?? ''} at ${price}${sub.price_rise_exemption ? ' (price held)' : ''}.`,
    renews_on: ending ? null : sub.expiry,
    amount,
    currency: sub.currency,
    price_rise_exempt_until: sub.price_rise_exemption,
  };
}
