import { beforeEach, describe, expect, it } from 'vitest';
import { createHarness, pluck, type Harness } from './harness.js';
import { oneValue } from '../../../sandbox/kit/sql.js';

let h: Harness;
beforeEach(() => {
  h = createHarness();
});

describe("a superuser reads another school's groups and addresses by its id", () => {
  it('answers the named school to a superuser', async () => {
    const groups = await h.call('GET users/me/school/groups/all', { as: 'superuser', input: { schoolId: 2 } });
    expect(groups.status).toBe(200);
    expect(new Set(pluck(groups.body, 'groups', 'school_id'))).toEqual(new Set([2]));
    const addresses = await h.call('GET users/me/school/addresses', { as: 'superuser', input: { schoolId: 1 } });
    expect(addresses.status).toBe(200);
    expect(new Set(pluck(addresses.body, 'addresses', 'school_id'))).toEqual(new Set([1]));
  });

  it("answers anyone else their own school's, whatever id they name", async () => {
    const groups = await h.call('GET users/me/school/groups/all', { as: 'teacher', input: { schoolId: 2 } });
    expect(new Set(pluck(groups.body, 'groups', 'school_id'))).toEqual(new Set([1]));
    const addresses = await h.call('GET users/me/school/addresses', { as: 'admin', input: { schoolId: 2 } });
    expect(new Set(pluck(addresses.body, 'addresses', 'school_id'))).toEqual(new Set([1]));
  });

  it('is still 404 for a superuser who names no school and has none', async () => {
    expect((await h.call('GET users/me/school/groups/all', { as: 'superuser' })).status).toBe(404);
  });
});

describe('a superuser naming a school that does not exist', () => {
  const addresses = (): unknown => oneValue(h.db, 'SELECT COUNT(*) FROM addresses');
  it('is answered 404 by the address writes, and nothing is written', async () => {
    const before = addresses();
    const address = { line1: '1 High Street', city: 'Leeds', postcode: 'LS1 1AA', country: 'GB' };
    const created = await h.call('POST addresses', { as: 'superuser', input: { schoolId: 999, address } });
    expect(created.status).toBe(404);
    expect(JSON.stringify(created.body)).toContain('School 999 not found');
    const attached = await h.call('PUT schools/{id}/addresses/{addressId}', {
      as: 'superuser',
      params: { id: 999, addressId: 1 },
    });
    expect(attached.status).toBe(404);
    expect(JSON.stringify(attached.body)).toContain('School 999 not found');
    expect(addresses()).toEqual(before);
  });
});
