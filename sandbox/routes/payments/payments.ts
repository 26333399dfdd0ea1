/** Saved cards, paying an invoice by card, a school's balance and the refund a cancellation would give. */
import { callerSchoolId, schoolParam } from '../../kit/reach.js';
import { day } from '../../domain/billing/dates.js';
import { invalid, pathId } from '../../kit/input.js';
import { fieldSchema } from '../../../core/endpoints/schemas.js';
import { getInvoice, serializeInvoice, visibleInvoice, type InvoiceRow } from '../../domain/invoices/invoices.js';
import { receiveEvent, serializeEvent } from '../../domain/billing/card-events.js';
import { payByCard } from '../../domain/store/lifecycle.js';
import { serializePurchase, visiblePurchase } from '../../domain/store/purchases.js';
import { listPaymentMethods, serializePaymentMethod } from '../../domain/billing/payment-methods.js';
import { payInvoiceByCard, removeCard, saveCard } from '../../domain/billing/saved-cards.js';
import { schoolBalance } from '../../domain/billing/balance.js';
import { refundDue } from '../../domain/pricing/pricing.js';
import type { PartialHandlerMap } from '../../kit/handler.js';
import { reply } from '../../kit/reply.js';
import { subscriptionOf } from '../../kit/subscription-answers.js';

/** The invoice a card provider's event names: `invoice_id` at the top, else inside `data` (the provider's own shape). */
function eventInvoiceId(input: { readonly invoice_id?: number; readonly data?: unknown }): number {
  if (input.invoice_id !== undefined) return input.invoice_id;
  const nested =
    input.data !== null && typeof input.data === 'object' && !Array.isArray(input.data)
      ? (input.data as Record<string, unknown>)['invoice_id']
      : undefined;
  if (nested === undefined) throw invalid('invoice_id', 'the event names no invoice');
  // The nested key is the provider's shape, so the table cannot name it; it is checked as the table's row ids are.
  const id = fieldSchema('serial').safeParse(nested);
  if (!id.success) throw invalid('data.invoice_id', id.error.issues[0]?.message ?? 'expected an id');
  return id.data as number;
}

export const paymentHandlers = {
  'GET users/me/school/paymentmethods': (ctx) =>
    reply(ctx, 'paymentMethods', listPaymentMethods(ctx.db, callerSchoolId(ctx)).map(serializePaymentMethod)),
  'POST users/me/school/paymentmethods': (ctx) => {
    const body = ctx.input;
    const saved = saveCard(ctx.db, callerSchoolId(ctx), body.paymentMethod, body.verify === true, ctx.now());
    if (saved.kind === 'intent') return reply(ctx, 'intent', saved.intent);
    return reply(ctx, 'success', true, { paymentMethod: saved.method && serializePaymentMethod(saved.method) });
  },
  'DELETE users/me/school/paymentmethods/{id}': (ctx) => {
    const schoolId = callerSchoolId(ctx);
    const id = pathId(ctx, 'Payment method');
    removeCard(ctx.db, schoolId, id, ctx.now());
    return reply(ctx, 'deleted', true, { id });
  },
  'POST users/me/school/invoices/{id}/pay': (ctx) => {
    const invoice = visibleInvoice(ctx, pathId(ctx, 'Invoice'));
    return reply(
      ctx,
      'invoice',
      serializeInvoice(payInvoiceByCard(ctx.db, invoice, ctx.input.paymentMethod, ctx.now()).invoice),
    );
  },
  'POST store/purchases/{id}/pay': (ctx) => {
    const purchase = visiblePurchase(ctx, pathId(ctx, 'Purchase'));
    return reply(
      ctx,
      'purchase',
      serializePurchase(ctx.db, payByCard(ctx.db, purchase, ctx.input.paymentMethod, ctx.now())),
    );
  },
  'POST {card_provider}': (ctx) => {
    const invoice = visibleInvoice(ctx, eventInvoiceId(ctx.input));
    const event = receiveEvent(
      ctx.db,
      {
        schoolId: invoice.school_id,
        subscriptionId: invoice.subscription_id,
        invoiceId: invoice.id,
        type: ctx.input.type,
        payload: ctx.input,
      },
      ctx.now(),
    );
    return reply(ctx, 'event', serializeEvent(event), {
      invoice: serializeInvoice(getInvoice(ctx.db, invoice.id) as InvoiceRow),
    });
  },
  'GET schools/{id}/balance': (ctx) => {
    const schoolId = schoolParam(ctx);
    return reply(ctx, 'balance', schoolBalance(ctx.db, schoolId, day(ctx.now())), { school_id: schoolId });
  },
  'GET subscriptions/{id}/refund': (ctx) => {
    const sub = subscriptionOf(ctx);
    const due = refundDue(ctx.db, sub, day(ctx.now()));
    return reply(ctx, 'refund', {
      subscription_id: sub.id,
      currency: sub.currency,
      amount: due.amount,
      invoices: due.lines,
      days_left: due.daysLeft,
      days_in_term: due.daysInTerm,
    });
  },
} satisfies PartialHandlerMap;
