import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useSite } from './helpers/site.js';
import { open } from './helpers/pages.js';

const site = useSite();

/** The titles of the Search page's tiles once its count is shown. */
async function searchTitles(page: Page, query: string): Promise<{ titles: string[]; count: string }> {
  await open(page, `${site.url}Search?${query}`);
  const count = page.locator('main .search-count');
  await expect.poll(() => count.innerText()).toMatch(/\d+ resources?/);
  const text = await count.innerText();
  const total = Number(/(\d+) resources?/.exec(text)?.[1]);
  // load every page of the results
  while ((await page.locator('main .tile').count()) < total) {
    const before = await page.locator('main .tile').count();
    await page.locator('main').getByRole('button', { name: 'More...' }).click();
    await expect.poll(() => page.locator('main .tile').count()).toBeGreaterThan(before);
  }
  return { titles: await page.locator('main .tile .tile-title').allInnerTexts(), count: text };
}

describe('the home page', () => {
  it('shows new and free resources with their covers loaded, and popular categories with covers', async () => {
    const page = await site.page();
    await open(page, site.url);
    const newest = page.locator('.home-shelf').first().locator('.tile img');
    await expect.poll(() => newest.count()).toBeGreaterThanOrEqual(4);
    for (let i = 0; i < 4; i += 1) {
      await expect
        .poll(() => newest.nth(i).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
    }
    await page.locator('.home-categories').scrollIntoViewIfNeeded();
    const cards = page.locator('.category-cards li');
    await expect.poll(() => cards.count()).toBe(6);
    expect(await cards.first().locator('a').getAttribute('href')).toMatch(/^\/browse\/[a-z-]+$/);
    expect(await cards.first().locator('.category-count').innerText()).toMatch(/^\d+ resources$/);
    await page.locator('.home-shelf').nth(1).scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('.home-shelf').nth(1).locator('.tile .free-tag').count()).toBe(4);
  });

  it('says so in each shelf when the API fails, rather than showing empty shelves', async () => {
    const page = await site.page();
    await page.route('**/api/resources/search**', (route) =>
      route.fulfill({ status: 500, json: { error: 'Internal server error', message: 'down' } }),
    );
    await open(page, site.url);
    const failed = 'These could not be loaded just now. Reload the page to try again.';
    await page.locator('.home-shelf').first().getByText(failed).waitFor();
    await page.locator('.home-categories').scrollIntoViewIfNeeded();
    await page.locator('.home-categories').getByText(failed).waitFor();
    expect(await page.locator('main .tile').count()).toBe(0);
  });
});

describe('the Search page', () => {
  it('"volcanoes" finds at least what "volcano" finds, and says how many', async () => {
    const page = await site.page();
    const singular = await searchTitles(page, 'search=volcano');
    const plural = await searchTitles(page, 'search=volcanoes');
    expect(singular.titles.length).toBeGreaterThanOrEqual(4);
    expect(plural.titles).toEqual(expect.arrayContaining(singular.titles));
    expect(plural.count).toBe(`${plural.titles.length} resources for “volcanoes”`);
  });

  it('reads the text from ?q= as from ?search=', async () => {
    const page = await site.page();
    const byQ = await searchTitles(page, 'q=poetry');
    const bySearch = await searchTitles(page, 'search=poetry');
    expect(byQ.titles.length).toBeGreaterThan(0);
    expect(byQ.titles).toEqual(bySearch.titles);
    expect(await page.locator('#search-page-input').inputValue()).toBe('poetry');
  });

  it('the free filter narrows the results, lives in the address and survives a reload; filters combine', async () => {
    const page = await site.page();
    const all = await searchTitles(page, 'search=poetry');
    await page.getByLabel('Free resources only').check();
    await page.waitForURL(`${site.url}Search?search=poetry&availability=free`);
    const count = page.locator('main .search-count');
    await expect.poll(async () => Number(/\d+/.exec(await count.innerText())?.[0])).toBeLessThan(all.titles.length);
    const free = await page.locator('main .tile').count();
    expect(free).toBeGreaterThan(0);
    expect(await page.locator('main .tile .free-tag').count()).toBe(free);
    await page.reload();
    await expect.poll(() => count.innerText()).toMatch(/resources? for “poetry”/);
    expect(await page.getByLabel('Free resources only').isChecked()).toBe(true);
    expect(await page.locator('main .tile').count()).toBe(free);
    await page.getByLabel('Age').selectOption('age-11-14');
    await page.waitForURL(`${site.url}Search?search=poetry&availability=free&age_band=age-11-14`);
    await expect
      .poll(
        async () =>
          (await page.locator('main .tile').count()) < free || (await page.locator('main .no-results').count()) === 1,
      )
      .toBe(true);
  });

  it('sorts by title from a labelled select, keeps the order in the address through a reload, and clearing filters keeps it', async () => {
    const page = await site.page();
    const relevance = await searchTitles(page, 'search=poetry&availability=free');
    await page.getByLabel('Sort by').selectOption('title');
    await page.waitForURL(`${site.url}Search?search=poetry&availability=free&sort=title`);
    const byTitle = () => page.locator('main .tile .tile-title').allInnerTexts();
    // A new search shows no tiles until it is answered: then its first page of 10.
    const sorted = [...relevance.titles].sort((a, b) =>
      a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true }),
    );
    await expect.poll(byTitle).toEqual(sorted.slice(0, 10)); // the first page, sorted
    await page.reload();
    await expect.poll(() => page.getByLabel('Sort by').inputValue()).toBe('title');
    await expect.poll(byTitle).toEqual(sorted.slice(0, 10)); // the first page, sorted
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL(`${site.url}Search?search=poetry&sort=title`);
    await page.getByLabel('Sort by').selectOption('relevance');
    await page.waitForURL(`${site.url}Search?search=poetry`);
  });
});

describe('the keyboard', () => {
  it('reaches Sign In and the search box within 15 Tabs of the start of a page, past closed menus', async () => {
    const page = await site.page();
    await open(page, `${site.url}about`);
    const reached: string[] = [];
    for (let i = 0; i < 15; i += 1) {
      await page.keyboard.press('Tab');
      reached.push(
        await page.evaluate(() => (document.activeElement?.id || document.activeElement?.textContent || '').trim()),
      );
    }
    expect(reached).toContain('Sign In');
    expect(reached).toContain('search-input');
    expect(await page.locator('#resources-menu').isHidden()).toBe(true);
    expect(await page.locator('#language-list').getAttribute('hidden')).not.toBeNull();
  });

  it('opens a menu with Enter, closes it with Escape and puts focus back on its button', async () => {
    const page = await site.page();
    await open(page, `${site.url}about`);
    await page.locator('.menu-toggle').focus();
    await page.keyboard.press('Enter');
    expect(await page.locator('.menu-toggle').getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Free Resources');
    await page.keyboard.press('Escape');
    expect(await page.locator('#resources-menu').isHidden()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('menu-toggle'))).toBe(true);
    await page.keyboard.press(' ');
    expect(await page.locator('#resources-menu').isVisible()).toBe(true);
  });
});

describe('on a 390px phone', () => {
  it('has one compact bar: the content starts within 170px, and the Menu button opens the navigation', async () => {
    const page = await site.page({ width: 390, height: 844 });
    for (const path of ['', 'about', 'Search?search=owl']) {
      await open(page, `${site.url}${path}`);
      const top = await page
        .locator('main h1')
        .first()
        .evaluate((h1) => h1.getBoundingClientRect().top);
      expect(top, `/${path}`).toBeLessThanOrEqual(170);
    }
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('link', { name: 'Sign In' }).isVisible()).toBe(false);
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('link', { name: 'Sign In' }).waitFor();
    await page.locator('.top-nav').getByRole('link', { name: 'Memberships' }).click();
    await page.waitForURL(`${site.url}memberships`);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('what the site says', () => {
  it('the 404 page leads with the not-found message', async () => {
    const page = await site.page();
    await open(page, `${site.url}no-such-page`);
    expect(await page.locator('main h1').innerText()).toBe('This page could not be found');
    expect(await page.getByText('This page could not be found').count()).toBe(1);
  });

  it("a real error keeps the spec's sentence as its heading", async () => {
    const page = await site.page();
    await page.route('**/api/resources/resources_by_url_key/**', (route) =>
      route.fulfill({ status: 500, json: { error: 'Server error', message: 'It broke' } }),
    );
    await open(page, `${site.url}resource/the-highwayman-poetry-unit`);
    await page.locator('.error-status').waitFor();
    expect(await page.locator('main h1').innerText()).toBe('An error occurred while rendering the page...');
    expect(await page.locator('.error-status').innerText()).toBe('500');
  });

  it('words the school year as the locale does: no half term in the US', async () => {
    const page = await site.page();
    await open(page, `${site.url}en-us/about`);
    expect(await page.locator('main').innerText()).not.toContain('half term');
    await open(page, `${site.url}en-us/memberships`);
    expect(await page.locator('main').innerText()).not.toContain('half term');
    await open(page, `${site.url}en-gb/about`);
    expect(await page.locator('main').innerText()).toContain('every half term');
  });
});
