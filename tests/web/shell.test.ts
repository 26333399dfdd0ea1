import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { findLocale, ROUTABLE_LOCALES } from '../../core/domain/locales.js';
import { localePrices } from '../../core/domain/prices.js';
import { SITE_CONFIG } from '../../web/site.config.js';
import { useSite } from './helpers/site.js';
import { PROGRESS_BAR_DURATION_MS, PROGRESS_BAR_THROTTLE_MS } from '../../core/domain/constants.js';
import { holdRequests, navigate, open } from './helpers/pages.js';

const site = useSite({ sharedPage: true });

const footer = () => site.sharedPage.locator('footer');

describe.each(ROUTABLE_LOCALES)('the %s locale', (locale) => {
  it('has the footer of its country, with the contact and company details of the site configuration', async () => {
    await open(site.sharedPage, `${site.url}${locale}/about`);
    const us = findLocale(locale)?.country === 'US';
    expect(await footer().locator('.contact-email').innerText()).toBe(SITE_CONFIG.email);
    expect(await footer().locator('.contact-phone').innerText()).toBe(SITE_CONFIG.phones[locale]);
    const company = await footer().locator('address').innerText();
    const details = us ? SITE_CONFIG.usCompany : SITE_CONFIG.ukCompany;
    expect(company).toContain(details.name);
    for (const line of details.address) expect(company).toContain(line);
    if (!us) {
      expect(await footer().locator('.registration').innerText()).toBe(
        `Registered in England and Wales, company number ${SITE_CONFIG.ukCompany.companyNumber}`,
      );
      expect(await footer().locator('.vat').innerText()).toBe(`VAT number ${SITE_CONFIG.ukCompany.vatNumber}`);
    }
    expect(await footer().getAttribute('data-variant')).toBe(us ? 'us' : 'uk');
    expect(await footer().locator('.registration, .vat').count()).toBe(us ? 0 : 2);
    expect(await footer().locator('.us-badge').count()).toBe(us ? 1 : 0);
    expect(await footer().locator('.badges img').count()).toBe(us ? 3 : 2);
    expect(await footer().locator('.partners li').count()).toBe(3);
    const quick = await footer().getByRole('navigation', { name: 'Quick Links' }).locator('a').allInnerTexts();
    expect(quick).toEqual(['Home', 'About', 'Help', 'Resources', 'Blog', 'Merch Store', 'Terms', 'Privacy']);
  });

  it('shows its membership prices, formatted for its currency, and pupils per classroom', async () => {
    await open(site.sharedPage, `${site.url}${locale}/memberships`);
    const prices = localePrices(locale);
    if (!prices) throw new Error(`no prices for ${locale}`);
    for (const kind of ['personal', 'teacher', 'premium', 'app'] as const) {
      expect(await site.sharedPage.locator(`.price[data-kind="${kind}"] .amount`).innerText()).toBe(
        prices.formatted[kind],
      );
    }
    expect(await site.sharedPage.locator('.pupils-per-classroom').innerText()).toContain(
      String(prices.pupilsPerClassroom),
    );
    // one call to action each: the platform's sign-up for a teacher's own membership, the help site's contact for a school or the app
    const actions = await site.sharedPage
      .locator('.plan')
      .evaluateAll((plans) => plans.map((plan) => [...plan.querySelectorAll('a')].map((a) => a.href)));
    const { signUp, contact } = SITE_CONFIG.links;
    expect(actions).toEqual([[signUp], [signUp], [contact], [contact]]);
    expect(await site.sharedPage.locator('.plan[data-kind="premium"] h2').innerText()).toBe(
      locale === 'en-us' ? 'Premium, per student' : 'Premium, per pupil',
    );
    expect(await site.sharedPage.locator('.plan[data-kind="teacher"] .plan-features').innerText()).toContain(
      `up to ${prices.pupilsPerClassroom} ${locale === 'en-us' ? 'students' : 'pupils'}`,
    );
  });
});

describe('the locale choice', () => {
  it('switching locale keeps the page and is remembered for unprefixed addresses', async () => {
    const fresh = await site.page();
    await open(fresh, `${site.url}en-au/memberships`);
    await fresh.locator('.language-button').click();
    await fresh.locator('#language-list').getByRole('button', { name: 'New Zealand' }).click();
    await fresh.waitForURL(`${site.url}en-nz/memberships`);
    const cookie = (await fresh.context().cookies()).find((c) => c.name === 'locale');
    expect(cookie?.value).toBe('en-nz');
    expect(((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000).toBeCloseTo(365, 0);
    await open(fresh, `${site.url}memberships`);
    expect(await fresh.locator('.price[data-kind="personal"] .amount').innerText()).toBe(
      localePrices('en-nz')?.formatted.personal,
    );
  });

  it("draws each locale's flag from its svg flag code as an image, not an emoji a browser may lack a font for", async () => {
    await open(site.sharedPage, `${site.url}en-za/about`);
    const drawn = (flag: Locator) =>
      flag.evaluate((element) => ({
        text: element.textContent,
        image: getComputedStyle(element).backgroundImage,
        width: element.getBoundingClientRect().width,
      }));
    const current = await drawn(site.sharedPage.locator('.language-button .flag'));
    expect(current).toMatchObject({ text: '', image: expect.stringContaining('data:image/svg+xml') });
    expect(current.width).toBeGreaterThan(0);
    await site.sharedPage.locator('.language-button').click();
    const images = new Set<string>();
    for (const code of ROUTABLE_LOCALES) {
      const flag = site.sharedPage
        .locator('#language-list')
        .getByRole('button', { name: findLocale(code)?.name })
        .locator('.flag');
      expect(await flag.getAttribute('class')).toBe(`flag flag-${findLocale(code)?.svg}`);
      const { text, image } = await drawn(flag);
      expect(text).toBe('');
      expect(image).toContain('data:image/svg+xml');
      images.add(image);
    }
    expect(images.size).toBe(ROUTABLE_LOCALES.length);
    expect(await site.sharedPage.locator('.language-button .flag').getAttribute('class')).toBe('flag flag-za');
  });

  it('goes route prefix, then cookie, then browser language, then the default', async () => {
    const phone = async (target: Page) => target.locator('footer .contact-phone').innerText();
    const american = await site.page({ locale: 'en-US' });
    await open(american, site.url);
    expect(await phone(american)).toBe(SITE_CONFIG.phones['en-us']);
    await american.context().addCookies([{ name: 'locale', value: 'en-au', url: site.url }]);
    await open(american, site.url);
    expect(await phone(american)).toBe(SITE_CONFIG.phones['en-au']);
    await open(american, `${site.url}en-za/`);
    expect(await phone(american)).toBe(SITE_CONFIG.phones['en-za']);
    const french = await site.page({ locale: 'fr-FR' });
    await open(french, site.url);
    expect(await phone(french)).toBe(SITE_CONFIG.phones['en-gb']);
  });
});

describe('links inside the site', () => {
  it('carry the locale prefix and move within the loaded page; a click with a modifier key is left to the browser', async () => {
    const page = site.sharedPage;
    await open(page, `${site.url}en-au`);
    const quick = footer().getByRole('navigation', { name: 'Quick Links' });
    const about = quick.getByRole('link', { name: 'About' });
    expect(await about.getAttribute('href')).toBe('/en-au/about');
    const opened = page.context().waitForEvent('page');
    await quick.getByRole('link', { name: 'Resources' }).click({ modifiers: ['Control'] });
    const tab = await opened;
    expect(tab.url()).toBe(`${site.url}en-au/browse`);
    await tab.close();
    expect(page.url()).toBe(`${site.url}en-au`);
    await page.evaluate(() => Object.assign(window, { loadedOnce: true }));
    await about.click();
    await expect.poll(() => page.title()).toBe('Literacy Shed - About');
    expect(page.url()).toBe(`${site.url}en-au/about`);
    expect(await page.evaluate(() => 'loadedOnce' in window)).toBe(true);
  });
});

describe('code chunks', () => {
  it('a chunk that fails to load reloads the page once, then shows the error within the 60 s', async () => {
    const fresh = await site.page();
    await fresh.route('**/assets/about-*.js', (route) => route.abort());
    let loads = 0;
    fresh.on('load', () => {
      loads += 1;
    });
    await open(fresh, site.url);
    expect(loads).toBe(1);
    await fresh.locator('.top-nav').getByRole('link', { name: 'About' }).click();
    await expect.poll(() => loads).toBe(2);
    await fresh.locator('main h1').waitFor();
    expect(await fresh.evaluate(() => sessionStorage.getItem('litshed.chunkReloadAt'))).toMatch(/^\d+$/);
    await fresh.locator('.top-nav').getByRole('link', { name: 'About' }).click();
    await fresh.locator('.error-page').waitFor();
    expect(await fresh.locator('.error-status').innerText()).toBe('500');
    expect(loads).toBe(2);
  });

  it('prefetches a page on hover, but not with save-data or on 2g', async () => {
    const chunkRequests = async (connection: object | undefined) => {
      const fresh = await site.page();
      if (connection)
        await fresh.addInitScript(
          (value) => Object.defineProperty(navigator, 'connection', { value, configurable: true }),
          connection,
        );
      const asked: string[] = [];
      fresh.on('request', (request) => {
        if (/\/assets\/memberships-/.test(request.url())) asked.push(request.url());
      });
      await open(fresh, site.url);
      await fresh.locator('.top-nav').getByRole('link', { name: 'Memberships' }).hover();
      await fresh.locator('.top-nav').getByRole('link', { name: 'About' }).hover();
      await fresh.waitForLoadState('networkidle');
      return asked.length;
    };
    expect(await chunkRequests(undefined)).toBe(1);
    expect(await chunkRequests({ saveData: true, effectiveType: '4g' })).toBe(0);
    expect(await chunkRequests({ saveData: false, effectiveType: '2g' })).toBe(0);
    expect(await chunkRequests({ saveData: false, effectiveType: 'slow-2g' })).toBe(0);
  });
});

const FIRST = 'whale-spotted-in-the-river-newspaper-report-unit';
const SECOND = 'the-highwayman-poetry-unit';

/**
 * A page that has loaded the resource page's code (so only its data is awaited next), counts every progress
 * bar that ever appears, and runs on a paused page clock installed after load (a paused clock would stall it).
 */
async function resourcePageOnPausedClock(): Promise<{
  page: Page;
  release: () => void;
  barsSeen: () => Promise<number>;
}> {
  const fresh = await site.page();
  await fresh.addInitScript(() => {
    const seen = { count: 0, bar: null as Element | null };
    new MutationObserver(() => {
      const bar = document.querySelector('[role=progressbar]');
      if (bar && bar !== seen.bar) seen.count += 1;
      seen.bar = bar;
    }).observe(document, { childList: true, subtree: true });
    (window as unknown as { barsSeen: typeof seen }).barsSeen = seen;
  });
  await open(fresh, `${site.url}resource/${FIRST}`);
  await fresh.locator('.resource h1').waitFor();
  const release = await holdRequests(fresh, `**/api/resources/resources_by_url_key/${SECOND}`);
  await fresh.clock.install();
  await fresh.clock.pauseAt(Date.now() + 60_000);
  const barsSeen = () => fresh.evaluate(() => (window as unknown as { barsSeen: { count: number } }).barsSeen.count);
  // the first load may have shown one on real time; count from the navigation on
  await fresh.evaluate(() => {
    (window as unknown as { barsSeen: { count: number } }).barsSeen.count = 0;
  });
  await navigate(fresh, `/resource/${SECOND}`);
  await fresh.locator('main .loading').waitFor();
  return { page: fresh, release, barsSeen };
}

describe('the route progress bar', () => {
  it('shows the progress bar while a page is slow to load', async () => {
    const fresh = await site.page();
    const release = await holdRequests(fresh, '**/assets/memberships-*.js');
    await open(fresh, site.url);
    await fresh.locator('.top-nav').getByRole('link', { name: 'Memberships' }).click();
    await fresh.getByRole('progressbar').waitFor();
    release();
    await fresh.locator('.price').first().waitFor();
    expect(await fresh.getByRole('progressbar').count()).toBe(0);
  });

  it('never shows for a navigation whose data arrives within the 200 ms throttle of the page clock', async () => {
    const { page: fresh, release, barsSeen } = await resourcePageOnPausedClock();
    await fresh.clock.runFor(PROGRESS_BAR_THROTTLE_MS - 1);
    release();
    await fresh.locator('.resource h1', { hasText: 'The Highwayman: Poetry Unit' }).waitFor();
    await fresh.clock.runFor(PROGRESS_BAR_DURATION_MS);
    expect(await barsSeen()).toBe(0);
  });

  it('shows at 200 ms of the page clock, filling over 5 s, and goes when the data arrives', async () => {
    const { page: fresh, release, barsSeen } = await resourcePageOnPausedClock();
    await fresh.clock.runFor(PROGRESS_BAR_THROTTLE_MS - 1);
    expect(await fresh.getByRole('progressbar').count()).toBe(0);
    await fresh.clock.runFor(1);
    const bar = fresh.getByRole('progressbar');
    await bar.waitFor();
    expect(await bar.evaluate((element) => getComputedStyle(element).animationDuration)).toBe(
      `${PROGRESS_BAR_DURATION_MS / 1000}s`,
    );
    release();
    await fresh.locator('.resource h1', { hasText: 'The Highwayman: Poetry Unit' }).waitFor();
    expect(await bar.count()).toBe(0);
    expect(await barsSeen()).toBe(1);
  });
});

describe('on a 375px-wide screen', () => {
  let mobile: Page | undefined;
  it.each([
    '',
    'about',
    'browse',
    'browse/poetry-shed',
    'free-resources',
    'memberships',
    'Search?search=volcano',
    'resource/the-highwayman-poetry-performance-pack',
    'login',
    '404',
  ])('/%s fits the width', async (path) => {
    mobile ??= await site.page({ width: 375, height: 740 });
    await open(mobile, `${site.url}en-us/${path}`);
    await mobile.locator('main h1').waitFor();
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  it.each([320, 360, 375, 414])(
    'at %ipx the brand bar scrolls to every product without cutting one off, and keeps the game button',
    async (width) => {
      const small = await site.page({ width, height: 700 });
      await open(small, site.url);
      expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const list = small.locator('.brand-bar ul');
      const links = small.locator('.brand-bar .brand');
      expect(await links.count()).toBe(6);
      for (let i = 0; i < 6; i += 1) {
        await links.nth(i).scrollIntoViewIfNeeded();
        const [box, view] = [await links.nth(i).boundingBox(), await list.boundingBox()];
        expect(
          box && view && box.x >= view.x - 0.5 && box.x + box.width <= view.x + view.width + 0.5,
          `${await links.nth(i).innerText()} at ${width}px`,
        ).toBe(true);
      }
      const game = await small.locator('.game-button').boundingBox();
      expect(game && game.x >= 0 && game.x + game.width <= width).toBe(true);
    },
  );

  it('hides the flags, opens the menu, then the language and search menus by tap', async () => {
    const mobile = await site.page({ width: 375, height: 740 });
    await open(mobile, site.url);
    expect(await mobile.locator('.language-button .flag').isVisible()).toBe(false);
    expect(await mobile.locator('#language-list').isVisible()).toBe(false);
    // the navigation is behind the Menu button on a phone
    await mobile.getByRole('button', { name: 'Menu', exact: true }).click();
    await mobile
      .locator('.language-button')
      .tap()
      .catch(() => mobile.locator('.language-button').click());
    expect(await mobile.locator('#language-list').isVisible()).toBe(true);
    expect(await mobile.locator('#search-input').isVisible()).toBe(false);
    await mobile.getByRole('button', { name: 'Search', exact: true }).click();
    expect(await mobile.locator('#search-input').isVisible()).toBe(true);
  });
});
