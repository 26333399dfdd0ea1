import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { SEARCH_DEBOUNCE_MS } from '../../core/domain/constants.js';
import { useSite } from './helpers/site.js';

const site = useSite();

interface Watched {
  readonly page: Page;
  /** The search texts sent to resources/search, in order. */
  readonly searches: string[];
}

/** The home page, loaded, with the browser's clock under the test's control, recording every search call. */
async function home(width = 1280): Promise<Watched> {
  const page = await site.page({ width });
  const searches: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    // the bar's searches: the home page's shelves ask the same call without a text
    if (url.pathname === '/api/resources/search' && url.searchParams.has('search'))
      searches.push(url.searchParams.get('search') ?? '');
  });
  await page.clock.install();
  await page.goto(site.url);
  await page.locator('main h1').waitFor();
  // The home page loads its shelves of resources (and with them the API's code): typing starts once they are in.
  await page.waitForLoadState('networkidle');
  // Focusing the bar loads the panel's code; with it loaded, a keystroke starts the debounce at once.
  const panelCode = page.waitForResponse(/\/assets\/search-panel-.*\.js$/);
  if (width < 1024) await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.locator('#search-input').focus();
  await panelCode;
  return { page, searches };
}

const panel = (page: Page) => page.locator('.search-panel');

describe('the search bar', () => {
  it('waits 500 ms after the last key before it searches, once, for the whole text', async () => {
    const { page, searches } = await home();
    // The clock stops: the real time between two steps must not count towards the pause, only runFor. (It
    // once did, unseen while the API's code still had to load before the first search could go out; the home
    // page's shelves load it now.)
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await page.locator('#search-input').fill('volc');
    await page.clock.runFor(SEARCH_DEBOUNCE_MS - 1);
    expect(searches).toEqual([]);
    await page.locator('#search-input').fill('volcano');
    await page.clock.runFor(SEARCH_DEBOUNCE_MS - 1);
    expect(searches).toEqual([]);
    await page.clock.runFor(1);
    await expect.poll(() => searches).toEqual(['volcano']);
    await panel(page).getByText('Volcanoes: Non-Chronological Report').waitFor();
    expect(await panel(page).locator('li').count()).toBe(4);
    expect(await panel(page).getByText('More...').count()).toBe(0);
  });

  it('never searches blank or whitespace-only text, and clears the results', async () => {
    const { page, searches } = await home();
    await page.locator('#search-input').fill('volcano');
    await page.clock.runFor(SEARCH_DEBOUNCE_MS);
    await panel(page).locator('li').first().waitFor();
    await page.locator('#search-input').fill('   ');
    await page.clock.runFor(SEARCH_DEBOUNCE_MS * 3);
    expect(searches).toEqual(['volcano']);
    expect(await panel(page).count()).toBe(0);
  });

  it("shows 'No results' for a text that matches nothing", async () => {
    const { page } = await home();
    await page.locator('#search-input').fill('zzqxj');
    await page.clock.runFor(SEARCH_DEBOUNCE_MS);
    await panel(page).getByText('No results', { exact: true }).waitFor();
    expect(await panel(page).locator('li').count()).toBe(0);
  });

  it("shows 'More...' while the total exceeds what is loaded, and loads the next 10", async () => {
    const { page, searches } = await home();
    await page.locator('#search-input').fill('a');
    await page.clock.runFor(SEARCH_DEBOUNCE_MS);
    await expect.poll(() => panel(page).locator('li').count()).toBe(10);
    await panel(page).getByRole('button', { name: 'More...' }).click();
    await expect.poll(() => panel(page).locator('li').count()).toBe(20);
    expect(searches).toEqual(['a', 'a']);
    const titles = await panel(page).locator('li').allInnerTexts();
    expect(new Set(titles).size).toBe(20);
  });

  it('lays the panel out as the spec says: alternating rows, half the viewport high at most, 40em wide', async () => {
    const { page } = await home();
    await page.locator('#search-input').fill('a');
    await page.clock.runFor(SEARCH_DEBOUNCE_MS);
    await expect.poll(() => panel(page).locator('li').count()).toBe(10);
    const style = await panel(page).evaluate((element) => {
      const css = getComputedStyle(element);
      const rows = [...element.querySelectorAll('li')].map((row) => getComputedStyle(row).backgroundColor);
      return {
        maxHeight: css.maxHeight,
        overflowY: css.overflowY,
        width: element.getBoundingClientRect().width,
        fontSize: parseFloat(css.fontSize),
        rows,
      };
    });
    expect(style.maxHeight).toBe('400px');
    expect(style.overflowY).toBe('auto');
    expect(style.width).toBe(40 * style.fontSize);
    expect(style.rows[0]).not.toBe(style.rows[1]);
    expect(style.rows[0]).toBe(style.rows[2]);
    expect(await panel(page).locator('li img, li .thumb').count()).toBe(10);
  });

  it('goes full width below 1024px', async () => {
    const { page } = await home(800);
    await page.locator('#search-input').fill('volcano');
    await page.clock.runFor(SEARCH_DEBOUNCE_MS);
    await panel(page).locator('li').first().waitFor();
    const width = await panel(page).evaluate((element) => element.getBoundingClientRect().width);
    expect(width).toBeGreaterThan(800 - 2 * 16 - 1);
  });

  it('sends a 403 to /logout', async () => {
    const { page } = await home();
    await page.evaluate(() => {
      const push = history.pushState.bind(history);
      (window as unknown as { paths: string[] }).paths = [];
      history.pushState = (data, unused, url) => {
        (window as unknown as { paths: string[] }).paths.push(String(url));
        push(data, unused, url);
      };
    });
    await page.route('**/api/resources/search**', (route) =>
      route.fulfill({ status: 403, json: { error: 'Forbidden', message: 'Not allowed' } }),
    );
    await page.locator('#search-input').fill('volcano');
    await page.clock.runFor(SEARCH_DEBOUNCE_MS);
    await expect.poll(() => page.evaluate(() => (window as unknown as { paths: string[] }).paths)).toContain('/logout');
  });

  it("reads 'Details incorrect' on any other failure", async () => {
    const { page } = await home();
    await page.route('**/api/resources/search**', (route) =>
      route.fulfill({ status: 400, json: { error: 'Bad request', message: 'no' } }),
    );
    await page.locator('#search-input').fill('volcano');
    await page.clock.runFor(SEARCH_DEBOUNCE_MS);
    await panel(page).getByText('Details incorrect').waitFor();
  });

  it('closes the results with Escape and keeps the text, which Enter then searches', async () => {
    const { page } = await home();
    await page.locator('#search-input').fill('volcano');
    await page.clock.runFor(SEARCH_DEBOUNCE_MS);
    await panel(page).locator('li').first().waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => panel(page).count()).toBe(0);
    expect(await page.locator('#search-input').inputValue()).toBe('volcano');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${site.url}Search?search=volcano`);
  });
});

describe('the Search page', () => {
  it('runs the full search on Enter and shows tiles with thumbnail, title and the FREE tag', async () => {
    const { page, searches } = await home();
    await page.locator('#search-input').fill('volcano');
    await page.locator('#search-input').press('Enter');
    await page.waitForURL(`${site.url}Search?search=volcano`);
    await expect.poll(() => page.locator('main .tile').count()).toBe(4);
    expect(searches).toEqual(['volcano']);
    const free = page.locator('main .tile', { hasText: 'Volcanoes: Non-Chronological Report' });
    expect(await free.locator('.free-tag').innerText()).toBe('FREE');
    expect(await free.locator('img.thumb, .thumb').count()).toBe(1);
    const members = page.locator('main .tile', { hasText: 'A Day at the Volcano: Narrative Writing Unit' });
    expect(await members.locator('.free-tag').count()).toBe(0);
  });

  it("pages with 'More...' and says 'No results' for nothing found", async () => {
    const page = await site.page();
    await page.goto(`${site.url}en-au/Search?search=a`);
    await expect.poll(() => page.locator('main .tile').count()).toBe(10);
    await page.locator('main').getByRole('button', { name: 'More...' }).click();
    await expect.poll(() => page.locator('main .tile').count()).toBe(20);
    await page.goto(`${site.url}en-au/Search?search=zzqxj`);
    await page.locator('main').getByText('No results', { exact: true }).waitFor();
  });

  it("shows none of the last search's results while the next loads, nor after it fails", async () => {
    const page = await site.page();
    await page.goto(`${site.url}Search?search=a`);
    await expect.poll(() => page.locator('main .tile').count()).toBe(10);
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/resources/search**', async (route) => {
      await answered;
      await route.fulfill({ status: 500, json: { error: 'Internal server error', message: 'down' } });
    });
    await page.locator('main input[type="search"]').fill('volcano');
    await page.locator('main input[type="search"]').press('Enter');
    await page.waitForURL(`${site.url}Search?search=volcano`);
    // while it loads: the tiles of 'a' would stand under 'volcano'
    await expect.poll(() => page.locator('main .tile').count()).toBe(0);
    answer();
    await page.locator('main').getByText('Details incorrect').waitFor();
    expect(await page.locator('main .tile').count()).toBe(0);
    expect(await page.locator('main').getByRole('button', { name: 'More...' }).count()).toBe(0);
  });
});
