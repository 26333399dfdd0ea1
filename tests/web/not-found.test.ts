import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROUTABLE_LOCALES } from '../../core/domain/routable-locales.js';
import { useSite } from './helpers/site.js';
import { open } from './helpers/pages.js';

const site = useSite();
const INDEX = readFileSync(new URL('../../dist/web/index.html', import.meta.url), 'utf8');

async function get(path: string, method = 'GET'): Promise<Response> {
  return fetch(new URL(path, site.url), { method, redirect: 'manual', headers: { accept: 'text/html' } });
}

describe('the site server’s answers (the preview server, as npm start runs it)', () => {
  it.each([
    'nothing-here',
    'about/more',
    'search',
    'Search/x',
    'resource/a/b',
    'en/about',
    'xx-yy',
    'EN-AU/about',
    'en-au/nothing',
    '404',
    'en-nz/404',
    'assets/no-such-file.js',
  ])('/%s is no page: 404, with the site’s page for its not-found view', async (path) => {
    const answer = await get(path);
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await answer.text()).toBe(INDEX);
    expect((await get(path, 'HEAD')).status).toBe(404);
  });

  it('answers 200 for every page of the route table, in every locale form', async () => {
    const pages = [
      '',
      'about',
      'browse',
      'browse/',
      'browse/poetry-shed',
      'browse/any/sub-path',
      'free-resources',
      'memberships',
      'Search?search=owl',
      'resource',
      'resource/any-key',
      'login',
      'logout',
    ];
    for (const prefix of ['', ...ROUTABLE_LOCALES.map((locale) => `${locale}/`)]) {
      for (const page of pages) expect((await get(`${prefix}${page}`)).status, `/${prefix}${page}`).toBe(200);
    }
  });

  it('leaves the build’s files and the API alone', async () => {
    const script = /src="\/(assets\/index-[^"]+\.js)"/.exec(INDEX)?.[1];
    expect((await get(script ?? 'missing')).status).toBe(200);
    expect((await get('_redirects')).status).toBe(200);
    expect((await get('api/resources/types')).status).toBe(200);
    expect((await get('api/no-such-call')).status).toBe(404);
    expect((await (await get('api/no-such-call')).json()) as unknown).toMatchObject({ error: 'Not found' });
  });

  it('shows the not-found page for a path that answered 404', async () => {
    const page = await site.page();
    const logged: string[] = [];
    page.on('console', (message) => logged.push(`${message.type()}: ${message.text()}`));
    const answer = await page.goto(`${site.url}en-au/nothing-here`);
    expect(answer?.status()).toBe(404);
    await page.locator('main h1').waitFor();
    expect(await page.locator('.error-status').innerText()).toBe('404');
    expect(await page.title()).toBe('Literacy Shed - Page not found');
    expect(await page.locator('html').getAttribute('lang')).toBe('en-AU');
    // the browser reports the document's own status, and nothing else goes wrong
    expect(logged).toEqual(['error: Failed to load resource: the server responded with a status of 404 (Not Found)']);
  });

  it('shows the not-found page for a category or resource that does not exist (their paths are pages, their data is missing)', async () => {
    const page = await site.page();
    for (const path of ['browse/no-such-category', 'resource/no-such-resource']) {
      await open(page, `${site.url}${path}`);
      await page.getByText('This page could not be found').waitFor();
      expect(await page.title()).toBe('Literacy Shed - Page not found');
    }
  });
});
