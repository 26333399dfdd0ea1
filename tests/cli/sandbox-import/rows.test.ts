import { describe, expect, it } from 'vitest';
import { copyRows } from '../../../cli/sandbox-import/rows.js';
import { pseudonymiser } from '../../../cli/sandbox-import/pseudonym.js';
import type { Extract } from '../../../cli/sandbox-import/read.js';

const T = '2026-09-01T09:00:00.000Z';
const school = { id: 1, name: 'Oakfield', code: 'OAK', country: 'GB', region: 'GB-ENG', locale: 'en_GB', account_region: 'GB', district_id: 3, settings: {}, created_at: T, pupil_count: 1 };
const teacher = { kind: 'teacher', id: 2, username: 'alex', email: 'alex@oakfield.example', first_name: 'Alex', last_name: 'Admin', display_name: 'Alex Admin', school_id: 1, admin: true, experimental: false, created_at: T };
const pupil = { kind: 'pupil', id: 4, username: 'pip', school_id: 1, school_username: 'pip', first_name: 'Pip', last_name: 'Pupil', display_name: 'Pip Pupil', stage_spelling: null, stage_number: null, experimental: false, permissions: [], created_at: T };
// A group's pupils are PUPILs: no kind.
const { kind: _kind, ...groupPupil } = pupil;
const group = { id: 5, school_id: 1, parent_id: null, name: "Mrs Admin's class", description: 'Pip needs help', colour: '#fff', created_at: T, updated_at: T, teacher_ids: [2, 99] };
const extract = (overrides: Partial<Extract> = {}): Extract => ({
  reference: { countries: [], zones: [], products: [], scopes: [], plans: [], salesPeople: [], districts: [{ id: 3, name: 'Northside', created_at: T, schools: [], school_count: 2 }] },
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
      where: { school: 'GET schools/1', users: 'GET users', addresses: 'a', groups: 'g', subscriptions: 's', invoices: 'i', cancellations: 'c' },
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
    expect(rows.tables.schools[0]).toMatchObject({ id: 1, name: 'Oakfield', code: 'OAK', settings: '{}' });
  });

  it('is the same for the same extract and key', () => {
    expect(copyRows(extract(), pseudonymiser(KEY), 'hash')).toEqual(copyRows(extract(), pseudonymiser(KEY), 'hash'));
  });

  it('stubs the school a subscription moved from, and a district not in the reference data', () => {
    const sub = {
      id: 8, school_id: 1, product_id: 1, plan_id: null, kind: 'full', state: 'active', billing: 'invoice', currency: 'gbp', seats: 1, teacher_seats: 1, start_date: '2026-01-01',
      expiry: null, po_number: 'PO-1', billing_address_id: null, price_rise_exemption: null, inferred_teacher_access: false, card_reference: null, moved_from_school_id: 7,
      synced_at: null, cancelled_at: null, deactivated_at: null, created_at: T, updated_at: T, deleted_at: null, permissions: [], pending_upgrade: null,
    };
    const base = extract();
    const [first] = base.schools;
    if (first === undefined) throw new Error('one school');
    const rows = copyRows({ ...base, reference: { ...base.reference, districts: [] }, schools: [{ ...first, subscriptions: [sub] }] }, pseudonymiser(KEY), 'hash');
    expect(rows.stubs.filter((s) => s.table !== 'users')).toEqual([
      { table: 'districts', id: 3, from: 'schools 1 district_id' },
      { table: 'schools', id: 7, from: 'subscriptions 8 moved_from_school_id' },
    ]);
    expect(rows.tables.subscriptions[0]).toMatchObject({ po_number: 'PO-1', inferred_teacher_access: 0, permissions: '[]' });
  });
});
