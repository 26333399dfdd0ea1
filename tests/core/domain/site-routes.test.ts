import { describe, expect, it } from 'vitest';
import { ROUTABLE_LOCALES } from '../../../core/domain/routable-locales.js';
import { isSitePage, matchSitePath } from '../../../core/domain/site-routes.js';

describe('the site route table (O §2)', () => {
  it.each([
    ['/', 'home', {}],
    ['/about', 'about', {}],
    ['/about/', 'about', {}],
    ['/browse', 'browse', { rest: '' }],
    ['/browse/', 'browse', { rest: '' }],
    ['/browse/poetry-shed', 'browse', { rest: 'poetry-shed' }],
    ['/browse/poetry-shed/any/sub-path', 'browse', { rest: 'poetry-shed/any/sub-path' }],
    ['/free-resources', 'freeResources', {}],
    ['/memberships', 'memberships', {}],
    ['/Search', 'search', {}],
    ['/resource', 'resource', {}],
    ['/resource/the-owl%20poem', 'resource', { key: 'the-owl poem' }],
    ['/logout', 'logout', {}],
    ['/login', 'signIn', {}],
    ['/404', 'notFound', {}],
  ])('%s is the %s page', (path, page, params) => {
    expect(matchSitePath(path)).toEqual({ locale: undefined, page, params });
    for (const locale of ROUTABLE_LOCALES)
      expect(matchSitePath(`/${locale}${path === '/' ? '' : path}`)).toEqual({ locale, page, params });
  });

  it.each([
    '/nothing-here',
    '/search',
    '/About',
    '/EN-AU/about',
    '/xx-yy/about',
    '/en/about',
    '/resource/a/b',
    '/en-au/nothing/here',
    '/fr-fr',
  ])('%s is no page', (path) => {
    expect(matchSitePath(path).page).toBe('notFound');
    expect(isSitePage(path)).toBe(false);
  });

  it('keeps the routable locale of a path that is no page, for its not-found page', () => {
    expect(matchSitePath('/en-nz/nothing')).toEqual({ locale: 'en-nz', page: 'notFound', params: {} });
    expect(matchSitePath('/xx-yy/about').locale).toBeUndefined();
  });

  it('answers the home page of each locale with or without its trailing slash', () => {
    expect(matchSitePath('/en-au')).toEqual({ locale: 'en-au', page: 'home', params: {} });
    expect(matchSitePath('/en-au/')).toEqual({ locale: 'en-au', page: 'home', params: {} });
    expect(isSitePage('/en-za/resource/owl')).toBe(true);
    expect(isSitePage('/404')).toBe(false);
  });
});
