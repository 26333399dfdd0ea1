import { describe, expect, it } from 'vitest';
import { LEGACY_REDIRECTS, redirectFor } from '../../../core/domain/redirects.js';

describe('LEGACY_REDIRECTS (O §2)', () => {
  it('has every page for the bare path and the six prefixes, all 301', () => {
    expect(LEGACY_REDIRECTS).toHaveLength(49);
    expect(new Set(LEGACY_REDIRECTS.map((rule) => rule.from)).size).toBe(49);
    expect(LEGACY_REDIRECTS.every((rule) => rule.status === 301)).toBe(true);
  });

  it('never redirects to another legacy address or to a prefix that is not routable', () => {
    for (const rule of LEGACY_REDIRECTS) {
      expect(rule.to).not.toMatch(/\.html$/);
      expect(rule.to).not.toMatch(/^\/en(\/|$)/);
    }
  });
});

describe('redirectFor', () => {
  it.each([
    ['/index.html', '/'],
    ['/en/index.html', '/'],
    ['/en-gb/index.html', '/en-gb'],
    ['/en-us/index.html', '/en-us'],
    ['/teaching-resources.html', '/browse'],
    ['/en-au/teaching-resources.html', '/en-au/browse'],
    ['/en/teaching-resources.html', '/browse'],
    ['/leagues.html', '/leagues'],
    ['/about.html', '/about'],
    ['/en-ie/resources.html', '/en-ie/resources'],
    ['/en-nz/careers.html', '/en-nz/careers'],
    ['/en/privacy.html', '/privacy'],
    ['/about.html?ref=mail&x=1', '/about?ref=mail&x=1'],
    ['/en-gb/index.html?utm=a#top', '/en-gb?utm=a#top'],
    ['/index.html#team', '/#team'],
  ])('%s -> %s', (path, location) => {
    expect(redirectFor(path)).toEqual({ location, status: 301 });
  });

  it.each([
    ['/about'],
    ['/en-in/about.html'],
    ['/en-za/index.html'],
    ['/fr-fr/about.html'],
    ['/blog.html'],
    ['/en-gb/browse/index.html'],
    ['about.html'],
  ])('has no rule for %s', (path) => {
    expect(redirectFor(path)).toBeUndefined();
  });
});
