import { describe, expect, it } from 'vitest';
import { BROWSE_CATEGORIES } from '../../core/domain/browse-categories.js';
import { useSite } from './helpers/site.js';
import { navigate, open, PREFIXES } from './helpers/pages.js';

const site = useSite({ sharedPage: true });

/** Each page: its path (after the prefix), its title and a text it must show. */
const PAGES = [
  { path: '', title: 'Literacy Shed - Home', text: 'Literacy resources for teachers' },
  { path: 'about', title: 'Literacy Shed - About', text: 'About Literacy Shed' },
  { path: 'browse', title: 'Literacy Shed - Browse Resources', text: 'Poetry Shed' },
  { path: 'browse/poetry-shed', title: 'Literacy Shed - Poetry Shed', text: 'The Highwayman: Poetry Performance Pack' },
  {
    path: 'browse/poetry-shed/any/sub-path',
    title: 'Literacy Shed - Page not found',
    text: 'This page could not be found',
  },
  { path: 'free-resources', title: 'Literacy Shed - Free Resources', text: 'Volcanoes: Non-Chronological Report' },
  { path: 'memberships', title: 'Literacy Shed - Memberships', text: 'Personal membership' },
  { path: 'Search?search=highwayman', title: 'Literacy Shed - Search', text: 'The Highwayman: Poetry Unit' },
  {
    path: 'resource/the-highwayman-poetry-performance-pack',
    title: 'Literacy Shed - The Highwayman: Poetry Performance Pack',
    text: 'Poetry Performance Pack built around',
  },
  { path: 'resource/no-such-resource', title: 'Literacy Shed - Page not found', text: 'This page could not be found' },
  { path: 'resource', title: 'Literacy Shed - Resource', text: 'Choose a resource to see it here.' },
  { path: 'login', title: 'Literacy Shed - Sign In', text: 'Username' },
  { path: '404', title: 'Literacy Shed - Page not found', text: 'This page could not be found' },
] as const;

async function expectPage(title: string, text: string): Promise<void> {
  await expect.poll(() => site.sharedPage.title()).toBe(title);
  await site.sharedPage.locator('main').getByText(text, { exact: false }).first().waitFor();
  expect(await site.sharedPage.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
}

describe('every page loaded from its address', () => {
  it.each(PAGES)('/$path shows its title and content, marked noindex', async ({ path, title, text }) => {
    await open(site.sharedPage, `${site.url}${path}`);
    await expectPage(title, text);
  });
});

describe.each(PREFIXES)('the routes under "/%s"', (prefix) => {
  it('every page, from a load of the locale home then in-app navigation', async () => {
    await open(site.sharedPage, `${site.url}${prefix}`);
    for (const { path, title, text } of PAGES) {
      await navigate(site.sharedPage, `/${prefix}${path}`);
      await expectPage(title, text);
    }
  });

  it('/logout signs out and lands on the locale home', async () => {
    await site.sharedPage.goto(`${site.url}${prefix}logout`);
    await site.sharedPage.waitForURL(`${site.url}${prefix.replace(/\/$/, '')}`);
    await expect.poll(() => site.sharedPage.title()).toBe('Literacy Shed - Home');
  });
});

describe('unknown addresses', () => {
  it.each([
    'xx-yy/about',
    'fr-fr',
    'en/about',
    'nothing-here',
    'en-au/nothing/here',
    'EN-AU/about',
    'browse/no-such-category',
    'en-nz/resource/no-such-resource',
  ])('/%s is the 404 page with its link home', async (path) => {
    await open(site.sharedPage, `${site.url}${path}`);
    await site.sharedPage.getByText('This page could not be found').waitFor();
    // a missing page leads with what happened; the sentence for an error while rendering is for real errors
    expect(await site.sharedPage.locator('main h1').innerText()).toBe('This page could not be found');
    expect(await site.sharedPage.locator('main').innerText()).not.toContain(
      'An error occurred while rendering the page...',
    );
    expect(await site.sharedPage.locator('.error-status').innerText()).toBe('404');
    await site.sharedPage.getByRole('link', { name: 'Back to the home page' }).click();
    await expect.poll(() => site.sharedPage.title()).toBe('Literacy Shed - Home');
  });
});

describe('the Resources menu', () => {
  it('holds all 15 browse paths and Exemplar Resources, in the locale form of the page', async () => {
    await open(site.sharedPage, `${site.url}en-nz/`);
    const hrefs = await site.sharedPage
      .locator('#resources-menu a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual([...BROWSE_CATEGORIES.map((c) => `/en-nz/browse/${c.path}`), '/en-nz/free-resources']);
    expect(await site.sharedPage.locator('#resources-menu a').last().innerText()).toBe('Exemplar Resources');
  });
});
