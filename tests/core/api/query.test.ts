import { describe, expect, it } from 'vitest';
import { buildUrl, toSearchParams } from '../../../core/api/index.js';

describe('toSearchParams', () => {
  it('stringifies numbers, booleans, dates, arrays and objects, and leaves out undefined and null', () => {
    const params = toSearchParams({
      n: 10,
      big: 12n,
      yes: true,
      no: false,
      when: new Date(Date.UTC(2026, 0, 2)),
      ids: [1, 2, 3],
      mixed: ['a', null, 4],
      filter: { year: 3 },
      gone: undefined,
      empty: null,
      blank: '',
    });
    expect([...params]).toEqual([
      ['n', '10'],
      ['big', '12'],
      ['yes', 'true'],
      ['no', 'false'],
      ['when', '2026-01-02T00:00:00.000Z'],
      ['ids', '1,2,3'],
      ['mixed', 'a,,4'],
      ['filter', '{"year":3}'],
      ['blank', ''],
    ]);
  });
});

describe('buildUrl', () => {
  it('keeps the base path, encodes values and appends to a query already in the path', () => {
    expect(buildUrl('https://api.test/v1/', 'resources/search', { search: 'a b&c' })).toBe(
      'https://api.test/v1/resources/search?search=a+b%26c',
    );
    expect(buildUrl('https://api.test/v1/', '/schools?deleted=1', { take: 10 })).toBe(
      'https://api.test/v1/schools?deleted=1&take=10',
    );
    expect(buildUrl('https://api.test/', 'schools')).toBe('https://api.test/schools');
  });

  it('gives a plain path the URL the parser would, whatever the base', () => {
    const resolved = (base: string, path: string) => new URL(path.replace(/^\/+/, ''), base).toString();
    for (const base of ['https://API.test:443/v1/', 'http://127.0.0.1:8787/', 'http://user:pw@host.test/a/b/']) {
      for (const path of ['superuser/invoices/12/paid', '/schools', 'a_b/c-d/~e'])
        expect(buildUrl(base, path)).toBe(resolved(base, path));
    }
    // A base the path does not simply extend still takes the full check.
    expect(() => buildUrl('https://api.test/v1', 'schools')).toThrow(/leaves the API base/);
  });
});
