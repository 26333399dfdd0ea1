import type { Page } from 'playwright-core';
import { ROUTABLE_LOCALES } from '../../../core/domain/locales.js';

/** Every route form of the site: no prefix, then each routable locale (O §2). */
export const PREFIXES = ['', ...ROUTABLE_LOCALES.map((locale) => `${locale}/`)] as const;

/** Loads a path of the site and waits until the page has its content (the router has rendered a heading). */
export async function open(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await page.locator('main h1').first().waitFor();
}

/**
 * Moves the loaded app to another path the way a link does (history and the router's popstate listener),
 * without loading the page again: fast enough to visit every route in every locale form.
 */
export async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** The sandbox's session token for a seeded account (password `sandbox`). */
export async function signInToken(sandboxUrl: string, username: string): Promise<string> {
  const answer = await fetch(`${sandboxUrl}auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'sandbox' }),
  });
  const body = (await answer.json()) as { token?: string };
  if (!body.token) throw new Error(`sign-in of ${username} failed: ${JSON.stringify(body)}`);
  return body.token;
}

/**
 * Holds every request matching `url` until the returned function is called, then lets them through.
 *
 * @example
 * const release = await holdRequests(page, '**\/api/users/me');
 * await page.goto(url); // ... the page waits for its user ...
 * release();
 */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}
