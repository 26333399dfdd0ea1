import { describe, expect, it } from 'vitest';
import { copyRows } from '../../../cli/sandbox-import/rows.js';
import { pseudonymiser } from '../../../cli/sandbox-import/pseudonym.js';
import type { Extract } from '../../../cli/sandbox-import/read.js';
import { importManifest, manifestText } from '../../../cli/sandbox-import/report.js';

const T = '2026-09-01T09:00:00.000Z';
const school = {
  id: 1,
  name: 'Oakfield',
  code: 'OAK',
  country: 'GB',
  region: 'GB-ENG',
  locale: 'en_GB',
  account_region: 'GB',
  district_id: 3,
  settings: {},
  created_at: T,
  pupil_count: 1,
};
const teacher = {
  kind: 'teacher',
  id: 2,
  username: 'alex',
  email: 'alex@oakfield.example',
  first_name: 'Alex',
  last_name: 'Admin',
  display_name: 'Alex Admin',
  school_id: 1,
  admin: true,
  experimental: false,
  created_at: T,
};
const pupil = {
  kind: 'pupil',
  id: 4,
  username: 'pip',
  school_id: 1,
  school_username: 'pip',
  first_name: 'Pip',
  last_name: 'Pupil',
  display_name: 'Pip Pupil',
  stage_spelling: null,
  stage_number: null,
  experimental: false,
  permissions: [],
  created_at: T,
};
// A group's pupils are PUPILs: no kind.
const { kind: _kind, ...groupPupil } = pupil;
const group = {
  id: 5,
  school_id: 1,
  parent_id: null,
  name: "Mrs Admin's class",
  description: 'Pip needs help',
  colour: '#fff',
  created_at: T,
  updated_at: T,
  teacher_ids: [2, 99],
};
const extract = (overrides: Partial<Extract> = {}): Extract => ({
  reference: {
    countries: [],
    zones: [],
    products: [],
    scopes: [],
    plans: [],
    salesPeople: [],
    districts: [{ id: 3, name: 'Northside', created_at: T, schools: [], school_count: 2 }],
  },
  schools: [
    {
      school,
      users: [teacher, pupil],
      addresses: [],
      groups: [group],
      groupPupils: new Map([[5, [groupPupil]]]),
      subscriptions: [],
      invoices: [],
      cancellations: [],
      sharedInvoices: [],
      paymentMethods: [],
      where: {
        school: 'GET schools/1',
        users: 'GET users',
        addresses: 'a',
        groups: 'g',
        subscriptions: 's',
        invoices: 'i',
        cancellations: 'c',
        paymentMethods: 'pm',
      },
    },
  ],
  outsideSubscriptions: [],
  ...overrides,
});
const KEY = Buffer.alloc(32, 1);

describe("the copy's rows", () => {
  it('pseudonymises the people and free text, keeps the ids and links, and declares a stub for a teacher elsewhere', () => {
    const rows = copyRows(extract(), pseudonymiser(KEY), 'hash');
    const text = JSON.stringify(rows.tables);
    expect(text).not.toMatch(/alex|Alex|Pip|pip@|oakfield\.example|Mrs Admin|needs help/);
    expect(rows.tables.users.map((u) => u['id'])).toEqual([2, 4, 99]);
    expect(rows.tables.users.every((u) => u['email'] == null || String(u['email']).endsWith('.invalid'))).toBe(true);
    expect(rows.tables.users.find((u) => u['id'] === 4)?.['email']).toBeUndefined();
    expect(rows.tables.group_teachers.map((l) => l['user_id'])).toEqual([2, 99]);
    expect(rows.tables.group_pupils).toEqual([{ group_id: 5, user_id: 4, added_at: T }]);
    expect(rows.stubs).toEqual([{ table: 'users', id: 99, from: 'school_groups 5 teacher' }]);
    expect(rows.tables.districts).toEqual([{ id: 3, name: 'Northside', created_at: T }]);
    expect(rows.tables.schools[0]).toMatchObject({ id: 1, name: 'Oakfield', settings: '{}' });
    // Production's join code would let the copy's reader join the school there: the copy has another.
    expect(rows.tables.schools[0]?.['code']).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    expect(text).not.toContain('OAK');
  });

  it("pseudonymises the texts of a school's settings and integrations, keeping their keys and other values", () => {
    const base = extract();
    const [first] = base.schools;
    if (first === undefined) throw new Error('one school');
    const settings = {
      contact_name: 'Jane Realperson',
      contact: { email: 'jane.realperson@oakfield.sch.uk', phones: ['0113 496 0000'] },
      weekly_report: true,
      max_groups: 12,
      note: '',
    };
    const integrations = { wonde: { school_id: 'A1930499544', token: 'wonde-live-secret' } };
    const rows = copyRows(
      { ...base, schools: [{ ...first, school: { ...school, settings, integrations } }] },
      pseudonymiser(KEY),
      'hash',
    );
    const copied = rows.tables.schools[0];
    const text = JSON.stringify(copied);
    expect(text).not.toMatch(/Realperson|realperson|oakfield\.sch|0113|A1930499544|wonde-live-secret/);
    const kept = JSON.parse(String(copied?.['settings'])) as Record<string, unknown>;
    expect(Object.keys(kept)).toEqual(Object.keys(settings));
    expect(kept).toMatchObject({ weekly_report: true, max_groups: 12, note: '' });
    expect(kept['contact_name']).toMatch(/^Text [0-9a-f]{8}$/);
    expect(JSON.parse(String(copied?.['integrations']))).toMatchObject({
      wonde: { school_id: expect.stringMatching(/^Text /) },
    });
    expect(copyRows(extract(), pseudonymiser(KEY), 'hash').tables.schools[0]?.['settings']).toBe('{}');
  });

  it("replaces an invoice's shareable id (its page is open to anyone holding it) and keeps its billing facts", () => {
    const base = extract();
    const [first] = base.schools;
    if (first === undefined) throw new Error('one school');
    const invoice = {
      id: 812,
      number: 'INV-0812',
      shareable_id: 'b071c7724831b7ce5b4a',
      school_id: 1,
      state: 'open',
      currency: 'gbp',
      total: 54_000,
      description: '',
    };
    const rows = copyRows({ ...base, schools: [{ ...first, invoices: [invoice] }] }, pseudonymiser(KEY), 'hash');
    const [copied] = rows.tables.invoices;
    expect(copied).toMatchObject({ id: 812, number: 'INV-0812', state: 'open', currency: 'gbp', total: 54_000 });
    expect(copied?.['shareable_id']).toMatch(/^[0-9a-f]{20}$/);
    expect(JSON.stringify(rows.tables)).not.toContain(invoice.shareable_id);
  });

  it('is the same for the same extract and key', () => {
    expect(copyRows(extract(), pseudonymiser(KEY), 'hash')).toEqual(copyRows(extract(), pseudonymiser(KEY), 'hash'));
  });

  it('stubs the school a subscription moved from, and a district not in the reference data', () => {
    const sub = {
      id: 8,
      school_id: 1,
      product_id: 1,
      plan_id: null,
      kind: 'full',
      state: 'active',
      billing: 'invoice',
      currency: 'gbp',
      seats: 1,
      teacher_seats: 1,
      start_date: '2026-01-01',
      expiry: null,
      po_number: 'PO-1',
      billing_address_id: null,
      price_rise_exemption: null,
      inferred_teacher_access: false,
      card_reference: null,
      moved_from_school_id: 7,
      synced_at: null,
      cancelled_at: null,
      deactivated_at: null,
      created_at: T,
      updated_at: T,
      deleted_at: null,
      permissions: [],
      pending_upgrade: null,
    };
    const base = extract();
    const [first] = base.schools;
    if (first === undefined) throw new Error('one school');
    const rows = copyRows(
      { ...base, reference: { ...base.reference, districts: [] }, schools: [{ ...first, subscriptions: [sub] }] },
      pseudonymiser(KEY),
      'hash',
    );
    expect(rows.stubs.filter((s) => s.table !== 'users')).toEqual([
      { table: 'districts', id: 3, from: 'schools 1 district_id' },
      { table: 'schools', id: 7, from: 'subscriptions 8 moved_from_school_id' },
    ]);
    expect(rows.tables.subscriptions[0]).toMatchObject({
      po_number: 'PO-1',
      inferred_teacher_access: 0,
      permissions: '[]',
    });
  });

  it("copies an invoice's credits under ids numbered from the invoice's, and a saved card as a sandbox test card of its brand", () => {
    const base = extract();
    const [first] = base.schools;
    if (first === undefined) throw new Error('one school');
    const credit = { kind: 'refund', amount: 1200, currency: 'gbp', reason: 'Pip left the school', created_at: T };
    // The shareable page repeats the invoice (the list gave it) with the school and the credits.
    const shared = {
      id: 812,
      number: 'INV-0812',
      school: { id: 1, name: 'Oakfield', country: 'GB' },
      credits: [credit, { ...credit, amount: 300, reason: '' }],
    };
    const cards = [
      {
        id: 6,
        school_id: 1,
        provider_ref: 'pm_1QxLiveToken',
        brand: 'mastercard',
        last4: '5454',
        exp_month: 4,
        exp_year: 2029,
        is_default: true,
        created_at: T,
      },
      {
        id: 7,
        school_id: 1,
        provider_ref: 'pm_1QxOther',
        brand: 'discover',
        last4: '1117',
        exp_month: 1,
        exp_year: 2030,
        is_default: false,
        created_at: T,
      },
    ];
    const rows = copyRows(
      { ...base, schools: [{ ...first, sharedInvoices: [shared], paymentMethods: cards }] },
      pseudonymiser(KEY),
      'hash',
    );
    expect(rows.tables.invoice_credits.map((c) => [c['id'], c['invoice_id'], c['amount'], c['currency']])).toEqual([
      [812001, 812, 1200, 'gbp'],
      [812002, 812, 300, 'gbp'],
    ]);
    expect(rows.tables.invoice_credits[0]?.['reason']).not.toMatch(/Pip/);
    expect(rows.tables.invoice_credits[1]?.['reason']).toBe('');
    expect(
      rows.tables.payment_methods.map((m) => [
        m['id'],
        m['brand'],
        m['provider_ref'],
        m['last4'],
        m['is_default'],
        m['exp_year'],
      ]),
    ).toEqual([
      [6, 'mastercard', 'pm_card_mastercard', '4444', 1, 2029],
      [7, 'visa', 'pm_card_visa', '4242', 0, 2030],
    ]);
    expect(JSON.stringify(rows.tables)).not.toMatch(/pm_1Qx|5454|1117/);
  });

  it('fails on a field of the shareable page or of a card it does not know', () => {
    const base = extract();
    const [first] = base.schools;
    if (first === undefined) throw new Error('one school');
    const bad = (school: Partial<typeof first>) => () =>
      copyRows({ ...base, schools: [{ ...first, ...school }] }, pseudonymiser(KEY), 'hash');
    expect(bad({ sharedInvoices: [{ id: 1, credits: [], payer_iban: 'GB00' }] })).toThrow(
      /field "payer_iban" of a shared_invoice/,
    );
    expect(
      bad({
        sharedInvoices: [
          { id: 1, credits: [{ kind: 'refund', amount: 1, currency: 'gbp', reason: '', created_at: T, card: '4242' }] },
        ],
      }),
    ).toThrow(/field "card" of a credit/);
    expect(bad({ paymentMethods: [{ id: 1, brand: 'visa', card_number: '4242424242424242' }] })).toThrow(
      /field "card_number" of a payment_method/,
    );
  });

  it('wraps the manifest to the width it is given, losing no word and keeping the school columns', () => {
    const made = importManifest(copyRows(extract(), pseudonymiser(KEY), 'hash'), {
      copy: 'copy.db',
      source: 'http://api.test/',
      madeAt: new Date(T),
      refreshed: false,
      requests: 9,
    });
    const [first] = made.schools;
    if (first === undefined) throw new Error('one school');
    const states = { open: 1, paid: 1, refunded: 1, uncollectable: 1 };
    const manifest = { ...made, schools: [{ ...first, invoices_by_state: states }] };
    const words = (text: string): string[] => text.split(/\s+/).filter(Boolean);
    for (const width of [80, 60]) {
      const text = manifestText(manifest, width);
      const long = text.split('\n').filter((line) => line.length > width);
      expect(long, `width ${width}`).toEqual([]);
      expect(words(text)).toEqual(words(manifestText(manifest)));
    }
    // The states go on under their column, which starts at 59.
    expect(manifestText(manifest, 80)).toMatch(
      /\n1 {7}(?: +\d+){5} {2}open 1, paid 1,\n {59}refunded 1,\n {59}uncollectable 1\n/,
    );
  });

  it('prints, in every manifest, what the copy does not hold and why', () => {
    const manifest = importManifest(copyRows(extract(), pseudonymiser(KEY), 'hash'), {
      copy: 'copy.db',
      source: 'http://api.test/',
      madeAt: new Date(T),
      refreshed: false,
      requests: 9,
    });
    expect(manifest.not_copied.map((n) => n.table)).toEqual([
      'subscription_members',
      'district_allocations',
      'card_schedules',
      'card_events',
      'inferred_access',
    ]);
    const text = manifestText(manifest);
    expect(text).toContain('Not copied (5; the copy has none of these, whatever production holds):');
    expect(text).toMatch(
      /\n {2}subscription_members: which pupils, teachers and groups are assigned to each subscription; no GET route lists them/,
    );
    expect(text).toMatch(/\n {2}district_allocations: .*parent subscription.*no GET route gives them back/);
    expect(manifest.tables).toMatchObject({ invoice_credits: 0, payment_methods: 0 });
    // The shareable page's repeat of the invoice is not reported as dropped: the list's invoice is copied.
    expect(manifest.fields.dropped).toEqual(
      expect.arrayContaining([
        'shared_invoice.school',
        'shared_invoice.credits',
        'payment_method.last4',
        'invoice.amount_due',
      ]),
    );
    expect(manifest.fields.dropped.filter((f) => f.startsWith('shared_invoice.'))).toEqual([
      'shared_invoice.school',
      'shared_invoice.credits',
    ]);
    expect(manifest.fields.pseudonymised).toEqual(
      expect.arrayContaining(['credit.reason', 'payment_method.provider_ref']),
    );
  });
});
