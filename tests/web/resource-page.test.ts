import { describe, expect, it } from 'vitest';
import { useSite } from './helpers/site.js';
import { open } from './helpers/pages.js';

const site = useSite();

describe('the resource page', () => {
  it("shows the resource's first image from the sandbox, its facts, and its content blocks: html through the stripper, plain as text", async () => {
    const page = await site.page();
    const images: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'image') images.push(new URL(request.url()).pathname);
    });
    const key = 'whale-spotted-in-the-river-newspaper-report-unit';
    await open(page, `${site.url}en-ie/resource/${key}`);
    expect(await page.title()).toBe('Literacy Shed - Whale Spotted in the River: Newspaper Report Unit');
    const cover = page.locator('.resource-cover img');
    expect(await cover.getAttribute('src')).toBe(`${site.url}api/media/resources/${key}/cover-1.svg`);
    expect(await cover.evaluate((img: HTMLImageElement) => [img.width, img.height, img.loading, img.decoding])).toEqual(
      [expect.any(Number), expect.any(Number), 'eager', 'async'],
    );
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);
    expect(images).toContain(`/api/media/resources/${key}/cover-1.svg`);
    expect(images).not.toContain(`/api/media/resources/${key}/cover-2.svg`);
    expect(await page.locator('.resource-type').innerText()).toBe('NEWS REPORT');
    expect(await page.locator('.resource-facts li').allInnerTexts()).toEqual(['Free resource', 'Age 5-7', '3 files']);
    const html = page.locator('.block-html');
    expect(await html.nth(0).innerHTML()).toBe(
      '<h2>Inside this newspaper report unit</h2><p>Newspaper Report Unit built around "Whale Spotted in the River", with teaching slides, ' +
        'activities and differentiated resources.</p><ul><li>Teaching slides</li><li>Activities</li><li>Differentiated resources</li></ul>',
    );
    // the sandbox block holds a script, an onclick and an <img onerror>: only the allowed tags survive
    expect(await html.nth(1).innerHTML()).toBe('<p>Teacher notes: share the <em>opening</em> together first.</p>');
    expect(await page.locator('.resource script, .resource [onclick], .resource [onerror]').count()).toBe(0);
    expect(await page.evaluate(() => document.body.dataset['injected'])).toBeUndefined();
    expect(await page.locator('.block-plain').allInnerTexts()).toEqual([
      'Key words are printed in bold in the worksheets.',
      expect.stringMatching(/^Resource code LR\d{4}\.$/),
    ]);
  });

  it('shows a plain block as typed, markup and all (the seed keeps markup to html blocks)', async () => {
    const page = await site.page();
    await page.route('**/api/resources/resources_by_url_key/**', async (route) => {
      const answer = (await (await route.fetch()).json()) as { resource: Record<string, unknown> };
      return route.fulfill({
        json: { resource: { ...answer.resource, content: [{ type: 'plain', value: 'Marked <b>like this</b>.' }] } },
      });
    });
    await open(page, `${site.url}resource/the-highwayman-poetry-performance-pack`);
    expect(await page.locator('.block-plain').innerText()).toBe('Marked <b>like this</b>.');
    expect(await page.locator('.block-plain b').count()).toBe(0);
  });

  it('shows the description as plain text when the resource has no blocks', async () => {
    const page = await site.page();
    // the seeded resources all have blocks: drop them from the sandbox's real answer
    await page.route('**/api/resources/resources_by_url_key/**', async (route) => {
      const answer = (await (await route.fetch()).json()) as { resource: Record<string, unknown> };
      return route.fulfill({ json: { resource: { ...answer.resource, content: [] } } });
    });
    await open(page, `${site.url}resource/the-highwayman-poetry-performance-pack`);
    expect(await page.locator('.block-plain').innerText()).toContain(
      'Poetry Performance Pack built around "The Highwayman"',
    );
    expect(await page.locator('.block-html').count()).toBe(0);
  });

  it('asks for the categories and related resources only when the visitor scrolls near them', async () => {
    const page = await site.page({ width: 375, height: 740 });
    const asked: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/resources\/resources(?:\/\d+\/nodes|\?)/.test(request.url())) asked.push(request.url());
    });
    await open(page, `${site.url}resource/the-highwayman-poetry-unit`);
    await page.locator('.resource-files').waitFor();
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
    await page.locator('.resource-more').scrollIntoViewIfNeeded();
    await page.locator('.resource-related .tile').first().waitFor();
    expect(
      await page
        .locator('.resource-categories a')
        .evaluateAll((links) => links.map((a) => [a.textContent, a.getAttribute('href')])),
    ).toEqual([
      ['Age 11-14', '/browse/age-11-14'],
      ['Poetry Shed', '/browse/poetry-shed'],
    ]);
    const related = await page
      .locator('.resource-related .tile a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(related).toHaveLength(4);
    expect(related).not.toContain('/resource/the-highwayman-poetry-unit');
    for (const href of related) expect(href).toMatch(/^\/resource\/[a-z0-9-]+$/);
    expect(asked).toHaveLength(2);
  });

  it('is the 404 page for an unknown key', async () => {
    const page = await site.page();
    await open(page, `${site.url}resource/no-such-resource`);
    expect(await page.locator('.error-status').innerText()).toBe('404');
    await page.getByRole('link', { name: 'Back to the home page' }).waitFor();
  });
});
