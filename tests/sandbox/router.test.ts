import { describe, expect, it } from 'vitest';
import { buildTable, defineArea, type Endpoint } from '../../core/endpoints/index.js';
import { ROSTER_PROVIDERS } from '../../sandbox/domain/rostering/roster-providers.js';
import { createRouter } from '../../sandbox/server/router.js';
import { samplePath } from './helpers/sample-path.js';
import { tsvEndpoints } from './helpers/tsv-endpoints.js';

function fill(endpoint: Endpoint): { path: string; values: Record<string, string> } {
  const values: Record<string, string> = {};
  const path = samplePath(endpoint, (name, i) => (values[name] = `v${i}x`));
  const providers: Readonly<Record<string, string>> = ROSTER_PROVIDERS;
  return {
    path,
    values: Object.fromEntries(endpoint.params.map((name) => [name, values[name] ?? providers[name] ?? ''])),
  };
}

describe('router over the whole TSV', () => {
  const endpoints = tsvEndpoints();
  const router = createRouter(endpoints);

  it('covers the 777 rows of the canonical list', () => {
    expect(endpoints).toHaveLength(777);
  });

  it('routes every row to itself with its parameters', () => {
    const wrong: string[] = [];
    for (const endpoint of endpoints) {
      const { path, values } = fill(endpoint);
      const match = router.match(endpoint.method, path);
      if (match?.endpoint.route !== endpoint.route || JSON.stringify(match.params) !== JSON.stringify(values)) {
        wrong.push(`${endpoint.route} -> ${match?.endpoint.route ?? 'none'}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('has no row that another row of the same shape answers in its place', () => {
    expect(Object.fromEntries(router.shadowed)).toEqual({});
  });

  it('routes a rostering placeholder to the row whose provider the path names', () => {
    const routeOf = (method: string, path: string): string | undefined => router.match(method, path)?.endpoint.route;
    expect(
      ['wonde', 'clever', 'classlink', 'oneroster'].map((p) => routeOf('POST', `users/me/school/link${p}`)),
    ).toEqual([
      'POST users/me/school/link{roster_a}',
      'POST users/me/school/link{roster_b}',
      'POST users/me/school/link{roster_c}',
      'POST users/me/school/link{roster_d}',
    ]);
    expect(['clever', 'classlink', 'oneroster'].map((p) => routeOf('POST', `${p}/auth`))).toEqual([
      'POST {roster_b}/auth',
      'POST {roster_c}/auth',
      'POST {roster_d}/auth',
    ]);
    expect(router.match('POST', 'schools/4/wondesync')).toMatchObject({
      endpoint: { route: 'POST schools/{id}/{roster_a}sync' },
      params: { id: '4', roster_a: 'wonde' },
    });
    expect(routeOf('POST', 'schools/4/cleversync')).toBe('POST schools/{id}/{roster_b}sync');
    expect(routeOf('DELETE', 'schools/4/setcleverid')).toBe('DELETE schools/{id}/set{roster_b}id');
    expect(router.match('DELETE', 'schools/4/setarborid')).toMatchObject({
      endpoint: { route: 'DELETE schools/{id}/set{school_system}id' },
      params: { school_system: 'arbor' },
    });
    expect(routeOf('GET', 'clever/schools/4/sync')).toBe('GET {roster_b}/schools/{id}/sync');
    expect(routeOf('GET', 'clever/schools/4')).toBe('GET {school_system}/schools/{id}');
  });

  it('matches no row for a name that is no provider there, and says which names are', () => {
    expect(router.match('POST', 'users/me/school/linkfoo')).toBeNull();
    expect(router.explainMiss('POST', 'users/me/school/linkfoo')).toBe(
      'No route POST users/me/school/linkfoo: foo is not a provider this call knows; use wonde, clever, classlink, oneroster',
    );
    expect(router.match('POST', 'wonde/auth')).toBeNull();
    expect(router.explainMiss('POST', 'wonde/auth')).toContain('use clever, classlink, oneroster');
    expect(router.explainMiss('GET', 'schools/4/wondepresync')).toContain('use clever');
    expect(router.explainMiss('GET', 'no/such/path/here/at/all')).toBeNull();
    expect(router.explainMiss('POST', 'users/me/school/linkwonde')).toBeNull();
  });

  it('prefers a literal segment over a parameter', () => {
    expect(router.match('POST', 'auth')?.endpoint.route).toBe('POST auth');
    expect(router.match('POST', 'stripe')).toMatchObject({
      endpoint: { route: 'POST {card_provider}' },
      params: { card_provider: 'stripe' },
    });
  });

  it('reads parameters embedded in a segment', () => {
    expect(router.match('POST', 'schools/12/setwondeid')).toMatchObject({
      endpoint: { route: 'POST schools/{id}/set{school_system}id' },
      params: { id: '12', school_system: 'wonde' },
    });
    expect(router.match('PATCH', 'stripe_invoices/in_1')?.params).toEqual({ card_provider: 'stripe', id: 'in_1' });
  });

  it('backtracks from a literal branch that dead-ends to a parameter branch', () => {
    expect(router.match('GET', 'users/schools')).toMatchObject({
      endpoint: { route: 'GET {school_system}/schools' },
      params: { school_system: 'users' },
    });
  });

  it('decodes parameters and ignores surrounding slashes', () => {
    expect(router.match('GET', '/lists/a%20b/')?.params).toEqual({ id: 'a b' });
  });

  it('answers null for unknown paths, methods, empty segments and encoded slashes', () => {
    expect(router.match('GET', 'no/such/path/here/at/all')).toBeNull();
    expect(router.match('HEAD', 'lists/1')).toBeNull();
    expect(router.match('GET', 'lists//1')).toBeNull();
    expect(router.match('GET', '')).toBeNull();
    expect(router.match('GET', 'lists/a%2Fb')).toBeNull();
  });
});

describe('router specificity', () => {
  it('names a row that a same-shaped row answers in its place', () => {
    const table = buildTable([
      defineArea('t', {
        'a one': { route: 'GET x/{a}', role: 'user', summary: 's' },
        'b one': { route: 'GET x/{b}', role: 'user', summary: 's' },
        'c one': { route: 'GET y/{roster_a}', role: 'user', summary: 's' },
        'd one': { route: 'GET y/{roster_b}', role: 'user', summary: 's' },
      }),
    ]);
    expect(Object.fromEntries(createRouter(table).shadowed)).toEqual({ 'GET x/{b}': 'GET x/{a}' });
    expect(Object.fromEntries(createRouter(table, {}).shadowed)).toEqual({
      'GET x/{b}': 'GET x/{a}',
      'GET y/{roster_b}': 'GET y/{roster_a}',
    });
  });

  it('tries the pattern with more literal characters first', () => {
    const table = buildTable([
      defineArea('t', {
        'a one': { route: 'GET x/{a}sync', role: 'user', summary: 's' },
        'b one': { route: 'GET x/{a}presync', role: 'user', summary: 's' },
      }),
    ]);
    const router = createRouter(table);
    expect(router.match('GET', 'x/wpresync')).toMatchObject({
      endpoint: { route: 'GET x/{a}presync' },
      params: { a: 'w' },
    });
    expect(router.match('GET', 'x/wsync')).toMatchObject({ endpoint: { route: 'GET x/{a}sync' }, params: { a: 'w' } });
  });
});
