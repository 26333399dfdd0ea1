import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LEGACY_REDIRECTS } from '../../core/domain/redirects.js';
import { redirectsFile } from '../../web/plugins/legacy-redirects.js';
import { useSite } from './helpers/site.js';

const site = useSite();

/** A plain HTTP request to the preview server, redirects not followed. */
async function head(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(new URL(path, site.url), { redirect: 'manual', headers });
}

describe('legacy .html addresses, from the preview server', () => {
  it('has a rule for each of the 7 pages under each of the 7 prefixes', () => {
    expect(LEGACY_REDIRECTS).toHaveLength(49);
  });

  it.each(LEGACY_REDIRECTS)('$from answers 301 to $to', async ({ from, to }) => {
    const answer = await head(from);
    expect(answer.status).toBe(301);
    expect(answer.headers.get('location')).toBe(to);
  });

  it('keeps the query string', async () => {
    const answer = await head('/en-au/about.html?ref=mail&x=1');
    expect(answer.status).toBe(301);
    expect(answer.headers.get('location')).toBe('/en-au/about?ref=mail&x=1');
  });

  it('leaves clean addresses to the site; an .html name without a rule is no page (the 404 page)', async () => {
    expect((await head('/about')).status).toBe(200);
    const other = await head('/en-za/about.html');
    expect([other.status, other.headers.get('location')]).toEqual([404, null]);
  });
});

describe('the hosting redirects file', () => {
  it('is emitted into the build with every rule of the core table', () => {
    const file = readFileSync(new URL('../../dist/web/_redirects', import.meta.url), 'utf8');
    expect(file).toBe(redirectsFile());
    const lines = file.trim().split('\n');
    expect(lines).toEqual(LEGACY_REDIRECTS.map((rule) => `${rule.from} ${rule.to} 301`));
  });
});

describe('the viewer country', () => {
  it('is read from the CDN header into a cookie for the page', async () => {
    const answer = await head('/', { 'cloudfront-viewer-country': 'nz' });
    expect(answer.headers.get('set-cookie')).toContain('viewer_country=NZ');
  });

  it('is GB without the header, or with a header that is not a country code', async () => {
    expect((await head('/')).headers.get('set-cookie')).toContain('viewer_country=GB');
    expect((await head('/', { 'cloudfront-viewer-country': 'x;y' })).headers.get('set-cookie')).toContain(
      'viewer_country=GB',
    );
  });

  it('is visible to the page, where the client state reads it', async () => {
    const page = await site.page();
    await page.setExtraHTTPHeaders({ 'cloudfront-viewer-country': 'AU' });
    await page.goto(site.url);
    expect(await page.evaluate(() => document.cookie)).toContain('viewer_country=AU');
  });
});
