/** Superuser invoice calls: promised, paid, remittance (POST sets, PUT edits), forex, accounting, void. */
import { pathId } from '../../kit/input.js';
import {
  forex,
  markPaid,
  promise,
  remittance,
  sendToAccounting,
  voidInvoice,
} from '../../domain/invoices/lifecycle.js';
import { invoiceDoc, visibleInvoice, type InvoiceRow } from '../../domain/invoices/invoices.js';
import type { HandlerContext, HandlerResult, PartialHandlerMap, RouteHandler } from '../../kit/handler.js';
import { reply } from '../../kit/reply.js';

function invoiceOf(ctx: HandlerContext): ReturnType<typeof visibleInvoice> {
  return visibleInvoice(ctx, pathId(ctx, 'Invoice'));
}

const answer = (ctx: HandlerContext, outcome: { invoice: InvoiceRow; changed: boolean }): HandlerResult =>
  reply(ctx, 'invoice', invoiceDoc(ctx.db, outcome.invoice.id), { changed: outcome.changed });

// POST sets and PUT edits the same details: one handler per pair, typed by both routes' entries.
const promised =
  (
    mode: 'set' | 'edit',
  ): RouteHandler<'POST superuser/invoices/{id}/promised' | 'PUT superuser/invoices/{id}/promised'> =>
  (ctx) =>
    answer(ctx, promise(ctx.db, invoiceOf(ctx), ctx.input.reference, mode, ctx.now()));

const paid =
  (mode: 'set' | 'edit'): RouteHandler<'POST superuser/invoices/{id}/paid' | 'PUT superuser/invoices/{id}/paid'> =>
  (ctx) =>
    answer(ctx, markPaid(ctx.db, invoiceOf(ctx), ctx.input.method, ctx.input.date, mode, ctx.now()));

const remitted =
  (
    mode: 'set' | 'edit',
  ): RouteHandler<'POST superuser/invoices/{id}/remittance' | 'PUT superuser/invoices/{id}/remittance'> =>
  (ctx) =>
    answer(
      ctx,
      remittance(ctx.db, invoiceOf(ctx), ctx.input.date_received, ctx.input.new_file ?? null, mode, ctx.now()),
    );

export const invoiceHandlers = {
  'POST superuser/invoices/{id}/promised': promised('set'),
  'PUT superuser/invoices/{id}/promised': promised('edit'),
  'POST superuser/invoices/{id}/paid': paid('set'),
  'PUT superuser/invoices/{id}/paid': paid('edit'),
  'POST superuser/invoices/{id}/remittance': remitted('set'),
  'PUT superuser/invoices/{id}/remittance': remitted('edit'),
  'POST superuser/invoices/{id}/forex': (ctx) =>
    answer(ctx, forex(ctx.db, invoiceOf(ctx), ctx.input.amount_final, ctx.now())),
  'POST superuser/invoices/{id}/{accounting}': (ctx) =>
    answer(ctx, sendToAccounting(ctx.db, invoiceOf(ctx), ctx.params.accounting, ctx.now())),
  'POST subscriptions/invoices/{id}/void': (ctx) => {
    const invoice = invoiceOf(ctx);
    if (invoice.state === 'void') return answer(ctx, { invoice, changed: false });
    return answer(ctx, voidInvoice(ctx.db, invoice, ctx.now()));
  },
} satisfies PartialHandlerMap;
