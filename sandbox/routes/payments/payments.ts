/** Saved cards, paying an invoice by card, a school's balance and the refund a cancellation would give. */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { callerSchoolId, schoolParam } from '../../kit/reach.js';
import { day } from '../../domain/billing/dates.js';
import { fields, notFound, pathId } from '../../kit/input.js';
import { markPaid } from '../../domain/invoices/lifecycle.js';
import { serializeInvoice, visibleInvoice } from '../../domain/invoices/invoices.js';
import { chargeWith, listPaymentMethods, serializePaymentMethod, testCard } from '../../domain/billing/payment-methods.js';
import { refundDue } from '../../domain/pricing/pricing.js';
import { HttpError, type PartialHandlerMap } from '../../kit/handler.js';
import { input, reply } from '../../kit/reply.js';
import { subscriptionOf } from '../superuser-billing/subscriptions.js';

const saveSchema = z.looseObject({ paymentMethod: z.string().trim().min(1), verify: z.union([z.boolean(), fields.flag]).optional() });
const paySchema = z.looseObject({ paymentMethod: z.union([fields.id, z.string().min(1)]).optional() });

export const paymentHandlers = {
  'GET users/me/school/paymentmethods': (ctx) => reply(ctx, 'paymentMethods', listPaymentMethods(ctx.db, callerSchoolId(ctx)).map(serializePaymentMethod)),
  'POST users/me/school/paymentmethods': (ctx) => {
    const schoolId = callerSchoolId(ctx);
    const body = input(ctx, saveSchema);
    const card = testCard(body.paymentMethod);
    if (!card) throw new HttpError(422, 'Invalid data', `paymentMethod: unknown payment method ${body.paymentMethod}`, { errors: [{ path: 'paymentMethod', message: 'unknown' }] });
    const verify = body.verify === true || body.verify === 1;
    if (body.paymentMethod === 'pm_card_3ds' && !verify) {
      const intent = randomBytes(8).toString('hex');
      return { body: { intent: { id: `seti_${intent}`, client_secret: `seti_${intent}_secret`, status: 'requires_action', payment_method: body.paymentMethod } } };
    }
    const stamp = ctx.now().toISOString();
    const first = listPaymentMethods(ctx.db, schoolId).length === 0;
    const { lastInsertRowid } = ctx.db
      .prepare('INSERT INTO payment_methods (school_id, provider_ref, brand, last4, exp_month, exp_year, is_default, created_at) VALUES (?, ?, ?, ?, 12, ?, ?, ?)')
      .run(schoolId, body.paymentMethod, card.brand, card.last4, ctx.now().getUTCFullYear() + 3, first ? 1 : 0, stamp);
    const saved = listPaymentMethods(ctx.db, schoolId).find((m) => m.id === Number(lastInsertRowid));
    return { body: { success: true, paymentMethod: saved && serializePaymentMethod(saved) } };
  },
  'DELETE users/me/school/paymentmethods/{id}': (ctx) => {
    const schoolId = callerSchoolId(ctx);
    const id = pathId(ctx, 'Payment method');
    const method = listPaymentMethods(ctx.db, schoolId).find((m) => m.id === id);
    if (!method) throw notFound('Payment method', id);
    ctx.db.prepare('UPDATE payment_methods SET deleted_at = ?, is_default = 0 WHERE id = ?').run(ctx.now().toISOString(), id);
    if (method.is_default === 1) {
      ctx.db.prepare('UPDATE payment_methods SET is_default = 1 WHERE id = (SELECT id FROM payment_methods WHERE school_id = ? AND deleted_at IS NULL ORDER BY id LIMIT 1)').run(schoolId);
    }
    return reply(ctx, 'deleted', true, { id });
  },
  'POST users/me/school/invoices/{id}/pay': (ctx) => {
    const invoice = visibleInvoice(ctx, pathId(ctx, 'Invoice'));
    const { paymentMethod } = input(ctx, paySchema);
    if (invoice.state === 'open' || invoice.state === 'promised') chargeWith(ctx.db, invoice.school_id, paymentMethod);
    return reply(ctx, 'invoice', serializeInvoice(markPaid(ctx.db, invoice, 'card', day(ctx.now()), 'pay', ctx.now()).invoice));
  },
  'GET schools/{id}/balance': (ctx) => {
    const schoolId = schoolParam(ctx);
    const rows = ctx.db
      .prepare(
        `SELECT currency, SUM(CASE WHEN state IN ('open', 'promised') THEN total ELSE 0 END) AS outstanding,
           SUM(CASE WHEN state IN ('open', 'promised') AND due_at < ? THEN total ELSE 0 END) AS overdue,
           SUM(CASE WHEN state IN ('paid', 'refunded') THEN total - amount_refunded ELSE 0 END) AS paid, SUM(amount_refunded) AS refunded
         FROM invoices WHERE school_id = ? GROUP BY currency ORDER BY currency`,
      )
      .all(day(ctx.now()), schoolId);
    return reply(ctx, 'balance', rows, { school_id: schoolId });
  },
  'GET subscriptions/{id}/refund': (ctx) => {
    const sub = subscriptionOf(ctx);
    const due = refundDue(ctx.db, sub, day(ctx.now()));
    return reply(ctx, 'refund', { subscription_id: sub.id, currency: sub.currency, amount: due.amount, invoices: due.lines, days_left: due.daysLeft, days_in_term: due.daysInTerm });
  },
} satisfies PartialHandlerMap;
