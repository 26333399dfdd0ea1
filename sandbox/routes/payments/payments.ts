/** Saved cards, paying an invoice by card, a school's balance and the refund a cancellation would give. */
import { randomBytes } from 'node:crypto';
import { callerSchoolId, schoolParam } from '../../kit/reach.js';
import { day } from '../../domain/billing/dates.js';
import { invalid, notFound, pathId } from '../../kit/input.js';
import { fieldSchema } from '../../../core/endpoints/schemas.js';
import { markPaid } from '../../domain/invoices/lifecycle.js';
import { getInvoice, serializeInvoice, visibleInvoice, type InvoiceRow } from '../../domain/invoices/invoices.js';
import { receiveEvent, serializeEvent } from '../../domain/billing/card-events.js';
import { payByCard } from '../../domain/store/lifecycle.js';
import { serializePurchase, visiblePurchase } from '../../domain/store/purchases.js';
import { chargeWith, listPaymentMethods, serializePaymentMethod, testCard } from '../../domain/billing/payment-methods.js';
import { refundDue } from '../../domain/pricing/pricing.js';
import { HttpError, type PartialHandlerMap } from '../../kit/handler.js';
import { reply } from '../../kit/reply.js';
import { subscriptionOf } from '../../kit/subscription-answers.js';
import { all, run } from '../../kit/sql.js';

/** The invoice a card provider's event names: `invoice_id` at the top, else inside `data` (the provider's own shape). */
function eventInvoiceId(input: { readonly invoice_id?: number; readonly data?: unknown }): number {
  if (input.invoice_id !== undefined) return input.invoice_id;
  const nested = input.data !== null && typeof input.data === 'object' && !Array.isArray(input.data) ? (input.data as Record<string, unknown>)['invoice_id'] : undefined;
  if (nested === undefined) throw invalid('invoice_id', 'the event names no invoice');
  // The nested key is the provider's shape, so the table cannot name it; it is checked as the table's row ids are.
  const id = fieldSchema('serial').safeParse(nested);
  if (!id.success) throw invalid('data.invoice_id', id.error.issues[0]?.message ?? 'expected an id');
  return id.data as number;
}

export const paymentHandlers = {
  'GET users/me/school/paymentmethods': (ctx) => reply(ctx, 'paymentMethods', listPaymentMethods(ctx.db, callerSchoolId(ctx)).map(serializePaymentMethod)),
  'POST users/me/school/paymentmethods': (ctx) => {
    const schoolId = callerSchoolId(ctx);
    const body = ctx.input;
    const card = testCard(body.paymentMethod);
    if (!card) throw new HttpError(422, 'Invalid data', `paymentMethod: unknown payment method ${body.paymentMethod}`, { errors: [{ path: 'paymentMethod', message: 'unknown' }] });
    const verify = body.verify === true;
    if (body.paymentMethod === 'pm_card_3ds' && !verify) {
      const intent = randomBytes(8).toString('hex');
      return reply(ctx, 'intent', { id: `seti_${intent}`, client_secret: `seti_${intent}_secret`, status: 'requires_action', payment_method: body.paymentMethod });
    }
    const stamp = ctx.now().toISOString();
    const first = listPaymentMethods(ctx.db, schoolId).length === 0;
    const { lastInsertRowid } = run(ctx.db, 'INSERT INTO payment_methods (school_id, provider_ref, brand, last4, exp_month, exp_year, is_default, created_at) VALUES (?, ?, ?, ?, 12, ?, ?, ?)', schoolId, body.paymentMethod, card.brand, card.last4, ctx.now().getUTCFullYear() + 3, first ? 1 : 0, stamp);
    const saved = listPaymentMethods(ctx.db, schoolId).find((m) => m.id === Number(lastInsertRowid));
    return reply(ctx, 'success', true, { paymentMethod: saved && serializePaymentMethod(saved) });
  },
  'DELETE users/me/school/paymentmethods/{id}': (ctx) => {
    const schoolId = callerSchoolId(ctx);
    const id = pathId(ctx, 'Payment method');
    const method = listPaymentMethods(ctx.db, schoolId).find((m) => m.id === id);
    if (!method) throw notFound('Payment method', id);
    run(ctx.db, 'UPDATE payment_methods SET deleted_at = ?, is_default = 0 WHERE id = ?', ctx.now().toISOString(), id);
    if (method.is_default === 1) {
      run(ctx.db, 'UPDATE payment_methods SET is_default = 1 WHERE id = (SELECT id FROM payment_methods WHERE school_id = ? AND deleted_at IS NULL ORDER BY id LIMIT 1)', schoolId);
    }
    return reply(ctx, 'deleted', true, { id });
  },
  'POST users/me/school/invoices/{id}/pay': (ctx) => {
    const invoice = visibleInvoice(ctx, pathId(ctx, 'Invoice'));
    const { paymentMethod } = ctx.input;
    if (invoice.state === 'open' || invoice.state === 'promised') chargeWith(ctx.db, invoice.school_id, paymentMethod);
    return reply(ctx, 'invoice', serializeInvoice(markPaid(ctx.db, invoice, 'card', day(ctx.now()), 'pay', ctx.now()).invoice));
  },
  'POST store/purchases/{id}/pay': (ctx) => {
    const purchase = visiblePurchase(ctx, pathId(ctx, 'Purchase'));
    return reply(ctx, 'purchase', serializePurchase(ctx.db, payByCard(ctx.db, purchase, ctx.input.paymentMethod, ctx.now())));
  },
  'POST {card_provider}': (ctx) => {
    const invoice = visibleInvoice(ctx, eventInvoiceId(ctx.input));
    const event = receiveEvent(ctx.db, { schoolId: invoice.school_id, subscriptionId: invoice.subscription_id, invoiceId: invoice.id, type: ctx.input.type, payload: ctx.input }, ctx.now());
    return reply(ctx, 'event', serializeEvent(event), { invoice: serializeInvoice(getInvoice(ctx.db, invoice.id) as InvoiceRow) });
  },
  'GET schools/{id}/balance': (ctx) => {
    const schoolId = schoolParam(ctx);
    const rows = all(ctx.db, `SELECT currency, SUM(CASE WHEN state IN ('open', 'promised') THEN total ELSE 0 END) AS outstanding,
           SUM(CASE WHEN state IN ('open', 'promised') AND due_at < ? THEN total ELSE 0 END) AS overdue,
           SUM(CASE WHEN state IN ('paid', 'refunded') THEN total - amount_refunded ELSE 0 END) AS paid, SUM(amount_refunded) AS refunded
         FROM invoices WHERE school_id = ? GROUP BY currency ORDER BY currency`, day(ctx.now()), schoolId);
    return reply(ctx, 'balance', rows, { school_id: schoolId });
  },
  'GET subscriptions/{id}/refund': (ctx) => {
    const sub = subscriptionOf(ctx);
    const due = refundDue(ctx.db, sub, day(ctx.now()));
    return reply(ctx, 'refund', { subscription_id: sub.id, currency: sub.currency, amount: due.amount, invoices: due.lines, days_left: due.daysLeft, days_in_term: due.daysInTerm });
  },
} satisfies PartialHandlerMap;
