import { beforeEach, describe, expect, it } from 'vitest';
import { at, createHarness, list, num, pluck, str, type Harness } from './harness.js';
import { all } from '../../../sandbox/kit/sql.js';
import { rowOf } from '../helpers/sql.js';

let h: Harness;
beforeEach(() => {
  h = createHarness();
});

describe('school-system link lifecycle', () => {
  it('requested -> linked -> active -> inactive -> active, then unlinked', async () => {
    const p = { school_system: 'wonde', id: 1 };
    expect(
      at((await h.call('GET {school_system}/schools/{id}', { as: 'superuser', params: p })).body, 'school.state'),
    ).toBe('requested');
    const early = await h.call('POST {school_system}/schools/{id}/activation', { as: 'superuser', params: p });
    expect(early.status).toBe(409);
    expect(str(early.body, 'message')).toContain('is requested');
    expect((await h.call('POST {school_system}/schools/{id}/sync', { params: p })).status).toBe(409);
    expect(
      at(
        (
          await h.call('POST schools/{id}/set{school_system}id', {
            as: 'superuser',
            params: p,
            input: { d6_id: 'W-991' },
          })
        ).body,
        'link',
      ),
    ).toMatchObject({ state: 'linked', external_id: 'W-991' });
    expect(
      at(
        (await h.call('POST {school_system}/schools/{id}/activation', { as: 'superuser', params: p })).body,
        'link.state',
      ),
    ).toBe('active');
    expect(
      at(
        (await h.call('DELETE {school_system}/schools/{id}/activation', { as: 'superuser', params: p })).body,
        'link.state',
      ),
    ).toBe('inactive');
    expect(
      (await h.call('DELETE {school_system}/schools/{id}/activation', { as: 'superuser', params: p })).status,
    ).toBe(409);
    expect(
      at(
        (await h.call('POST {school_system}/schools/{id}/activation', { as: 'superuser', params: p })).body,
        'link.state',
      ),
    ).toBe('active');
    const synced = await h.call('POST {school_system}/schools/{id}/sync', { params: p });
    expect(at(synced.body, 'sync')).toMatchObject({ pupils: 30, groups: 4 });
    expect(num(synced.body, 'link.sync_count')).toBe(1);
    expect((await h.call('DELETE schools/{id}/set{school_system}id', { as: 'superuser', params: p })).status).toBe(200);
    expect((await h.call('GET {school_system}/schools/{id}', { as: 'superuser', params: p })).status).toBe(404);
  });

  it('asks for a link once, lists a provider schools, and keeps admins to their own school', async () => {
    const asked = await h.call('POST users/me/school/{school_system}/request', {
      params: { school_system: 'classlink' },
    });
    expect(asked.status).toBe(201);
    // A school system the sandbox does not have is a parent that does not exist: 404, and no link is stored.
    const madeUp = await h.call('POST users/me/school/{school_system}/request', { params: { school_system: 'arbor' } });
    expect(madeUp.status).toBe(404);
    expect(at(madeUp.body, 'message')).toContain('wonde, clever, classlink, oneroster');
    expect(rowOf<{ n: number }>(h.db, "SELECT COUNT(*) AS n FROM rostering_links WHERE provider = 'arbor'").n).toBe(0);
    expect(
      at(
        (
          await h.call('POST users/me/school/{school_system}/request', {
            params: { school_system: 'clever' },
            as: 'admin2',
          })
        ).body,
        'message',
      ),
    ).toContain('is active');
    expect(
      pluck(
        (await h.call('GET {school_system}/schools', { as: 'superuser', params: { school_system: 'clever' } })).body,
        'schools',
        'school_id',
      ),
    ).toEqual([2]);
    expect(
      (await h.call('POST {school_system}/schools/{id}/sync', { params: { school_system: 'clever', id: 2 } })).status,
    ).toBe(404);
  });
});

describe('rostering providers', () => {
  it('links the own school, refuses a second link, previews and syncs with exclusions', async () => {
    const link = await h.call('POST users/me/school/link{roster_b}', {
      params: { roster_b: 'clever' },
      input: { subdomain: 'oakfield' },
    });
    expect(at(link.body, 'link')).toMatchObject({ state: 'linked', data: { subdomain: 'oakfield' } });
    expect(
      (await h.call('POST users/me/school/link{roster_b}', { params: { roster_b: 'clever' }, input: {} })).status,
    ).toBe(409);
    const p = { roster_b: 'clever', id: 1 };
    await h.call('POST {roster_b}/school/{id}/exclusions', { params: p, input: { exclusions: ['ext-1', 'ext-2'] } });
    await h.call('DELETE {roster_b}/school/{id}/exclusions', { params: p, input: { ids: 'ext-1' } });
    expect(list((await h.call('GET {roster_b}/school/{id}/exclusions', { params: p })).body, 'ids')).toEqual(['ext-2']);
    expect(at((await h.call('GET schools/{id}/{roster_b}presync', { params: p })).body, 'presync')).toMatchObject({
      pupils: 30,
      excluded: 1,
    });
    await h.call('POST schools/{id}/{roster_b}sync', { params: p });
    expect(at((await h.call('GET {roster_b}/schools/{id}/sync', { params: p })).body, 'sync')).toMatchObject({
      sync_count: 1,
      last_sync: { excluded: 1 },
    });
  });

  it('signs in through a linked provider with a member username as the code', async () => {
    await h.call('POST users/me/school/link{roster_b}', {
      params: { roster_b: 'clever' },
      input: { subdomain: 'oakfield' },
    });
    const ok = await h.call('POST {roster_b}/auth', {
      as: null,
      params: { roster_b: 'clever' },
      input: { code: 'teacher', subdomain: 'Oakfield' },
    });
    expect(at(ok.body, 'user.username')).toBe('teacher');
    expect(str(ok.body, 'token').length).toBeGreaterThan(20);
    expect(
      (
        await h.call('POST {roster_b}/auth', {
          as: null,
          params: { roster_b: 'clever' },
          input: { code: 'admin2', subdomain: 'oakfield' },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await h.call('POST {roster_b}/auth', {
          as: null,
          params: { roster_b: 'clever' },
          input: { code: 'teacher', subdomain: 'nowhere' },
        })
      ).status,
    ).toBe(404);
  });

  it('links OneRoster by tenant, lists children from the groups, and manages ClassLink tenants', async () => {
    const linked = await h.call('POST one-roster/{x}/school', {
      params: { x: 'generic' },
      input: { tenant_id: 't-1', id: 'org-9' },
    });
    expect(at(linked.body, 'link')).toMatchObject({
      provider: 'one-roster/generic',
      tenant_id: 't-1',
      external_id: 'org-9',
    });
    const children = await h.call('GET one-roster/{x}/school/{id}/children', { params: { x: 'generic', id: 1 } });
    expect(list(children.body, 'children')).toHaveLength(4);
    const patched = await h.call('PATCH schools/{id}/one-roster/{x}', {
      params: { x: 'generic', id: 1 },
      input: { sync_teachers: false },
    });
    expect(at(patched.body, 'link.data.sync_teachers')).toBe(false);
    const tenant = await h.call('POST class-link/tenants', {
      as: 'superuser',
      input: { name: 'Lakes', tenant_id: 'cl-9', orgs: [{ id: 'o1' }] },
    });
    expect(tenant.status).toBe(201);
    expect(
      (await h.call('POST class-link/tenants', { as: 'superuser', input: { name: 'Again', tenant_id: 'cl-9' } }))
        .status,
    ).toBe(409);
    expect(
      list(
        (
          await h.call('GET class-link/tenants/{id}/orgs', {
            as: 'superuser',
            params: { id: num(tenant.body, 'tenant.id') },
          })
        ).body,
        'orgs',
      ),
    ).toEqual([{ id: 'o1' }]);
    expect(list((await h.call('GET class-link/tenants', { as: 'superuser' })).body, 'tenants')).toHaveLength(3);
  });
});

describe('rostering payloads, checked with the table field kinds', () => {
  const pathsOf = (body: unknown) => list(body, 'errors').map((e) => e['path']);

  it('names every bad exclusion key, and lists only the exclusions named', async () => {
    const p = { roster_b: 'clever', id: 1 };
    await h.call('POST users/me/school/link{roster_b}', {
      params: { roster_b: 'clever' },
      input: { subdomain: 'oakfield' },
    });
    const bad = await h.call('POST {roster_b}/school/{id}/exclusions', {
      params: p,
      input: { exclusions: ['ext-1', ''], ids: 5 },
    });
    expect(bad.status).toBe(422);
    expect(pathsOf(bad.body)).toEqual(['exclusions.1', 'ids']);
    expect(list((await h.call('GET {roster_b}/school/{id}/exclusions', { params: p })).body, 'ids')).toEqual([]);
    const none = await h.call('POST {roster_b}/school/{id}/exclusions', { params: p, input: {} });
    expect(str(none.body, 'message')).toBe('exclusions: give the external ids to exclude (exclusions or ids)');
    await h.call('POST {roster_b}/school/{id}/exclusions', { params: p, input: { exclusions: ['ext-1', 'ext-2', 7] } });
    expect(list((await h.call('GET {roster_b}/school/{id}/exclusions', { params: p })).body, 'ids')).toEqual([
      '7',
      'ext-1',
      'ext-2',
    ]);
    const some = await h.call('GET {roster_b}/school/{id}/exclusions', { params: p, input: { ids: 'ext-2,7,ext-9' } });
    expect(at(some.body, 'ids')).toEqual(['7', 'ext-2']);
    expect(num(some.body, 'total')).toBe(2);
  });

  it('names every bad key of a link, a OneRoster link and a ClassLink tenant, and writes nothing', async () => {
    const links = () => all(h.db, 'SELECT * FROM rostering_links ORDER BY school_id, provider');
    const before = links();
    const link = await h.call('POST users/me/school/link{roster_a}', {
      params: { roster_a: 'wonde' },
      input: { subdomain: 3, external_id: -1, id: '' },
    });
    expect(link.status).toBe(422);
    expect(pathsOf(link.body)).toEqual(['subdomain', 'external_id', 'id']);
    const oneRoster = await h.call('POST one-roster/{x}/school', {
      params: { x: 'generic' },
      input: { schoolId: 'abc' },
    });
    expect(pathsOf(oneRoster.body)).toEqual(['tenant_id', 'id']);
    const chosen = await h.call('POST one-roster/{x}/school', {
      as: 'superuser',
      params: { x: 'generic' },
      input: { tenant_id: 't-1', id: 'org-9', schoolId: 'abc' },
    });
    expect(pathsOf(chosen.body)).toEqual(['schoolId']);
    const tenant = await h.call('POST class-link/tenants', {
      as: 'superuser',
      input: { name: ' ', tenant_id: '', orgs: [1, { id: 'o1' }] },
    });
    expect(tenant.status).toBe(422);
    expect(pathsOf(tenant.body)).toEqual(['name', 'tenant_id', 'orgs.0']);
    expect(links()).toEqual(before);
    expect(list((await h.call('GET class-link/tenants', { as: 'superuser' })).body, 'tenants')).toHaveLength(2);
  });

  it('lets a superuser name the school of a OneRoster link', async () => {
    const linked = await h.call('POST one-roster/{x}/school', {
      as: 'superuser',
      params: { x: 'generic' },
      input: { tenant_id: 't-2', id: 'org-2', schoolId: '2' },
    });
    expect(linked.status).toBe(201);
    expect(at(linked.body, 'link')).toMatchObject({ school_id: 2, tenant_id: 't-2', external_id: 'org-2' });
  });
});
