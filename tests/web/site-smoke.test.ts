import { expect, it } from 'vitest';
import { useSite } from './helpers/site.js';

const site = useSite();

it('serves the built site and proxies /api/ to the sandbox', async () => {
  const page = await site.page();
  await page.goto(site.url);
  await page.locator('main h1').waitFor();
  expect(await page.title()).toBe('Literacy Shed - Home');
  const answer = await page.evaluate(
    async () => (await fetch('/api/resources/search?curriculum_id=2&search=a&skip=0&take=10')).status,
  );
  expect(answer).toBe(200);
});

it('runs Chromium with every feature Playwright turns off still off, and the address-bar popups off too', async () => {
  const page = await site.page();
  await page.goto('chrome://version');
  const commandLine = (await page.locator('#command_line').textContent()) ?? '';
  const lists = [...commandLine.matchAll(/--disable-features=(\S+)/g)].map((match) => (match[1] ?? '').split(','));
  // Chromium keeps the last list only: it must hold every name of the ones before it (Playwright's).
  const kept = lists.at(-1) ?? [];
  expect(lists.length).toBeGreaterThan(1);
  expect(lists.flat().filter((name) => !kept.includes(name))).toEqual([]);
  expect(kept).toEqual(expect.arrayContaining(['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']));
  const targets = (await (await site.browser.newBrowserCDPSession()).send('Target.getTargets')).targetInfos.map(
    (target) => target.url,
  );
  expect(targets.filter((url) => url.startsWith('chrome://omnibox-popup'))).toEqual([]);
});
