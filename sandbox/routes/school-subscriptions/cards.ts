/** Calls about the card payment provider: card invoices, scheduled updates, events and their reruns, restoring an invoice. */
import { schoolParam } from '../../kit/reach.js';
import { runEvent, serializeEvent } from '../../domain/billing/card-events.js';
import {
  cancelSchedule,
  findSchedule,
  reschedule,
  serializeSchedule,
  type ScheduleRow,
} from '../../domain/billing/card-schedules.js';
import { notFound, page, pathId } from '../../kit/input.js';
import { restore } from '../../domain/invoices/lifecycle.js';
import { serializeInvoice, visibleInvoice } from '../../domain/invoices/invoices.js';
import {
  cardEvents,
  cardInvoice,
  chargeCard,
  editCardInvoice,
  findCardEvent,
} from '../../domain/invoices/card-invoices.js';
import { subscriptionInvoiceRows } from '../../domain/subscriptions/school-subscriptions.js';
import type { HandlerContext, PartialHandlerMap } from '../../kit/handler.js';
import { reply } from '../../kit/reply.js';
import { subscriptionOf } from '../../kit/subscription-answers.js';

function scheduleOf(ctx: HandlerContext): ScheduleRow {
  const sub = subscriptionOf(ctx);
  return findSchedule(ctx.db, sub.id, pathId(ctx, 'Schedule', 'sid'));
}

export const cardProviderHandlers = {
  'PATCH {card_provider}_invoices/{id}': (ctx) => {
    const invoice = cardInvoice(ctx, pathId(ctx, 'Invoice'));
    return reply(ctx, 'invoice', serializeInvoice(editCardInvoice(ctx.db, invoice, ctx.input, ctx.now())));
  },
  'GET {card_provider}/{id}/schedules/{sid}': (ctx) => reply(ctx, 'schedule', serializeSchedule(scheduleOf(ctx))),
  'DELETE {card_provider}/{id}/schedules/{sid}': (ctx) => {
    const schedule = scheduleOf(ctx);
    if (schedule.state === 'cancelled') return reply(ctx, 'schedule', serializeSchedule(schedule), { changed: false });
    return reply(ctx, 'schedule', serializeSchedule(cancelSchedule(ctx.db, schedule, ctx.now())), { changed: true });
  },
  'POST {card_provider}/{id}/schedules/{sid}': (ctx) => {
    const sub = subscriptionOf(ctx);
    const schedule = scheduleOf(ctx);
    return reply(ctx, 'schedule', serializeSchedule(reschedule(ctx.db, sub, schedule, ctx.input, ctx.now())));
  },
  'GET subscriptions/{id}/{card_provider}/invoices': (ctx) => {
    const rows = subscriptionInvoiceRows(ctx.db, subscriptionOf(ctx).id, 'card');
    return reply(ctx, 'invoices', rows.map(serializeInvoice), { total: rows.length });
  },
  'POST subscriptions/{id}/{card_provider}/invoices': (ctx) =>
    reply(ctx, 'invoice', serializeInvoice(chargeCard(ctx.db, subscriptionOf(ctx), ctx.input, ctx.now())), {}, 201),
  'GET schools/{id}/{card_provider}/events': (ctx) => {
    const { rows, total } = cardEvents(ctx.db, schoolParam(ctx), page(ctx));
    return reply(ctx, 'events', rows.map(serializeEvent), { total });
  },
  'POST {card_provider}/{id}/events/{eid}': (ctx) => {
    const event = findCardEvent(ctx.db, schoolParam(ctx), pathId(ctx, 'Event', 'eid'));
    return reply(ctx, 'event', serializeEvent(runEvent(ctx.db, event, ctx.now())));
  },
  'POST {card_provider}/{id}/invoices/{iid}': (ctx) => {
    const sub = subscriptionOf(ctx);
    const invoice = visibleInvoice(ctx, pathId(ctx, 'Invoice', 'iid'));
    if (invoice.subscription_id !== sub.id) throw notFound('Invoice', invoice.id);
    if (invoice.state === 'open') return reply(ctx, 'invoice', serializeInvoice(invoice), { changed: false });
    return reply(ctx, 'invoice', serializeInvoice(restore(ctx.db, invoice, ctx.now()).invoice), { changed: true });
  },
} satisfies PartialHandlerMap;
