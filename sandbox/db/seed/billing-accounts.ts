/**
 * What hangs off the demo subscriptions: sales people, saved cards, the card provider's schedules and
 * events, seat assignments, retention follow-ups and VAT settings.
 */
import type { Db } from '../database.js';
import type { SeedContext } from './context.js';
import { hex } from './billing-ids.js';

export const SALES_PEOPLE: readonly (readonly [string, 0 | 1])[] = [
  ['Morgan Blake', 1],
  ['Riley Chen', 1],
  ['Jordan Hale', 0],
];

/** Sales people first: invoices refer to them. */
export function seedSalesPeople(db: Db, now: Date): void {
  const insert = db.prepare('INSERT INTO sales_people (name, is_active, created_at, updated_at) VALUES (?, ?, ?, ?)');
  for (const [name, active] of SALES_PEOPLE) insert.run(name, active, now.toISOString(), now.toISOString());
}

/**
 * Seeds cards, card schedules and events, assignments, retention events and VAT data for the demo schools.
 * `subs` are the demo subscription ids in billing-demo's order.
 *
 * @example
 * seedAccounts(db, ctx, subs);
 */
export function seedAccounts(db: Db, ctx: SeedContext, subs: readonly number[]): void {
  const stamp = ctx.now.toISOString();
  const card = db.prepare(
    'INSERT INTO payment_methods (school_id, provider_ref, brand, last4, exp_month, exp_year, is_default, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  card.run(1, 'pm_card_visa', 'visa', '4242', 4, 2029, 1, '2025-09-02T09:00:00.000Z');
  card.run(2, 'pm_card_mastercard', 'mastercard', '4444', 11, 2027, 1, '2026-01-10T09:00:00.000Z');
  card.run(2, 'pm_card_declined', 'visa', '0002', 1, 2028, 0, '2026-05-04T09:00:00.000Z');

  const [oak, , , , , , maple] = subs;
  const schedule = db.prepare(
    'INSERT INTO card_schedules (subscription_id, changes, effective_at, state, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  schedule.run(maple, JSON.stringify({ seats: 250, teacher_seats: 15 }), '2027-01-10', 'scheduled', stamp, stamp);
  schedule.run(
    maple,
    JSON.stringify({ seats: 400 }),
    '2026-07-10',
    'cancelled',
    '2026-06-01T09:00:00.000Z',
    '2026-06-15T09:00:00.000Z',
  );

  const mapleInvoice = db
    .prepare('SELECT id FROM invoices WHERE subscription_id = ? ORDER BY id LIMIT 1')
    .pluck()
    .get(maple) as number | undefined;
  const event = db.prepare(
    'INSERT INTO card_events (school_id, subscription_id, invoice_id, type, payload, state, attempts, error, created_at, processed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  event.run(
    2,
    maple,
    mapleInvoice,
    'invoice.paid',
    JSON.stringify({ id: `evt_${hex(ctx.rng, 14)}` }),
    'processed',
    1,
    null,
    '2026-01-10T09:05:00.000Z',
    '2026-01-10T09:05:01.000Z',
  );
  event.run(
    2,
    maple,
    mapleInvoice,
    'customer.subscription.updated',
    JSON.stringify({ id: `evt_${hex(ctx.rng, 14)}` }),
    'failed',
    3,
    'Webhook handler timed out',
    '2026-06-15T09:00:00.000Z',
    null,
  );

  const pupils = db
    .prepare("SELECT id FROM users WHERE school_id = 1 AND kind = 'pupil' AND deleted_at IS NULL ORDER BY id LIMIT 40")
    .pluck()
    .all() as number[];
  const teachers = db
    .prepare("SELECT id FROM users WHERE school_id = 1 AND kind = 'teacher' AND deleted_at IS NULL ORDER BY id")
    .pluck()
    .all() as number[];
  const group = db
    .prepare('SELECT id FROM school_groups WHERE school_id = 1 AND parent_id IS NULL ORDER BY id LIMIT 1')
    .pluck()
    .get() as number | undefined;
  const member = db.prepare(
    'INSERT INTO subscription_members (subscription_id, target, member_id, created_at) VALUES (?, ?, ?, ?)',
  );
  for (const id of pupils) member.run(oak, 'user', id, stamp);
  for (const id of teachers) member.run(oak, 'teacher', id, stamp);
  if (group !== undefined) member.run(oak, 'group', group, stamp);

  const [, maths, , literacy, renewal, , , , , wattle] = subs;
  const retention = db.prepare(
    'INSERT INTO retention_events (subscription_id, school_id, type, status, note, sales_person_id, due_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  retention.run(
    oak,
    1,
    'renewal_due',
    'won',
    `Renewed as subscription ${renewal}`,
    1,
    '2026-09-01',
    '2026-06-01T09:00:00.000Z',
    '2026-08-25T09:00:00.000Z',
  );
  retention.run(
    maths,
    1,
    'cancellation',
    'contacted',
    'Call booked with the head',
    2,
    '2026-11-14',
    '2026-07-02T10:00:00.000Z',
    '2026-07-10T10:00:00.000Z',
  );
  retention.run(
    literacy,
    1,
    'lapsed',
    'lost',
    'Moved to another provider',
    1,
    '2025-08-31',
    '2025-06-01T09:00:00.000Z',
    '2025-09-15T09:00:00.000Z',
  );
  retention.run(wattle, 3, 'renewal_due', 'open', '', 2, '2027-01-31', stamp, stamp);

  db.prepare('INSERT INTO school_vat_countries (school_id, country_code) VALUES (1, ?)').run('GB');
  db.prepare('INSERT INTO vat_checks (school_id, vat_number, country, valid, checked_at) VALUES (1, ?, ?, 1, ?)').run(
    'GB980780684',
    'GB',
    '2025-09-02T09:00:00.000Z',
  );
}
