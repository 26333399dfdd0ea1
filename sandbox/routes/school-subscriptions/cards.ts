/** Calls about the card payment provider: card invoices, scheduled updates, events and their reruns, restoring an invoice. */
import { randomBytes } from 'node:crypto';
import { schoolParam } from '../../kit/reach.js';
import { type CardEventRow, runEvent, scheduleLifecycle, serializeEvent } from '../../domain/billing/card-events.js';
import { day } from '../../domain/billing/dates.js';
import { notFound, page, pathId } from '../../kit/input.js';
import { restore } from '../../domain/invoices/lifecycle.js';
import { createInvoice, serializeInvoice, updateInvoice, visibleInvoice, type InvoiceRow } from '../../domain/invoices/invoices.js';
import { jsonObject } from '../../kit/json-columns.js';
import { subscriptionLifecycle } from '../../domain/subscriptions/lifecycle.js';
import { HttpError, type HandlerContext, type PartialHandlerMap } from '../../kit/handler.js';
import { reply } from '../../kit/reply.js';
import { subscriptionOf } from '../../kit/subscription-answers.js';
import { all, one, oneValue, run } from '../../kit/sql.js';
import type { Row } from '../../db/rows.js';

type ScheduleRow = Row<'card_schedules'>;

const serializeSchedule = (row: ScheduleRow): Record<string, unknown> => ({ ...row, changes: jsonObject(row.changes) });

function scheduleOf(ctx: HandlerContext): ScheduleRow {
  const sub = subscriptionOf(ctx);
  const sid = pathId(ctx, 'Schedule', 'sid');
  const row = one<ScheduleRow>(ctx.db, 'SELECT * FROM card_schedules WHERE id = ? AND subscription_id = ?', sid, sub.id);
  if (!row) throw notFound('Schedule', sid);
  return row;
}


function cardInvoice(ctx: HandlerContext, id: number): InvoiceRow {
  const invoice = visibleInvoice(ctx, id);
  if (invoice.billing !== 'card') throw new HttpError(409, 'Conflict', `Invoice ${id} is billed by ${invoice.billing}, not by card`);
  return invoice;
}

export const cardProviderHandlers = {
  'PATCH {card_provider}_invoices/{id}': (ctx) => {
    const invoice = cardInvoice(ctx, pathId(ctx, 'Invoice'));
    const body = ctx.input;
    if (invoice.state !== 'open' && invoice.state !== 'promised') {
      throw new HttpError(409, 'Conflict', `Invoice ${invoice.id} is ${invoice.state}; only an open or promised invoice can be edited`, { state: invoice.state });
    }
    const changes = { ...(body.description ? { description: body.description } : {}), ...(body.due_at ? { due_at: body.due_at } : {}) };
    return reply(ctx, 'invoice', serializeInvoice(updateInvoice(ctx.db, invoice, changes, ctx.now())));
  },
  'GET {card_provider}/{id}/schedules/{sid}': (ctx) => reply(ctx, 'schedule', serializeSchedule(scheduleOf(ctx))),
  'DELETE {card_provider}/{id}/schedules/{sid}': (ctx) => {
    const schedule = scheduleOf(ctx);
    if (schedule.state === 'cancelled') return reply(ctx, 'schedule', serializeSchedule(schedule), { changed: false });
    scheduleLifecycle.check('cancel', schedule.id, schedule.state);
    run(ctx.db, "UPDATE card_schedules SET state = 'cancelled', updated_at = ? WHERE id = ?", ctx.now().toISOString(), schedule.id);
    return reply(ctx, 'schedule', serializeSchedule(scheduleOf(ctx)), { changed: true });
  },
  'POST {card_provider}/{id}/schedules/{sid}': (ctx) => {
    const sub = subscriptionOf(ctx);
    const schedule = scheduleOf(ctx);
    const body = ctx.input;
    scheduleLifecycle.check('reschedule', schedule.id, schedule.state);
    subscriptionLifecycle.check('reschedule', sub.id, sub.state);
    const effective = body.effective_at ?? schedule.effective_at;
    if (effective < day(ctx.now())) throw new HttpError(422, 'Invalid data', `effective_at: ${effective} is in the past`, { errors: [{ path: 'effective_at', message: 'in the past' }] });
    const changes = { ...jsonObject(schedule.changes), ...(body.seats === undefined ? {} : { seats: body.seats }), ...(body.teacher_seats === undefined ? {} : { teacher_seats: body.teacher_seats }) };
    run(ctx.db, 'UPDATE card_schedules SET effective_at = ?, changes = ?, updated_at = ? WHERE id = ?', effective, JSON.stringify(changes), ctx.now().toISOString(), schedule.id);
    return reply(ctx, 'schedule', serializeSchedule(scheduleOf(ctx)));
  },
  'GET subscriptions/{id}/{card_provider}/invoices': (ctx) => {
    const rows = all<InvoiceRow>(ctx.db, "SELECT * FROM invoices WHERE subscription_id = ? AND billing = 'card' ORDER BY id", subscriptionOf(ctx).id);
    return reply(ctx, 'invoices', rows.map(serializeInvoice), { total: rows.length });
  },
  'POST subscriptions/{id}/{card_provider}/invoices': (ctx) => {
    const sub = subscriptionOf(ctx);
    const body = ctx.input;
    if (sub.billing !== 'card') throw new HttpError(409, 'Conflict', `Subscription ${sub.id} is billed by ${sub.billing}; convert it to card billing first`);
    const invoice = createInvoice(ctx.db, {
      schoolId: sub.school_id, subscriptionId: sub.id, kind: 'card', billing: 'card', currency: sub.currency, amount: body.amount,
      description: body.description ?? `Subscription ${sub.id}: card charge`, now: ctx.now(),
    });
    const withRef = updateInvoice(ctx.db, invoice, { card_reference: `in_${randomBytes(7).toString('hex')}` }, ctx.now());
    return reply(ctx, 'invoice', serializeInvoice(withRef), {}, 201);
  },
  'GET schools/{id}/{card_provider}/events': (ctx) => {
    const schoolId = schoolParam(ctx);
    const { skip, take } = page(ctx);
    const total = oneValue<number>(ctx.db, 'SELECT COUNT(*) FROM card_events WHERE school_id = ?', schoolId) as number;
    const rows = all<CardEventRow>(ctx.db, 'SELECT * FROM card_events WHERE school_id = ? ORDER BY id DESC LIMIT ? OFFSET ?', schoolId, take, skip);
    return reply(ctx, 'events', rows.map(serializeEvent), { total });
  },
  'POST {card_provider}/{id}/events/{eid}': (ctx) => {
    const schoolId = schoolParam(ctx);
    const eid = pathId(ctx, 'Event', 'eid');
    const event = one<CardEventRow>(ctx.db, 'SELECT * FROM card_events WHERE id = ? AND school_id = ?', eid, schoolId);
    if (!event) throw notFound('Event', eid);
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
