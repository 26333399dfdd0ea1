import { beforeEach, describe, expect, it } from 'vitest';
import { at, createHarness, list, num, pluck, str, type Harness } from './harness.js';
import { one, run } from '../../../sandbox/kit/sql.js';

let h: Harness;
beforeEach(() => {
  h = createHarness();
});

describe('school', () => {
  it('shows the caller school with counts, and 404s another school for a teacher', async () => {
    const own = await h.call('GET schools/{id}', { as: 'teacher', params: { id: 1 } });
    expect(own.status).toBe(200);
    expect(at(own.body, 'school')).toMatchObject({ id: 1, name: 'Oakfield Primary School', pupil_count: 30 });
    expect((await h.call('GET schools/{id}', { as: 'teacher', params: { id: 2 } })).status).toBe(404);
    expect((await h.call('GET schools/{id}', { as: 'superuser', params: { id: 2 } })).status).toBe(200);
  });

  it('updates the own school and merges settings; PATCH of another school is 404', async () => {
    await h.call('PUT users/me/school', { input: { settings: { fontPreference: 'sassoon' } } });
    const res = await h.call('PUT users/me/school', {
      input: { name: 'Oakfield Academy', settings: { theme: 'dark' } },
    });
    expect(at(res.body, 'school')).toMatchObject({
      name: 'Oakfield Academy',
      settings: { fontPreference: 'sassoon', theme: 'dark' },
    });
    expect((await h.call('PATCH schools/{id}', { params: { id: 2 }, input: { name: 'x' } })).status).toBe(404);
    expect((await h.call('PATCH schools/{id}', { params: { id: 1 }, input: { name: '' } })).status).toBe(422);
  });

  it('generates, removes and checks join codes', async () => {
    const generated = await h.call('POST users/me/school/code');
    const code = str(generated.body, 'code');
    expect(code).toMatch(/^[A-Z2-9]{6}$/);
    const exists = await h.call('GET schools/existence', { as: null, input: { code: code.toLowerCase() } });
    expect(exists.body).toMatchObject({ exists: true, school: { id: 1 } });
    const wrongSchool = await h.call('POST schools/existence', { as: null, input: { schoolId: 2, code } });
    expect(at(wrongSchool.body, 'exists')).toBe(false);
    const removed = await h.call('DELETE users/me/school/code');
    expect(at(removed.body, 'code')).toBeNull();
    expect(at((await h.call('GET schools/existence', { as: null, input: { code } })).body, 'exists')).toBe(false);
    const su = await h.call('POST superuser/schools/{id}/generatecode', { as: 'superuser', params: { id: 2 } });
    expect(str(su.body, 'code')).not.toBe('MAPLE');
  });

  it('joins a school by code once, then refuses a second join with 409', async () => {
    const joined = await h.call('POST users/me/joinschool', { as: 'teacher2a', input: { code: 'oakfield' } });
    expect(joined.status).toBe(200);
    const again = await h.call('POST users/me/joinschool', { as: 'teacher2a', input: { code: 'OAKFIELD' } });
    expect(again.status).toBe(409);
    expect(str(again.body, 'message')).toContain('already a member');
    const schools = await h.call('GET users/me/schools', { as: 'teacher2a' });
    expect(pluck(schools.body, 'schools')).toEqual([1, 2]);
    expect((await h.call('POST users/me/joinschool', { as: 'teacher', input: { code: 'NOPE99' } })).status).toBe(404);
  });

  it('switches the managed school only to a school the user may reach', async () => {
    expect((await h.call('POST users/me/manageschool', { as: 'teacher', input: { schoolId: 2 } })).status).toBe(404);
    const su = await h.call('POST users/me/manageschool', { as: 'superuser', input: { schoolId: 2 } });
    expect(num(su.body, 'school.id')).toBe(2);
    const addresses = await h.call('GET users/me/school/addresses', { as: 'superuser' });
    expect(list(addresses.body, 'addresses')[0]?.['school_id']).toBe(2);
  });

  it('creates a school with the teacher as its admin; a pupil may not', async () => {
    const res = await h.call('POST users/me/school', {
      as: 'teacher',
      input: { name: 'Birch Lane Primary', country: 'ie' },
    });
    expect(res.status).toBe(201);
    expect(at(res.body, 'school')).toMatchObject({
      name: 'Birch Lane Primary',
      country: 'IE',
      locale: 'en_IE',
      account_region: 'GB',
    });
    const me = one(h.db, "SELECT school_id, admin FROM users WHERE username = 'teacher'");
    expect(me).toEqual({ school_id: num(res.body, 'school.id'), admin: 1 });
    expect((await h.call('POST users/me/school', { as: 'pupil', input: { name: 'x' } })).status).toBe(403);
  });

  it('searches schools, hides join codes from non-superusers, and searches the register', async () => {
    const found = await h.call('GET schools', { as: 'teacher', input: { q: 'maple' } });
    expect(list(found.body, 'schools')).toHaveLength(1);
    expect(at(found.body, 'schools.0.code')).toBeUndefined();
    expect(at((await h.call('GET schools', { as: 'superuser', input: { q: 'maple' } })).body, 'schools.0.code')).toBe(
      'MAPLE',
    );
    const register = await h.call('GET schools', { as: 'teacher', input: { q: 'York', dfe_schools: 'true' } });
    expect(list(register.body, 'schools').length).toBeGreaterThan(0);
    expect(at(register.body, 'schools.0.urn')).toEqual(expect.any(Number));
  });

  it('shows at most 50 schools of a search but counts every match in total', async () => {
    for (let i = 1; i <= 55; i += 1)
      run(
        h.db,
        "INSERT INTO schools (name, country, locale, account_region, created_at) VALUES (?, 'GB', 'en_GB', 'GB', '2026-01-01')",
        `Willow Bank School ${i}`,
      );
    const found = await h.call('GET schools', { as: 'superuser', input: { q: 'willow bank' } });
    expect(list(found.body, 'schools')).toHaveLength(50);
    expect(num(found.body, 'total')).toBe(55);
    const few = await h.call('GET schools', { as: 'superuser', input: { q: 'willow bank school 5' } });
    expect(num(few.body, 'total')).toBe(list(few.body, 'schools').length);
  });
});

describe('addresses', () => {
  const billingDefaults = async (): Promise<number> =>
    list((await h.call('GET users/me/school/addresses')).body, 'addresses').filter(
      (a) => a['addressType'] === 'billing' && a['default'] === true,
    ).length;

  it('keeps one default per type, refuses another school, promotes a default on delete', async () => {
    const created = await h.call('POST addresses', {
      input: { address: { lines: ['Annex'], town: 'Leeds' }, addressType: 'billing' },
    });
    expect(created.status).toBe(201);
    expect(at(created.body, 'address.default')).toBe(false);
    const id = num(created.body, 'address.id');
    const attached = await h.call('PUT schools/{id}/addresses/{addressId}', { params: { id: 1, addressId: id } });
    expect(at(attached.body, 'address.default')).toBe(true);
    expect(await billingDefaults()).toBe(1);
    expect((await h.call('POST addresses', { input: { address: 'x', schoolId: 2 } })).status).toBe(404);
    expect((await h.call('DELETE addresses/delete/{id}', { params: { id } })).status).toBe(200);
    expect(await billingDefaults()).toBe(1);
    expect((await h.call('PUT addresses/{id}', { params: { id }, input: { address: 'y' } })).status).toBe(404);
  });
});
