import { describe, expect, it } from 'vitest';
import { useSite } from './helpers/site.js';
import { open } from './helpers/pages.js';

const site = useSite();

describe('the resource page', () => {
  it("shows the sandbox resource's first image and content blocks: html through the stripper, plain as text", async () => {
    const page = await site.page();
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
    const images: string[] = [];
    await page.route('https://images.sandbox.edshed.test/**', (route) => {
      images.push(route.request().url());
      return route.fulfill({ body: png, contentType: 'image/png' });
    });
    const key = 'whale-spotted-in-the-river-newspaper-report-unit';
    await open(page, `${site.url}en-ie/resource/${key}`);
    expect(await page.title()).toBe('Literacy Shed - Whale Spotted in the River: Newspaper Report Unit');
    expect(await page.locator('.resource img.thumb').getAttribute('src')).toBe(`https://images.sandbox.edshed.test/resources/${key}-1.jpg`);
    expect(images).toEqual([`https://images.sandbox.edshed.test/resources/${key}-1.jpg`]);
    expect(await page.locator('.resource .free-tag').innerText()).toBe('FREE');
    const html = page.locator('.block-html');
    expect(await html.nth(0).innerHTML()).toBe(
      '<h2>Inside this newspaper report unit</h2><p>Newspaper Report Unit built around "Whale Spotted in the River", with teaching slides, '
        + 'activities and differentiated resources.</p><ul><li>Teaching slides</li><li>Activities</li><li>Differentiated resources</li></ul>',
    );
    // the sandbox block holds a script, an onclick and an <img onerror>: only the allowed tags survive
    expect(await html.nth(1).innerHTML()).toBe('<p>Teacher notes: share the <em>opening</em> together first.</p>');
    expect(await page.locator('.resource script, .resource [onclick], .resource [onerror]').count()).toBe(0);
    expect(await page.evaluate(() => document.body.dataset['injected'])).toBeUndefined();
    expect(await page.locator('.block-plain').allInnerTexts()).toEqual(['Key words are marked <b>like this</b> in the worksheets.', expect.stringMatching(/^Resource code LR\d{4}\.$/)]);
  });

  it('shows the description as plain text when the resource has no blocks', async () => {
    const page = await site.page();
    // the seeded resources all have blocks: drop them from the sandbox's real answer
    await page.route('**/api/resources/resources_by_url_key/**', async (route) => {
      const answer = (await (await route.fetch()).json()) as { resource: Record<string, unknown> };
      return route.fulfill({ json: { resource: { ...answer.resource, content: [] } } });
    });
    await open(page, `${site.url}resource/the-highwayman-poetry-performance-pack`);
    expect(await page.locator('.block-plain').innerText()).toContain('Poetry Performance Pack built around "The Highwayman"');
    expect(await page.locator('.block-html').count()).toBe(0);
  });

  it('is the 404 page for an unknown key', async () => {
    const page = await site.page();
    await open(page, `${site.url}resource/no-such-resource`);
    expect(await page.locator('.error-status').innerText()).toBe('404');
    await page.getByRole('link', { name: 'Back to the home page' }).waitFor();
  });
});
