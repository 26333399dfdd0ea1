import { expect, it } from 'vitest';
import { useSite } from './helpers/site.js';

const site = useSite();

it('serves the built site and proxies /api/ to the sandbox', async () => {
  const page = await site.page();
  await page.goto(site.url);
  await page.locator('main h1').waitFor();
  expect(await page.title()).toBe('Literacy Shed - Home');
  const answer = await page.evaluate(async () => (await fetch('/api/resources/search?curriculum_id=2&search=a&skip=0&take=10')).status);
  expect(answer).toBe(200);
});
