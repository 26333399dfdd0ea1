import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSite, type Site } from './helpers/site.js';

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site?.close();
});

it('serves the built site and proxies /api/ to the sandbox', async () => {
  const page = await site.page();
  await page.goto(site.url);
  await page.locator('main h1').waitFor();
  expect(await page.title()).toBe('Literacy Shed - Home');
  const answer = await page.evaluate(async () => (await fetch('/api/resources/search?curriculum_id=2&search=a&skip=0&take=10')).status);
  expect(answer).toBe(200);
});
