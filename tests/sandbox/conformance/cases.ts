/**
 * What the request of an entry needs beyond the defaults (`requests.ts`): ids of seeded records in the
 * right state, payloads a handler accepts, another seeded caller, or a seeded record put in the state the
 * entry acts on (`setup`: a deleted user, a void invoice). An entry the demo seed cannot answer says why
 * (`skip`), and is counted as not reached.
 */
import type { Db } from '../../../sandbox/db/database.js';
import type { Case } from './requests.js';
import { createRecord, findRecord } from '../../../sandbox/generic/records.js';
import { run } from '../../../sandbox/kit/sql.js';
import { rowOf } from '../helpers/sql.js';

const AT = '2026-11-20T09:00:00.000Z';
/** Deletes a seeded user of school 1 (the demo seed deletes none). */
const deleteUser = (id: number) => (db: Db) =>
  void run(db, 'UPDATE users SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL', AT, id);
/** Turns a seeded game session of pupil 16 into one of another game (the seed plays every game but these). */
const sessionOf = (id: number, game: string) => (db: Db) =>
  void run(db, 'UPDATE game_sessions SET game = ? WHERE id = ?', game, id);

/**
 * A stored record of the admin's under `key`, for a route whose parent no list route names (so the
 * generic records made before each request do not make it): `phonics/assessment/{id}/hfw`.
 */
const adminRecord = (collection: string, key: string) => (db: Db) => {
  const admin = rowOf<{ id: number; school_id: number }>(
    db,
    "SELECT id, school_id FROM users WHERE username = 'admin'",
  );
  if (findRecord(db, collection, key, null)) return;
  createRecord(db, {
    collection,
    key,
    ownerId: admin.id,
    schoolId: admin.school_id,
    data: { name: 'Sample' },
    now: new Date(AT),
  });
};

const GRANT = { product_id: 4 } as const;

export const CASES: Readonly<Record<string, Case>> = {
  'phonics-assessments hfw': { setup: adminRecord('phonics/assessment', '1') },
  'auth login': { body: { username: 'teacher', password: 'sandbox' } },
  'auth login-school': { body: { school_id: 1, school_username: 'pupil', password: 'sandbox' } },
  'auth verify-password': { body: { password: 'sandbox' } },
  'auth exchange-token': { skip: 'needs an access token a rostering provider issued; the sandbox issues none' },
  'resources by-url-key': { params: { key: 'the-lighthouse-keeper-narrative-writing-unit' } },
  // file 19 is of a members' resource: a superuser may have it (a school needs a live literacy subscription)
  'resource-files access-uuid': { params: { id: '19' }, as: 'superuser' },
  'resource-files presign': { params: { id: '19' }, as: 'superuser' },
  'payment-methods create': { body: { paymentMethod: 'pm_card_mastercard' } },
  'invoices pay': { params: { id: '4' }, body: { paymentMethod: 'pm_card_mastercard' } },
  'store-purchases pay': { params: { id: '2' }, body: { paymentMethod: 'pm_card_mastercard' } },
  'school-systems activate': { params: { school_system: 'clever', id: '2' }, as: 'superuser' },
  'school-systems deactivate': { params: { school_system: 'clever', id: '2' } },
  'roster-b remove-exclusions': { body: { ids: ['x-1'] } },
  'roster-b add-exclusions': { params: { id: '2' }, as: 'superuser', body: { ids: ['x-1'] } },
  'roster-b presync': { params: { id: '2' }, as: 'superuser' },
  'roster-b sync-status': { params: { id: '2' }, as: 'superuser' },
  'roster-b sync': { params: { id: '2' }, as: 'superuser' },
  'class-link-tenants create': { body: { name: 'Riverside ClassLink', tenant_id: 'cl-tenant-2002' } },
  'pupils create': { body: { pupils: [{ first_name: 'Ada', last_name: 'Lovelace' }] } },
  'pupils update-many': { body: { pupils: [{ id: 16, first_name: 'Noah' }] } },
  'pupils delete-many': { body: { ids: '17' } },
  'pupils export-csv': { body: { pupilIds: '*' } },
  'users exists': { body: { username: 'teacher' } },
  'pupils delete-maths-session': { params: { sessionId: '130' } },
  'groups set-teachers': { body: { teachers: [3] } },
  'groups add-pupils': { body: { pupils: [16] } },
  'homework create': {
    body: {
      title: 'Week 9 spelling',
      game: 'spelling',
      list_ident: 'ST1-W1',
      starts_at: '2026-11-02',
      ends_at: '2026-11-09',
      pupilIds: [16],
    },
  },
  'homework delete-many': { body: { ids: '5' } },
  'homework-sets create': {
    body: {
      title: 'Week 9',
      homework: [
        { title: 'Spelling', game: 'spelling', list_ident: 'ST1-W1', starts_at: '2026-11-02', ends_at: '2026-11-09' },
      ],
    },
  },
  'homework-sets detach': { body: { ids: '7' } },
  'homework-sets delete-many': { body: { ids: '1' } },
  'homework assign-group': { params: { gid: '2' } },
  'homework add-pupils': { body: { pupilIds: [16] } },
  'challenges groups': { params: { id: '2' } },
  'challenges users': { params: { id: '2' } },
  'challenges create': {
    body: {
      league: { name: 'Spelling face-off', starts_at: '2026-11-02', ends_at: '2026-12-02' },
      groups: [1, 2],
      product: 'spelling',
    },
  },
  'teachers create': { body: { email: 'new.teacher@oakfield.sandbox.test', first_name: 'Nia', last_name: 'Owen' } },
  'teachers invite': { body: { email: 'invited@oakfield.sandbox.test' } },
  'teachers accept-invite': { skip: 'the code of an invite is only told to its email' },
  'school-subscriptions upgrade-cost': { params: { id: '6' }, body: { seats: 400 } },
  'school-subscriptions upgrade': { params: { id: '6' }, body: { seats: 400 } },
  'school-subscriptions convert-to-card': { params: { id: '6' } },
  'school-subscriptions assign-users': { params: { id: '6' }, body: { user_ids: [16] } },
  'school-subscriptions assign-teachers': { params: { id: '6' }, body: { user_ids: [3] } },
  'school-subscriptions assign-groups': { params: { id: '6' }, body: { group_ids: [2] } },
  'school-subscriptions set-user-seats': { params: { id: '6' }, body: { seats: 320 } },
  'school-subscriptions set-teacher-seats': { params: { id: '6' }, body: { seats: 25 } },
  'school-subscriptions upgrade-prepayment': { params: { id: '6' }, body: { seats: 400 } },
  'invoices show': { params: { shareableId: 'afc018d5847896c2facc' } },
  'subscriptions set-billing-address': { body: { billing_address_id: 1 } },
  'card-invoices update': { params: { id: '6' }, body: { description: 'Card invoice' } },
  'scheduled-updates show': { params: { id: '7', sid: '1' } },
  'scheduled-updates reschedule': { params: { id: '7', sid: '1' }, body: { effective_at: '2027-02-01' } },
  'scheduled-updates cancel': { params: { id: '7', sid: '1' } },
  'subscriptions create-card-invoice': { params: { id: '7' }, body: { amount: 1000 } },
  'card-events rerun': { params: { id: '2', eid: '2' } },
  'subscription-scopes delete': { params: { id: '12' } },
  'plan-actions create': { body: { kind: 'reprice', price: 46000 } },
  'plan-actions cancel': { params: { id: '2' } },
  'plan-actions retry': { params: { id: '3' } },
  'invoices mark-forex': { params: { id: '6' }, body: { amount_final: 45_000 } },
  'invoices mark-promised': { params: { id: '8' }, body: { reference: 'PO-1' } },
  'invoices update-promised': { params: { id: '2' }, body: { reference: 'PO-2' } },
  'invoices mark-paid': { params: { id: '4' }, body: { method: 'bacs', date: '2026-11-02' } },
  'invoices void': { params: { id: '8' } },
  'subscriptions cancel-and-refund': { params: { id: '7' } },
  'users imitate': { params: { id: '3' } },
  'users stop-imitating': { params: { id: '3' } },
  'schools set-user-role': { params: { uid: '9' }, body: { role: 'admin' } },
  'subscriptions create-free': { body: GRANT },
  'schools delete': { params: { id: '3' }, skip: 'every seeded school has live subscriptions' },
  'districts add-school': { as: 'superuser', body: { schoolId: 1, districtId: 1 } },
  'districts unlink-school': { body: { schoolId: 3 } },
  'feedback-rewards create': { body: { name: 'Kindness', points: 2 } },
  'reward-groups rename': { body: { groupName: 'Green team' } },
  'sales-people delete': { params: { id: '3' } },
  'store-purchases create': { body: { items: [{ sku: 'BEE-PLUSH', quantity: 1 }], paymentMethod: 'pm_card_visa' } },
  'store-purchases create-invoice': { body: { items: [{ sku: 'BEE-PLUSH', quantity: 1 }], po_number: 'PO-9' } },
  'store-purchases update': { params: { id: '1' }, body: { po_number: 'PO-10' } },
  'store-purchases set-shipping': { params: { id: '1' }, body: { shipping: 500 } },
  'store-purchases void': { params: { id: '3' } },
  'store-purchases delete': { params: { id: '8' } },
  'store-purchases send-to-accounting': { params: { id: '4' } },
  'store-items create': { body: { sku: 'NEW-ITEM', name: 'New item', category: 'toys', prices: { gbp: 500 } } },
  'store-items update': { body: { id: 1, name: 'Spelling bee plush' } },
  'store-items set-stock': { body: { stock: 10, location_id: 1 } },
  'schools set-vat-countries': { body: { countries: ['GB'] } },
  'emails remove-bounce': { body: { email: 'typo@oakfeild.sandbox.test' } },
  'invoices update-paid': { params: { id: '1' }, body: { method: 'cheque', date: '2026-11-03' } },
  'invoices add-remittance': { params: { id: '1' }, body: { date_received: '2026-11-04' } },
  'invoices update-remittance': { params: { id: '1' }, body: { date_received: '2026-11-05' } },
  'invoices send-to-accounting': { params: { id: '4' } },
  'schools create': { as: 'teacher', body: { name: 'Birch Primary School', country: 'GB' } },
  'card-provider request': { as: 'superuser', body: { type: 'invoice.paid', invoice_id: 6 } },
  'one-roster children': { late: true },
  'one-roster sync': { late: true },
  'one-roster update': { late: true },
  'roster-b link': { body: { subdomain: 'oakfield' } },
  'roster-c link': { body: { subdomain: 'oakfield' } },
  'roster-d link': { body: { domain: 'oakfield.test' } },
  // School 2's seeded clever link: school 1's, made by `roster-b link`, stays for the sign-ins after it.
  'roster-b unlink': { params: { id: '2' } },
  // The sandbox takes the provider's code as a member's username at the school linked with that subdomain.
  'roster-b auth': { body: { code: 'teacher', subdomain: 'oakfield' }, late: true },
  'roster-c auth': { body: { code: 'pupil', subdomain: 'oakfield' }, late: true },
  'roster-d auth': { body: { code: 'admin', domain: 'oakfield.test' }, late: true },
  'roster-a link': {
    skip: 'school 1 is already linked with wonde in the seed, and only a requested school links again',
  },
  'pupils delete-spelling-session': { params: { sessionId: '133' } },
  'groups remove-teacher': { params: { id: '1' }, body: { teacherId: 2 } },
  'groups remove-pupil': { params: { id: '1' }, body: { pupilId: 4 } },
  'groups remove-pupils': { params: { id: '1' }, body: { pupils: [12] } },
  'homework unassign-group': { params: { id: '1', gid: '1' } },
  'teachers remove-admin': { params: { id: '8' } },
  'school-subscriptions unassign-users': { params: { id: '6' }, body: { user_ids: '16' } },
  'school-subscriptions unassign-teachers': { params: { id: '6' }, body: { user_ids: '3' } },
  'school-subscriptions unassign-groups': { params: { id: '6' }, body: { group_ids: '2' } },
  'subscriptions move': { params: { id: '6' }, body: { school: 2 } },
  'subscriptions create-future': { body: { ...GRANT, product_id: 3, start: '2027-01-01' } },
  'subscriptions grant-full': { params: { id: '2' }, body: GRANT },
  'rewards history': { body: { schoolGroupId: 1 } },
  'rewards delete-history': { body: { logId: 1 } },
  'rewards add-score': { body: { schoolGroupId: 1, pupilId: 4, feedbackId: 1 } },
  'rewards add-anonymous-score': { body: { schoolGroupId: 1, points: 1 } },
  'rewards add-earnings-score': { body: { schoolGroupId: 1, pupilId: 4, points: 1 } },
  'reward-groups create': { body: { name: 'Purple team' } },
  'reward-groups add-pupil': { body: { pupilId: 4 } },
  'auth check-reset-token': { skip: 'a reset token is only told by email' },
  'auth reset-password': { skip: 'a reset token is only told by email' },
  'me join-school': { skip: 'every seeded teacher is already a member of a school, and only a teacher may join one' },
  'school-subscriptions create': { body: { product_id: 5, seats: 300 } },
  'school-subscriptions create-prepayment': { body: { product_id: 3, seats: 300 } },
  'subscriptions schedule-multi-year': { body: { product_id: 2, seats: 300 } },
  'school-subscriptions activate-prepayment': {
    skip: 'needs the action secret that only the prepayment answer tells its payer',
  },
  'school-subscriptions activate-upgrade-prepayment': {
    skip: 'needs the action secret that only the upgrade answer tells its payer',
  },
  'subscriptions cancel-upgrade-prepayment': { params: { id: '6' }, late: true },
  'subscriptions grant-trial': { params: { id: '2' }, body: { product_id: 3 } },
  'subscriptions create-backdated': { body: { product_id: 2, start: '2026-09-01' } },
  'school-subscriptions cancel': { params: { id: '6' } },
  'school-subscriptions undo-cancel': { params: { id: '6' }, late: true },
  'subscriptions cancel-at-expiry': { params: { id: '10' } },
  'subscriptions undo-cancel-at-expiry': { params: { id: '10' }, late: true },
  'subscriptions cancel-and-void': { params: { id: '12' } },
  'subscriptions deactivate': { params: { id: '13' } },
  'subscription-products delete': { params: { id: '7' } },
  'rewards convert': { body: { schoolGroupId: 1 }, late: true },
  'homework remove-pupils': { body: { pupilIds: '4' }, params: { id: '1' } },
  'prepayment-invoices cancel': { skip: 'needs the action secret that only the prepayment answer tells its payer' },
  'subscriptions cancel-uncollectable': {
    skip: 'no seeded subscription is both live and has an unpaid invoice once the area ran',
  },
  'reward-groups remove-pupil': {
    skip: 'not reached: the seeded member of reward group 1 is not found once the area ran (to look into)',
  },
  'groups create-subgroup': { params: { id: '1' }, body: { name: 'Reading group' } },
  'groups subgroup-pupils': { params: { id: '1', sub: '14' }, late: true },
  'homework add-teacher': { params: { id: '4', tid: '3' } },
  'homework remove-teacher': { params: { id: '4', tid: '3' } },
  'districts buy-subscription': {
    skip: "the district's schools already hold every product of the district's subscriptions",
  },
  'deleted-users recover': { setup: deleteUser(17), body: { id: [17] } },
  'deleted-users restore': { setup: deleteUser(18), params: { id: '18' } },
  'deleted-users purge': { setup: deleteUser(19), params: { id: '19' } },
  'deleted-users merge': { setup: deleteUser(20), body: { from: 20, into: 16 } },
  'pupils squirrel-scurry-session': { setup: sessionOf(128, 'squirrelscurry'), params: { sessionId: '128' } },
  'pupils delete-beekeeper-session': { setup: sessionOf(126, 'beekeeper'), params: { sessionId: '126' } },
  'pupils delete-buzzwords-session': { setup: sessionOf(135, 'buzzwords'), params: { sessionId: '135' } },
  'leagues update': {
    setup: (db) => void run(db, "UPDATE leagues SET ends_at = '2027-01-31T09:00:00.000Z' WHERE id = 1"),
    params: { id: '1' },
    body: { name: 'Spring spelling league' },
  },
  'card-invoices restore': {
    setup: (db) => void run(db, "UPDATE invoices SET state = 'void', voided_at = ? WHERE id = 6", AT),
    params: { id: '8', iid: '6' },
  },
  'subscriptions delete-future': {
    setup: (db) => void run(db, "UPDATE subscriptions SET state = 'future', start_date = '2027-09-02' WHERE id = 5"),
    params: { subscriptionId: '5' },
  },
  'subscriptions show-future': {
    setup: (db) => void run(db, "UPDATE subscriptions SET state = 'future', start_date = '2027-09-02' WHERE id = 5"),
    params: { subscriptionId: '5' },
  },
};
