// Takes the README's screenshots of the resources site (docs/site-home.png, docs/site-resource.png,
// docs/site-memberships.png, docs/site-search.png, and on a phone docs/site-phone.png and docs/site-phone-menu.png) from the built site as `npm start` serves it, in
// Debian's Chromium. Run after `npm run build`.
import { chromium } from 'playwright-core';
import { fileURLToPath } from 'node:url';
import { CHROMIUM, startSite } from '../bench/site.mjs';

const docs = fileURLToPath(new URL('../docs/', import.meta.url));
const site = await startSite();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });

/** Waits until every image on screen has arrived, so none is caught half-drawn. */
async function settled(page) {
  await page.waitForLoadState('networkidle');
  // Lazy images below the screen are not asked for yet: only those on it must be complete.
  await page.waitForFunction(() =>
    [...document.images].filter((img) => img.getBoundingClientRect().top < innerHeight).every((img) => img.complete),
  );
}

try {
  const page = await browser.newPage({ viewport: { width: 1100, height: 640 }, locale: 'en-GB' });
  await page.setViewportSize({ width: 1100, height: 900 });
  await page.goto(site.url);
  await page.locator('#home-new ~ .tiles .tile, .home-shelf .tile').first().waitFor();
  await settled(page);
  await page.screenshot({ path: `${docs}site-home.png` });
  await page.setViewportSize({ width: 1100, height: 760 });
  await page.locator('#search-input').fill('poetry');
  await page.locator('#search-input').press('Enter');
  await page.locator('main .tile').first().waitFor();
  await page.locator('.search-filters select').first().selectOption('age-7-9');
  await page.waitForURL(/age_band=age-7-9/);
  await page.locator('main .search-count', { hasText: 'resources for' }).waitFor();
  await settled(page);
  await page.screenshot({ path: `${docs}site-search.png` });

  await page.setViewportSize({ width: 1100, height: 900 });
  await page.goto(`${site.url}memberships`);
  await page.locator('.plan').first().waitFor();
  await page.screenshot({ path: `${docs}site-memberships.png` });

  // A member (a teacher of a school with the literacy resources) sees the files with their buttons.
  const answer = await page.request.post(`${site.url}api/auth`, {
    data: { username: 'teacher2a', password: 'sandbox' },
  });
  const { token } = await answer.json();
  await page.context().addCookies([{ name: 'sessionToken', value: token, url: site.url }]);
  await page.goto(`${site.url}resource/the-highwayman-poetry-unit`);
  await page.getByRole('button', { name: 'Download Planning pack' }).waitFor();
  await settled(page);
  await page.screenshot({ path: `${docs}site-resource.png` });

  // A phone: the one compact bar, and its menu opened.
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: 'en-GB', deviceScaleFactor: 1 });
  await phone.goto(site.url);
  await phone.locator('.home-shelf .tile').first().waitFor();
  await settled(phone);
  await phone.screenshot({ path: `${docs}site-phone.png` });
  await phone.getByRole('button', { name: 'Menu', exact: true }).click();
  await phone.screenshot({ path: `${docs}site-phone-menu.png` });
} finally {
  await browser.close();
  await site.stop();
}
