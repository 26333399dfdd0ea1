import { describe, expect, it } from 'vitest';
import { errorStatus } from '../../web/src/components/error-boundary.js';
import { pageTitle } from '../../web/src/components/page-title.js';
import { firstImage } from '../../web/src/components/resource-tiles.js';
import { searchable, showsMore, showsNoResults, type SearchResults } from '../../web/src/components/search-panel.js';
import { siblingLinksFor } from '../../web/src/components/user-menu.js';
import { localPath } from '../../web/src/i18n/locale.js';
import { pageOf } from '../../web/src/pages.js';
import { prefetchAllowed } from '../../web/src/prefetch.js';

const results = (over: Partial<SearchResults>): SearchResults => ({
  text: 'owl',
  items: [],
  total: 0,
  status: 'done',
  error: undefined,
  ...over,
});
const item = (id: number) => ({ id, title: `R${id}`, url_key: `r${id}`, image: '', availability: 'free' as const });

describe('the site rules as functions', () => {
  it('titles pages with the product name first', () => {
    expect(pageTitle('About')).toBe('Literacy Shed - About');
  });

  it('takes the first image of a semicolon list', () => {
    expect(firstImage('a.jpg;b.jpg')).toBe('a.jpg');
    expect(firstImage(' a.jpg ')).toBe('a.jpg');
    expect(firstImage('')).toBeUndefined();
    expect(firstImage(null)).toBeUndefined();
  });

  it("searches only non-blank text and shows 'No results' and 'More...' as the spec says", () => {
    expect([searchable(''), searchable(' \t\n'), searchable(' a ')]).toEqual([false, false, true]);
    expect(showsNoResults(results({}))).toBe(true);
    expect(showsNoResults(results({ text: '  ' }))).toBe(false);
    expect(showsNoResults(results({ status: 'loading' }))).toBe(false);
    expect(showsNoResults(results({ error: 'Details incorrect' }))).toBe(false);
    expect(showsNoResults(results({ items: [item(1)], total: 1 }))).toBe(false);
    expect(showsMore(results({ items: [item(1)], total: 11 }))).toBe(true);
    expect(showsMore(results({ items: [item(1)], total: 1 }))).toBe(false);
  });

  it('gives each role its sibling links', () => {
    expect(siblingLinksFor(null)).toEqual([]);
    expect(siblingLinksFor({ superuser: true })).toEqual(['hub']);
    expect(siblingLinksFor({ permissions: ['hub'], school: { teacher: true } })).toEqual([
      'school',
      'spelling',
      'maths',
    ]);
    expect(siblingLinksFor({ school: { teacher: false } })).toEqual([]);
  });

  it('reads a route error status from the error, then its response, else 500', () => {
    expect(errorStatus({ status: 404 })).toBe(404);
    expect(errorStatus({ response: { status: 403 } })).toBe(403);
    expect(errorStatus(new Error('boom'))).toBe(500);
  });

  it('keeps links in the locale form of the page', () => {
    expect(localPath('', '/')).toBe('/');
    expect(localPath('/en-au', '/')).toBe('/en-au');
    expect(localPath('/en-au', '/about')).toBe('/en-au/about');
  });

  it('prefetches the page of a path, and not on 2g or with save-data', () => {
    expect([pageOf('/about'), pageOf('/browse/poetry-shed'), pageOf('/Search'), pageOf('/nowhere')]).toEqual([
      'about',
      'browse',
      'search',
      undefined,
    ]);
    expect(prefetchAllowed({ effectiveType: '4g' })).toBe(true);
    expect(prefetchAllowed({ saveData: true })).toBe(false);
    expect(prefetchAllowed({ effectiveType: '2g' })).toBe(false);
    expect(prefetchAllowed({ effectiveType: 'slow-2g' })).toBe(false);
  });
});
