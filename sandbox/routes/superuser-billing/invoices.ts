/** Superuser invoice calls: promised, paid, remittance (POST sets, PUT edits), forex, accounting, void. */
import { z } from 'zod';
import { fields, pathId } from '../../kit/input.js';
import { forex, markPaid, PAYMENT_METHODS, promise, remittance, sendToAccounting, voidInvoice } from '../../domain/invoices/lifecycle.js';
import { invoiceDoc, visibleInvoice, type InvoiceRow } from '../../domain/invoices/invoices.js';
import type { Handler, HandlerContext, HandlerResult, PartialHandlerMap } from '../../kit/handler.js';
import { input, reply } from '../../kit/reply.js';

const referenceSchema = z.looseObject({ reference: z.string().trim().min(1).max(120) });
const paidSchema = z.looseObject({ method: z.enum(PAYMENT_METHODS), date: fields.day });
const remittanceSchema = z.looseObject({ date_received: fields.day, new_file: z.string().trim().min(1).max(500).optional() });
const forexSchema = z.looseObject({ amount_final: z.coerce.number().int().min(0).optional() });

function invoiceOf(ctx: HandlerContext): ReturnType<typeof visibleInvoice> {
  return visibleInvoice(ctx, pathId(ctx, 'Invoice'));
}

const answer = (ctx: HandlerContext, outcome: { invoice: InvoiceRow; changed: boolean }): HandlerResult =>
  reply(ctx, 'invoice', invoiceDoc(ctx.db, outcome.invoice.id), { changed: outcome.changed });

const promised =
  (mode: 'set' | 'edit'): Handler =>
  (ctx) =>
    answer(ctx, promise(ctx.db, invoiceOf(ctx), input(ctx, referenceSchema).reference, mode, ctx.now()));

const paid =
  (mode: 'set' | 'edit'): Handler =>
  (ctx) => {
    const { method, date } = input(ctx, paidSchema);
    return answer(ctx, markPaid(ctx.db, invoiceOf(ctx), method, date, mode, ctx.now()));
  };

const remitted =
  (mode: 'set' | 'edit'): Handler =>
  (ctx) => {
    const body = input(ctx, remittanceSchema);
    return answer(ctx, remittance(ctx.db, invoiceOf(ctx), body.date_received, body.new_file ?? null, mode, ctx.now()));
  };

export const invoiceHandlers = {
  'POST superuser/invoices/{id}/promised': promised('set'),
  'PUT superuser/invoices/{id}/promised': promised('edit'),
  'POST superuser/invoices/{id}/paid': paid('set'),
  'PUT superuser/invoices/{id}/paid': paid('edit'),
  'POST superuser/invoices/{id}/remittance': remitted('set'),
  'PUT superuser/invoices/{id}/remittance': remitted('edit'),
  'POST superuser/invoices/{id}/forex': (ctx) => answer(ctx, forex(ctx.db, invoiceOf(ctx), input(ctx, forexSchema).amount_final, ctx.now())),
  'POST superuser/invoices/{id}/{accounting}': (ctx) => answer(ctx, sendToAccounting(ctx.db, invoiceOf(ctx), ctx.params.accounting ?? 'accounting', ctx.now())),
  'POST subscriptions/invoices/{id}/void': (ctx) => {
    const invoice = invoiceOf(ctx);
    if (invoice.state === 'void') return answer(ctx, { invoice, changed: false });
    return answer(ctx, voidInvoice(ctx.db, invoice, ctx.now()));
  },
} satisfies PartialHandlerMap;
