import { describe, expect, it } from 'vitest';
import { buildTable, defineArea, type Endpoint } from '../../core/endpoints/index.js';
import { createRouter } from '../../sandbox/router.js';
import { tsvEndpoints } from './helpers/tsv-endpoints.js';

function fill(endpoint: Endpoint): { path: string; values: Record<string, string> } {
  const values: Record<string, string> = {};
  let i = 0;
  const path = endpoint.path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name: string) => {
    values[name] = `v${i++}x`;
    return values[name];
  });
  return { path, values };
}

describe('router over the whole TSV', () => {
  const endpoints = tsvEndpoints();
  const router = createRouter(endpoints);

  it('covers the 777 rows of the canonical list', () => {
    expect(endpoints).toHaveLength(777);
  });

  it('routes every row to itself with its parameters, except rows shadowed by a same-shaped row', () => {
    const wrong: string[] = [];
    for (const endpoint of endpoints) {
      if (router.shadowed.has(endpoint.route)) continue;
      const { path, values } = fill(endpoint);
      const match = router.match(endpoint.method, path);
      if (match?.endpoint.route !== endpoint.route || JSON.stringify(match.params) !== JSON.stringify(values)) {
        wrong.push(`${endpoint.route} -> ${match?.endpoint.route ?? 'none'}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('names the only rows that share a shape with an earlier row', () => {
    expect(Object.fromEntries(router.shadowed)).toEqual({
      'POST users/me/school/link{roster_a}': 'POST users/me/school/link{roster_b}',
      'POST users/me/school/link{roster_c}': 'POST users/me/school/link{roster_b}',
      'POST users/me/school/link{roster_d}': 'POST users/me/school/link{roster_b}',
      'POST {roster_c}/auth': 'POST {roster_b}/auth',
      'POST {roster_d}/auth': 'POST {roster_b}/auth',
      'POST schools/{id}/{roster_b}sync': 'POST schools/{id}/{roster_a}sync',
      'DELETE schools/{id}/set{roster_b}id': 'DELETE schools/{id}/set{school_system}id',
    });
  });

  it('prefers a literal segment over a parameter', () => {
    expect(router.match('POST', 'auth')?.endpoint.route).toBe('POST auth');
    expect(router.match('POST', 'stripe')).toMatchObject({ endpoint: { route: 'POST {card_provider}' }, params: { card_provider: 'stripe' } });
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
  it('tries the pattern with more literal characters first', () => {
    const table = buildTable([
      defineArea('t', {
        'a one': { route: 'GET x/{a}sync', role: 'user', summary: 's' },
        'b one': { route: 'GET x/{a}presync', role: 'user', summary: 's' },
      }),
    ]);
    const router = createRouter(table);
    expect(router.match('GET', 'x/wpresync')).toMatchObject({ endpoint: { route: 'GET x/{a}presync' }, params: { a: 'w' } });
    expect(router.match('GET', 'x/wsync')).toMatchObject({ endpoint: { route: 'GET x/{a}sync' }, params: { a: 'w' } });
  });
});
