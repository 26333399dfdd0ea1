import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useSite } from './helpers/site.js';
import { open, signInToken } from './helpers/pages.js';

const site = useSite({ sharedPage: true });

/** The axe rules broken on the page, with the elements that break them. */
async function violations(target: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page: target }).analyze();
  return found.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('accessibility', () => {
  const PATHS = [
    '',
    'about',
    'browse',
    'browse/poetry-shed',
    'free-resources',
    'memberships',
    'Search?search=volcano',
    'Search?q=poetry&availability=free&age_band=age-11-14',
    'resource/the-highwayman-poetry-performance-pack',
    'resource/whale-spotted-in-the-river-newspaper-report-unit',
    'resource',
    'login',
    '404',
    'browse/no-such-category',
    'en-us/',
    'en-us/about',
    'en-za/memberships',
  ];

  it.each(PATHS)('/%s has no axe violations', async (path) => {
    await open(site.sharedPage, `${site.url}${path}`);
    await site.sharedPage.locator('main .loading').waitFor({ state: 'detached' });
    expect(await violations(site.sharedPage)).toEqual([]);
  });

  it.each(['teacher', 'teacher2a'])(
    'a resource page signed in as %s (join, or the files to download) has no axe violations',
    async (username) => {
      const signedIn = await site.page();
      await signedIn
        .context()
        .addCookies([{ name: 'sessionToken', value: await signInToken(site.sandbox.url, username), url: site.url }]);
      await open(signedIn, `${site.url}resource/the-highwayman-poetry-unit`);
      await signedIn.locator('.get-resource:not([role=status])').waitFor();
      await signedIn.locator('.resource-more').scrollIntoViewIfNeeded();
      await signedIn.locator('.resource-related .tile').first().waitFor();
      expect(await violations(signedIn)).toEqual([]);
    },
  );

  it('the signed-in shell with its menus open has no axe violations', async () => {
    const signedIn = await site.page();
    await signedIn
      .context()
      .addCookies([{ name: 'sessionToken', value: await signInToken(site.sandbox.url, 'teacher'), url: site.url }]);
    await open(signedIn, site.url);
    await signedIn.locator('.avatar-button').click();
    await signedIn.locator('.menu-toggle').click();
    expect(await violations(signedIn)).toEqual([]);
  });
});
