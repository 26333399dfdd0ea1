/**
 * The copy's rows, made from what was read: every record cleaned by the manifest (kept, pseudonymised or
 * dropped, an unknown field failing the import), turned into the columns of the sandbox's tables, and every
 * reference to a record outside the chosen schools (a teacher of another school in a group, a district, the
 * school a subscription moved from) made a declared stub: a row holding only what the reference needs,
 * named in the manifest. Pure: the same extract and key give the same rows, in the same order.
 */
import { cleanRecord, type RecordKind } from './manifest.js';
import type { Pseudonymiser } from './pseudonym.js';
import type { Extract, SchoolExtract } from './read.js';
import { testCard } from '../../sandbox/domain/billing/payment-methods.js';

type Raw = Readonly<Record<string, unknown>>;
export type Row = Record<string, unknown>;

/** The tables the import writes, in an order in which every reference points back. */
export const COPY_TABLES = [
  'countries',
  'country_zones',
  'districts',
  'schools',
  'users',
  'addresses',
  'school_groups',
  'group_pupils',
  'group_teachers',
  'products',
  'product_scopes',
  'plans',
  'sales_people',
  'subscriptions',
  'invoices',
  'invoice_credits',
  'cancellations',
  'payment_methods',
] as const;
export type CopyTable = (typeof COPY_TABLES)[number];

/** A row made for a reference that points outside the chosen schools. */
export interface Stub {
  readonly table: 'schools' | 'districts' | 'users' | 'subscriptions';
  readonly id: number;
  /** What pointed at it: `school_groups 4 teacher`. */
  readonly from: string;
}

export interface CopyRows {
  readonly tables: Readonly<Record<CopyTable, readonly Row[]>>;
  readonly stubs: readonly Stub[];
  readonly schoolIds: readonly number[];
}

/** A value as its SQLite column holds it: booleans 0 or 1, objects and lists as JSON text. */
const column = (value: unknown): unknown =>
  typeof value === 'boolean'
    ? value
      ? 1
      : 0
    : typeof value === 'object' && value !== null
      ? JSON.stringify(value)
      : (value ?? null);
const columns = (record: Row, rename: Readonly<Record<string, string>> = {}): Row =>
  Object.fromEntries(Object.entries(record).map(([k, v]) => [rename[k] ?? k, column(v)]));
const byId = (a: Row, b: Row): number => Number(a['id']) - Number(b['id']);
const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/**
 * The API does not show a credit's id: the copy numbers an invoice's credits from its id (invoice 812's are
 * 812001, 812002...), so a refresh gives them the ids a first import did.
 */
const CREDITS_PER_INVOICE = 1000;

/**
 * The sandbox test card (sandbox/domain/billing/payment-methods.ts) a saved card of `brand` becomes in the copy:
 * one that is charged. A brand with no test card becomes a visa, brand included, so the card is one thing.
 */
function testCardOf(brand: string): { readonly ref: string; readonly last4: string; readonly brand: string } {
  const known = testCard(`pm_card_${brand}`) !== undefined;
  const ref = known ? `pm_card_${brand}` : 'pm_card_visa';
  return { ref, last4: testCard(ref)?.last4 ?? '', brand: known ? brand : 'visa' };
}

/** The date the copy's own rows are made at: fixed, so the same source gives the same copy. */
const STUB_TIME = '2000-01-01T00:00:00.000Z';

/**
 * The rows of a copy of `extract`, pseudonymised with `p`; `passwordHash` is stored for every copied user
 * (the sandbox's `sandbox`), so the copy can be signed in to as anyone in it.
 *
 * @example
 * const rows = copyRows(extract, pseudonymiser(key), seedPasswordHash());
 */
export function copyRows(extract: Extract, p: Pseudonymiser, passwordHash: string): CopyRows {
  const stubs: Stub[] = [];
  const t: Record<CopyTable, Row[]> = Object.fromEntries(COPY_TABLES.map((name) => [name, []])) as unknown as Record<
    CopyTable,
    Row[]
  >;
  const clean = (
    kind: RecordKind,
    record: Raw,
    where: string,
    personal: (fields: readonly string[]) => Raw = () => ({}),
  ): Row => cleanRecord(kind, record, where, personal);
  const ref = extract.reference;
  t.countries = ref.countries.map((c) => columns(clean('country', c, 'GET countries')));
  t.country_zones = ref.zones.map((z) => columns(clean('zone', z, 'GET countries/zones'))).sort(byId);
  t.products = ref.products.map((x) => columns(clean('product', x, 'GET subscriptions/products'))).sort(byId);
  t.product_scopes = ref.scopes
    .map((x) => columns(clean('scope', x, 'GET subscriptions/products/{id}/scopes')))
    .sort(byId);
  t.plans = ref.plans
    .map((x) => {
      const { product_id: _product, ...plan } = clean('plan', x, 'GET subscriptions/plans');
      return columns(plan);
    })
    .sort(byId);
  t.sales_people = ref.salesPeople
    .map((x) =>
      columns(
        clean('sales_person', x, 'GET superuser/salespeople', () => ({
          name: p.person(`sales:${String(x['id'])}`, 'en_GB').display_name,
        })),
      ),
    )
    .sort(byId);
  const districts = new Map(
    ref.districts.map((d) => [Number(d['id']), columns(clean('district', d, 'GET districts'))]),
  );

  const chosen = new Set(extract.schools.map((s) => Number(s.school['id'])));
  const localeOf = new Map(extract.schools.map((s) => [Number(s.school['id']), String(s.school['locale'])]));
  const users = new Map<number, Row>();
  const schoolStubs = new Map<number, Row>();
  const userStub = (id: number, from: string, locale: string): void => {
    if (users.has(id)) return;
    const who = p.person(`user:${id}`, locale);
    users.set(id, {
      id,
      username: who.username,
      email: who.email,
      first_name: who.first_name,
      last_name: who.last_name,
      display_name: who.display_name,
      password_hash: passwordHash,
      kind: 'teacher',
      school_id: null,
      created_at: STUB_TIME,
    });
    stubs.push({ table: 'users', id, from });
  };
  const schoolStub = (id: number, from: string): void => {
    if (chosen.has(id) || schoolStubs.has(id)) return;
    schoolStubs.set(id, {
      id,
      name: `Stub school ${id}`,
      code: null,
      country: 'GB',
      region: null,
      locale: 'en_GB',
      account_region: 'GB',
      district_id: null,
      created_at: STUB_TIME,
    });
    stubs.push({ table: 'schools', id, from });
  };
  const districtStub = (id: number, from: string): void => {
    if (districts.has(id) && t.districts.some((d) => d['id'] === id)) return;
    t.districts.push(districts.get(id) ?? { id, name: `Stub district ${id}`, created_at: STUB_TIME });
    if (!districts.has(id)) stubs.push({ table: 'districts', id, from });
  };

  for (const s of extract.schools)
    schoolRows(s, {
      t,
      p,
      clean,
      users,
      passwordHash,
      userStub,
      districtStub,
      locale: localeOf.get(Number(s.school['id'])) ?? 'en_GB',
    });
  const subscriptionIds = new Set(t.subscriptions.map((x) => Number(x['id'])));
  for (const sub of extract.outsideSubscriptions) {
    const row = subscriptionRow(clean('subscription', sub, `GET schoolsubscriptions/${String(sub['id'])}`));
    schoolStub(Number(row['school_id']), `subscriptions ${String(row['id'])} school_id`);
    t.subscriptions.push(row);
    subscriptionIds.add(Number(row['id']));
    stubs.push({ table: 'subscriptions', id: Number(row['id']), from: 'an invoice of a chosen school' });
  }
  for (const sub of t.subscriptions) {
    const moved = num(sub['moved_from_school_id']);
    if (moved !== undefined) schoolStub(moved, `subscriptions ${String(sub['id'])} moved_from_school_id`);
  }
  t.schools.push(...schoolStubs.values());
  t.schools.sort(byId);
  t.districts.sort(byId);
  t.users = [...users.values()].sort(byId);
  for (const name of [
    'addresses',
    'school_groups',
    'subscriptions',
    'invoices',
    'invoice_credits',
    'cancellations',
    'payment_methods',
  ] as const)
    t[name].sort(byId);
  const link = (a: Row, b: Row): number =>
    Number(a['group_id']) - Number(b['group_id']) || Number(a['user_id']) - Number(b['user_id']);
  t.group_pupils.sort(link);
  t.group_teachers.sort(link);
  return {
    tables: t,
    stubs: stubs.sort((a, b) => a.table.localeCompare(b.table) || a.id - b.id),
    schoolIds: [...chosen].sort((a, b) => a - b),
  };
}

interface SchoolContext {
  readonly t: Record<CopyTable, Row[]>;
  readonly p: Pseudonymiser;
  readonly clean: (kind: RecordKind, record: Raw, where: string, personal?: (fields: readonly string[]) => Raw) => Row;
  readonly users: Map<number, Row>;
  readonly passwordHash: string;
  readonly userStub: (id: number, from: string, locale: string) => void;
  readonly districtStub: (id: number, from: string) => void;
  readonly locale: string;
}

/** A person's personal fields, as their pseudonym gives them; a field production leaves empty stays empty. */
function personFields(p: Pseudonymiser, record: Raw, locale: string): Raw {
  const who = p.person(`user:${String(record['id'])}`, locale);
  return {
    ...who,
    email: record['email'] == null ? null : who.email,
    school_username: record['school_username'] == null ? null : who.school_username,
  };
}

function schoolRows(s: SchoolExtract, c: SchoolContext): void {
  const { t, p, clean, locale } = c;
  const schoolId = String(s.school['id']);
  const school = clean('school', s.school, s.where.school, (fields) =>
    Object.fromEntries(
      fields.map((field) => {
        const value = s.school[field];
        if (field !== 'code') return [field, p.texts(`school-${field}:${schoolId}`, value)];
        return [field, typeof value === 'string' ? p.joinCode(`school:${schoolId}`) : value];
      }),
    ),
  );
  const district = num(school['district_id']);
  if (district !== undefined) c.districtStub(district, `schools ${String(school['id'])} district_id`);
  t.schools.push(columns(school));
  for (const u of s.users) {
    const user = clean('user', u, s.where.users, () => personFields(p, u, locale));
    c.users.set(Number(user['id']), columns({ ...user, password_hash: c.passwordHash }));
  }
  for (const a of s.addresses) {
    const address = clean('address', a, s.where.addresses, () => ({
      address: p.address(`address:${String(a['id'])}`, locale, a['address']),
    }));
    t.addresses.push(columns(address, { addressType: 'address_type', default: 'is_default' }));
  }
  for (const g of s.groups) {
    const id = Number(g['id']);
    const where = `GET users/me/school/groups/${id}`;
    const {
      teacher_ids: teachers,
      colour,
      year,
      description,
      ...group
    } = clean('group', g, where, () => ({
      name: p.note(`group:${id}`, 'Group'),
      ...(g['description'] === undefined ? {} : { description: p.note(`group-description:${id}`, 'Note') }),
    }));
    const data = Object.fromEntries(Object.entries({ colour, year, description }).filter(([, v]) => v !== undefined));
    t.school_groups.push(columns({ ...group, data }));
    const added = group['created_at'];
    for (const teacher of Array.isArray(teachers) ? (teachers as number[]) : []) {
      if (!c.users.has(teacher)) c.userStub(teacher, `school_groups ${id} teacher`, locale);
      t.group_teachers.push({ group_id: id, user_id: teacher, added_at: added });
    }
    for (const pupil of s.groupPupils.get(id) ?? []) {
      const row = clean('pupil', pupil, `${where}/pupils`, () => personFields(p, pupil, locale));
      const pupilId = Number(row['id']);
      if (!c.users.has(pupilId)) c.userStub(pupilId, `school_groups ${id} pupil`, locale);
      t.group_pupils.push({ group_id: id, user_id: pupilId, added_at: added });
    }
  }
  for (const x of s.subscriptions)
    t.subscriptions.push(subscriptionRow(clean('subscription', x, s.where.subscriptions)));
  for (const x of s.invoices) {
    const invoice = clean('invoice', x, s.where.invoices, () => ({
      shareable_id: p.hex(`invoice-shareable:${String(x['id'])}`, String(x['shareable_id']).length),
      description: x['description'] === '' ? '' : p.note(`invoice-description:${String(x['id'])}`, 'Invoice note'),
      remittance_file: x['remittance_file'] == null ? null : p.note(`remittance:${String(x['id'])}`, 'remittance'),
    }));
    t.invoices.push(columns(invoice));
  }
  for (const shared of s.sharedInvoices) {
    const invoiceId = Number(shared['id']);
    const where = `GET subscriptions/invoices/{shareableId} (invoice ${invoiceId})`;
    clean('shared_invoice', shared, where);
    const credits = Array.isArray(shared['credits']) ? (shared['credits'] as Raw[]) : [];
    if (credits.length >= CREDITS_PER_INVOICE)
      throw new Error(
        `${where}: ${credits.length} credits; the copy numbers at most ${CREDITS_PER_INVOICE - 1} per invoice`,
      );
    credits.forEach((x, n) => {
      const credit = clean('credit', x, where, () => ({
        reason: x['reason'] === '' ? '' : p.note(`credit:${invoiceId}:${n}`, 'Reason'),
      }));
      t.invoice_credits.push(
        columns({ id: invoiceId * CREDITS_PER_INVOICE + n + 1, invoice_id: invoiceId, ...credit }),
      );
    });
  }
  for (const x of s.paymentMethods) {
    const card = testCardOf(String(x['brand']));
    const method = clean('payment_method', x, s.where.paymentMethods, () => ({ provider_ref: card.ref }));
    t.payment_methods.push(columns({ ...method, last4: card.last4, brand: card.brand }));
  }
  for (const x of s.cancellations) {
    const cancellation = clean('cancellation', x, s.where.cancellations, () => ({
      reason: x['reason'] === '' ? '' : p.note(`cancellation:${String(x['id'])}`, 'Reason'),
    }));
    // Who cancelled is most often staff, of no school: a stub, so the reference holds.
    const by = num(cancellation['user_id']);
    if (by !== undefined && !c.users.has(by))
      c.userStub(by, `cancellations ${String(cancellation['id'])} user_id`, locale);
    t.cancellations.push(columns(cancellation));
  }
}

function subscriptionRow(record: Row): Row {
  return columns(record);
}
