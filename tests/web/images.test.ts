import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useSite } from './helpers/site.js';
import { open } from './helpers/pages.js';

const site = useSite();

/** Every console error and uncaught error of a page, from now on. */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** What the page says of one image once it has loaded (or failed to). */
interface LoadedImage {
  src: string;
  natural: number;
  width: string | null;
  height: string | null;
  loading: string;
  decoding: string;
  cover: boolean;
}

/** Scrolls every image into view (the lazy ones load then) and waits until each has finished, well or not. */
async function loadEveryImage(page: Page): Promise<LoadedImage[]> {
  const images = page.locator('img');
  for (let i = 0; i < (await images.count()); i += 1) await images.nth(i).scrollIntoViewIfNeeded();
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
  return images.evaluateAll((all) =>
    (all as HTMLImageElement[]).map((img) => ({
      src: img.currentSrc,
      natural: img.naturalWidth,
      width: img.getAttribute('width'),
      height: img.getAttribute('height'),
      loading: img.loading,
      decoding: img.decoding,
      cover: img.closest('.resource-cover') !== null,
    })),
  );
}

const PAGES = [
  '',
  'browse',
  'browse/poetry-shed',
  'free-resources',
  'Search?search=volcano',
  'resource/the-highwayman-poetry-unit',
  'resource/whale-spotted-in-the-river-newspaper-report-unit',
  'about',
  'memberships',
  'login',
  'en-us/free-resources',
];

describe('images', () => {
  it.each(PAGES)(
    '/%s: every image loads, resource images are sized and lazy, and nothing is logged as an error',
    async (path) => {
      const page = await site.page();
      const errors = errorsOf(page);
      await open(page, `${site.url}${path}`);
      await page.locator('main .loading').waitFor({ state: 'detached' });
      // down to the bottom: what loads when scrolled to (a resource page's related resources) loads too
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState('networkidle');
      const images = await loadEveryImage(page);
      expect(images.length).toBeGreaterThan(0);
      for (const image of images) expect(image.natural, image.src).toBeGreaterThan(0);
      const resourceImages = images.filter((image) => image.src.includes('/api/media/resources/'));
      if (/^(?:browse\/|free|Search|resource|en-us\/free)/.test(path)) expect(resourceImages.length).toBeGreaterThan(0);
      if (path.startsWith('resource/')) expect(resourceImages.length).toBe(5); // the cover and four related
      for (const image of resourceImages) {
        expect([image.width, image.height], image.src).toEqual(
          image.cover ? ['480', '300'] : [expect.stringMatching(/^\d+$/), expect.stringMatching(/^\d+$/)],
        );
        expect([image.loading, image.decoding], image.src).toEqual([image.cover ? 'eager' : 'lazy', 'async']);
      }
      expect(errors).toEqual([]);
    },
  );

  it('shows a drawn placeholder, not a broken image, when a resource image fails to load', async () => {
    const page = await site.page();
    await page.route('**/api/media/resources/**', (route) => route.fulfill({ status: 500, body: 'no' }));
    await open(page, `${site.url}browse/poetry-shed`);
    const tiles = page.locator('.tile');
    await tiles.first().locator('.thumb-fallback').waitFor();
    for (let i = 0; i < (await tiles.count()); i += 1) await tiles.nth(i).scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('.tile img').count()).toBe(0);
    expect(await page.locator('.tile .thumb-fallback').count()).toBe(await tiles.count());
    const fallback = await tiles.first().locator('.thumb-fallback').boundingBox();
    const tile = await tiles.first().boundingBox();
    expect(fallback && tile && Math.round((fallback.width / fallback.height) * 10) / 10).toBe(1.6);
    expect(Math.abs((tile?.width ?? 0) - (fallback?.width ?? 0))).toBeLessThanOrEqual(2); // the tile's border
    expect(await tiles.first().locator('.thumb-fallback svg').count()).toBe(1);
  });

  it('keeps the layout still while the cover of a resource page arrives (its size is set beforehand)', async () => {
    const page = await site.page();
    await page.addInitScript(() => {
      const shifts: number[] = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!entry.hadRecentInput) shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
      Object.assign(window, { shifts });
    });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/media/resources/*/cover-1.svg', async (route) => {
      await held;
      await route.continue();
    });
    await open(page, `${site.url}resource/the-highwayman-poetry-unit`);
    const before = await page.locator('.resource-summary').boundingBox();
    const body = await page.locator('.resource-body').boundingBox();
    release();
    await expect
      .poll(() => page.locator('.resource-cover img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(640);
    expect(await page.locator('.resource-summary').boundingBox()).toEqual(before);
    expect(await page.locator('.resource-body').boundingBox()).toEqual(body);
  });
});
