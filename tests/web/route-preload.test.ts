import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { preloadScript } from '../../web/plugins/route-preload.js';
import { useSite } from './helpers/site.js';
import { holdRequests, open } from './helpers/pages.js';

const site = useSite();
const INDEX = readFileSync(new URL('../../dist/web/index.html', import.meta.url), 'utf8');

/** The page-to-chunks map the build wrote into index.html. */
function builtMap(): Record<string, string[]> {
  const found = /m=(\{[^;]*?\}),l=/.exec(INDEX)?.[1];
  if (!found) throw new Error('no preload map in dist/web/index.html');
  return JSON.parse(found) as Record<string, string[]>;
}

describe("a first visit asks for its page's code at once", () => {
  it("writes each page's chunks (without the entry) into index.html, after the charset", () => {
    const map = builtMap();
    expect(Object.keys(map).sort()).toEqual([
      'Search',
      'about',
      'browse',
      'free-resources',
      'login',
      'logout',
      'memberships',
      'resource',
    ]);
    for (const files of Object.values(map)) {
      for (const file of files) expect(existsSync(new URL(`../../dist/web${file}`, import.meta.url)), file).toBe(true);
      expect(files.some((file) => /\/index-/.test(file))).toBe(false);
    }
    expect(map['resource']).toEqual([
      expect.stringMatching(/^\/assets\/resource-[\w-]+\.js$/),
      expect.stringMatching(/^\/assets\/data-[\w-]+\.js$/),
    ]);
    expect(INDEX.indexOf('<meta charset')).toBeLessThan(INDEX.indexOf(preloadScript({}).slice(0, 40)));
  });

  it('preloads the chunks of the page visited, in any locale form, and none on the home page', async () => {
    const map = builtMap();
    const preloads = (page: Awaited<ReturnType<typeof site.page>>) =>
      page
        .locator('link[rel=modulepreload]')
        .evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
    const page = await site.page();
    await open(page, `${site.url}en-au/resource/the-highwayman-poetry-unit`);
    expect(await preloads(page)).toEqual(expect.arrayContaining(map['resource'] ?? []));
    await open(page, `${site.url}memberships`);
    expect(await preloads(page)).toEqual(expect.arrayContaining(map['memberships'] ?? []));
    await open(page, site.url);
    expect(await preloads(page)).toEqual([]);
  });

  it("asks for a resource page's resource once, starting before the page's code has run", async () => {
    const page = await site.page();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/resources/resources_by_url_key/')) asked.push(request.url());
    });
    const release = await holdRequests(page, '**/assets/resource-*.js');
    await page.goto(`${site.url}resource/the-highwayman-poetry-unit`);
    await expect.poll(() => asked.length).toBe(1);
    expect(await page.locator('.resource').count()).toBe(0);
    release();
    await page.locator('.resource-files').waitFor();
    expect(asked).toEqual([`${site.url}api/resources/resources_by_url_key/the-highwayman-poetry-unit`]);
    // moving to another resource and back asks again (an answer is only taken over once)
    await page.locator('.resource-more').scrollIntoViewIfNeeded();
    await page.locator('.resource-related .tile a').first().click();
    await page.locator('.resource h1', { hasNotText: 'The Highwayman: Poetry Unit' }).waitFor();
    await page.goBack();
    await page.locator('.resource h1', { hasText: 'The Highwayman: Poetry Unit' }).waitFor();
    expect(asked).toHaveLength(3);
  });
});
