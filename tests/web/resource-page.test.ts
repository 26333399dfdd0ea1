import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type Site } from './helpers/site.js';
import { open } from './helpers/pages.js';

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site?.close();
});

describe('the resource page', () => {
  it('shows the first image of the list and the content blocks: html through the stripper, plain as text', async () => {
    const page = await site.page();
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
    const images: string[] = [];
    await page.route('https://images.example.test/**', (route) => {
      images.push(route.request().url());
      return route.fulfill({ body: png, contentType: 'image/png' });
    });
    await page.route('**/api/resources/resources_by_url_key/owl-babies', (route) =>
      route.fulfill({
        json: {
          resource: {
            id: 1,
            title: 'Owl Babies: Book Study',
            url_key: 'owl-babies',
            image: 'https://images.example.test/owl-1.jpg;https://images.example.test/owl-2.jpg',
            availability: 'free',
            content: [
              { type: 'html', value: '<p onclick="steal()">Read <b>aloud</b><script>window.hacked = true</script><img src=x onerror="window.hacked = true"></p>' },
              { type: 'plain', value: 'Plain <b>text</b> stays text' },
            ],
          },
        },
      }),
    );
    await open(page, `${site.url}en-ie/resource/owl-babies`);
    expect(await page.title()).toBe('Literacy Shed - Owl Babies: Book Study');
    expect(await page.locator('.resource img.thumb').getAttribute('src')).toBe('https://images.example.test/owl-1.jpg');
    expect(images).toEqual(['https://images.example.test/owl-1.jpg']);
    expect(await page.locator('.resource .free-tag').innerText()).toBe('FREE');
    expect(await page.locator('.block-html').innerHTML()).toBe('<p>Read <b>aloud</b></p>');
    expect(await page.locator('.block-plain').innerText()).toBe('Plain <b>text</b> stays text');
    expect(await page.evaluate(() => (window as unknown as { hacked?: boolean }).hacked)).toBeUndefined();
  });

  it('shows the description as plain text when the resource has no blocks', async () => {
    const page = await site.page();
    await open(page, `${site.url}resource/the-highwayman-poetry-performance-pack`);
    expect(await page.locator('.block-plain').innerText()).toContain('Poetry Performance Pack built around "The Highwayman"');
  });

  it('is the 404 page for an unknown key', async () => {
    const page = await site.page();
    await open(page, `${site.url}resource/no-such-resource`);
    expect(await page.locator('.error-status').innerText()).toBe('404');
    await page.getByRole('link', { name: 'Back to the home page' }).waitFor();
  });
});
