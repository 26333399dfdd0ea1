// Takes the README's screenshots of the resources site (docs/site-home.png, docs/site-search.png) from the
// built site as `npm start` serves it, in Debian's Chromium. Run after `npm run build`.
import { chromium } from 'playwright-core';
import { fileURLToPath } from 'node:url';
import { CHROMIUM, startSite } from '../bench/site.mjs';

const docs = fileURLToPath(new URL('../docs/', import.meta.url));
const site = await startSite();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ viewport: { width: 1100, height: 640 }, locale: 'en-GB' });
  await page.goto(site.url);
  await page.locator('main h1').waitFor();
  await page.screenshot({ path: `${docs}site-home.png` });
  await page.locator('#search-input').fill('volcano');
  await page.locator('#search-input').press('Enter');
  await page.locator('main .tile').first().waitFor();
  await page.screenshot({ path: `${docs}site-search.png` });
} finally {
  await browser.close();
  await site.stop();
}
