import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AVATAR_REQUEST_DELAY_MS, SESSION_COOKIE_MAX_AGE_MS } from '../../core/domain/constants.js';
import { useSite } from './helpers/site.js';
import { holdRequests, open, signInToken } from './helpers/pages.js';

const site = useSite();

const signInLink = (page: Page) => page.locator('.top-nav').getByRole('link', { name: 'Sign In' });
const avatarButton = (page: Page) => page.locator('.avatar-button');

async function sessionCookie(page: Page): Promise<{ value: string; expires: number } | undefined> {
  return (await page.context().cookies()).find((cookie) => cookie.name === 'sessionToken');
}

/** A page whose browser already holds a session cookie (as a sibling product on the parent domain would leave it). */
async function withCookie(token: string): Promise<Page> {
  const page = await site.page();
  await page.context().addCookies([{ name: 'sessionToken', value: token, url: site.url }]);
  return page;
}

async function tokenWorks(token: string): Promise<boolean> {
  return (await fetch(`${site.sandbox.url}users/me`, { headers: { 'x-token': token } })).status === 200;
}

describe('sign-in', () => {
  it('signs in against the API, keeps the token in a 90-day cookie and storage, and shows the avatar menu', async () => {
    const page = await site.page();
    await open(page, `${site.url}en-au/login`);
    await page.getByLabel('Username').fill('teacher');
    await page.getByLabel('Password').fill('sandbox');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${site.url}en-au`);
    await avatarButton(page).waitFor();
    expect(await signInLink(page).count()).toBe(0);
    const cookie = await sessionCookie(page);
    expect(cookie).toBeDefined();
    expect(await tokenWorks(cookie?.value ?? '')).toBe(true);
    const lifetime = (cookie?.expires ?? 0) * 1000 - Date.now();
    expect(Math.abs(lifetime - SESSION_COOKIE_MAX_AGE_MS)).toBeLessThan(60_000);
    expect(await page.evaluate(() => localStorage.getItem('litshed.token'))).toBe(cookie?.value);
    // A teacher's menu: spelling and maths, each carrying the session through the hand-off, then Logout.
    await avatarButton(page).click();
    const links = await page
      .locator('#user-menu-list a')
      .evaluateAll((anchors) => anchors.map((a) => [a.textContent, a.getAttribute('href')]));
    expect(links.map(([name]) => name)).toEqual(['Spelling Shed', 'Maths Shed', 'Logout']);
    expect(new URL(links[0]?.[1] ?? '').searchParams.get('access_token')).toBe(cookie?.value);
    expect(links[2]?.[1]).toBe('/en-au/logout');
  });

  it("refuses a wrong password with 'Password incorrect or user not found'", async () => {
    const page = await site.page();
    await open(page, `${site.url}login`);
    await page.getByLabel('Username').fill('teacher');
    await page.getByLabel('Password').fill('wrong');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').getByText('Password incorrect or user not found').waitFor();
    expect(await sessionCookie(page)).toBeUndefined();
  });

  it('does not blame the password when the API fails or does not answer', async () => {
    const page = await site.page();
    await open(page, `${site.url}login`);
    await page.route('**/api/auth', (route) =>
      route.fulfill({ status: 502, json: { error: 'Bad gateway', message: 'upstream down' } }),
    );
    await page.getByLabel('Username').fill('teacher');
    await page.getByLabel('Password').fill('sandbox');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const alert = page.getByRole('alert');
    await alert.getByText('the server did not answer. Try again in a moment.', { exact: false }).waitFor();
    expect(await alert.innerText()).not.toContain('Password incorrect');
    await page.unroute('**/api/auth');
    await page.route('**/api/auth', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => alert.innerText()).toContain('the server did not answer');
    expect(await sessionCookie(page)).toBeUndefined();
  });

  it('gives a superuser the hub link', async () => {
    const page = await withCookie(await signInToken(site.sandbox.url, 'superuser'));
    await open(page, site.url);
    await avatarButton(page).click();
    expect(await page.locator('#user-menu-list a').allInnerTexts()).toEqual(['EdShed Hub', 'Logout']);
  });
});

describe('the access-token hand-off', () => {
  it('exchanges the token, removes it from the address and loads the user', async () => {
    const handed = await signInToken(site.sandbox.url, 'teacher');
    const page = await site.page();
    const exchanges: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/accesstoken') exchanges.push(request.url());
    });
    await page.goto(`${site.url}en-au/about?access_token=${handed}&ref=spelling`);
    await avatarButton(page).waitFor();
    expect(page.url()).toBe(`${site.url}en-au/about?ref=spelling`);
    expect(exchanges).toHaveLength(1);
    const cookie = await sessionCookie(page);
    expect(cookie?.value).not.toBe(handed);
    expect(await tokenWorks(cookie?.value ?? '')).toBe(true);
  });

  it("shows 'Password incorrect or user not found' when the exchange fails", async () => {
    const page = await site.page();
    await page.goto(`${site.url}about?access_token=not-a-token`);
    await page.getByRole('alert').getByText('Password incorrect or user not found').waitFor();
    expect(page.url()).toBe(`${site.url}about`);
    expect(await signInLink(page).count()).toBe(1);
  });
});

describe('the session rules', () => {
  it("shows 'Loading User...' while the user loads", async () => {
    const page = await withCookie(await signInToken(site.sandbox.url, 'teacher'));
    const release = await holdRequests(page, '**/api/users/me');
    await page.goto(site.url);
    await page.getByRole('status').getByText('Loading User...').waitFor();
    release();
    await avatarButton(page).waitFor();
    expect(await page.getByText('Loading User...').count()).toBe(0);
  });

  it('lets the cookie win over the stored token, and reloads the user of the new token', async () => {
    const teacher = await signInToken(site.sandbox.url, 'teacher');
    const superuser = await signInToken(site.sandbox.url, 'superuser');
    const page = await withCookie(superuser);
    await page.addInitScript(
      ([token]) => {
        localStorage.setItem('litshed.token', token ?? '');
        localStorage.setItem(
          'litshed.user',
          JSON.stringify({ id: 3, token, username: 'teacher', school: { teacher: true } }),
        );
      },
      [teacher],
    );
    const sent: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/users/me') sent.push(request.headers()['x-token'] ?? '');
    });
    await open(page, site.url);
    await avatarButton(page).click();
    await page.locator('#user-menu-list').getByText('EdShed Hub').waitFor();
    // Every users/me call carried the cookie's token (a retry after a dropped connection may repeat it).
    expect(sent.length).toBeGreaterThan(0);
    expect(new Set(sent)).toEqual(new Set([superuser]));
  });

  it('on an auth error sends the user to the locale home and clears user and token', async () => {
    const page = await withCookie('expired-token');
    await page.goto(`${site.url}en-nz/memberships`);
    await page.waitForURL(`${site.url}en-nz`);
    await signInLink(page).waitFor();
    expect(await sessionCookie(page)).toBeUndefined();
    expect(
      await page.evaluate(() => [localStorage.getItem('litshed.token'), localStorage.getItem('litshed.user')]),
    ).toEqual([null, null]);
  });

  it('logout clears user and token and ends the session on the server', async () => {
    const token = await signInToken(site.sandbox.url, 'teacher');
    const page = await withCookie(token);
    await open(page, `${site.url}en-gb/about`);
    await avatarButton(page).click();
    await page.locator('#user-menu-list').getByRole('link', { name: 'Logout' }).click();
    await page.waitForURL(`${site.url}en-gb`);
    await signInLink(page).waitFor();
    expect(await sessionCookie(page)).toBeUndefined();
    await expect.poll(() => tokenWorks(token)).toBe(false);
  });
});

describe('the avatar', () => {
  it("asks for the generated image (size 1, client-type header) and shows the sandbox's drawing", async () => {
    const page = await withCookie(await signInToken(site.sandbox.url, 'teacher'));
    const asked: { url: string; clientType: string | undefined }[] = [];
    page.on('request', (request) => {
      if (/\/api\/users\/\d+\/avatar/.test(request.url()))
        asked.push({ url: request.url(), clientType: request.headers()['x-client-type'] });
    });
    await open(page, site.url);
    const image = page.locator('.avatar-button img');
    await image.waitFor();
    await expect.poll(() => asked.length).toBe(1);
    expect(new URL(asked[0]?.url ?? '').searchParams.get('size')).toBe('1');
    expect(asked[0]?.clientType).toBe('litshed-site');
    await expect.poll(() => image.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(await image.getAttribute('data-default')).toBe('false');
    const svg = Buffer.from((await image.getAttribute('src'))?.split(',')[1] ?? '', 'base64').toString();
    expect(svg).toContain('width="56" height="64"');
    // the image really decodes in the browser
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(56);
    expect([await image.getAttribute('width'), await image.getAttribute('height')]).toEqual(['56', '64']);
  });

  it('keeps the default image when the answer is not an image', async () => {
    const page = await withCookie(await signInToken(site.sandbox.url, 'teacher'));
    await page.route(/\/api\/users\/\d+\/avatar/, (route) => route.fulfill({ json: { avatar: [], total: 0 } }));
    const answered = page.waitForResponse(/\/api\/users\/\d+\/avatar/);
    await open(page, site.url);
    const image = page.locator('.avatar-button img');
    await image.waitFor();
    await answered;
    await page.waitForTimeout(200);
    expect(await image.getAttribute('data-default')).toBe('true');
  });

  it('sends the generation request only once 500 ms of the page clock have passed since the avatar appeared', async () => {
    const page = await withCookie(await signInToken(site.sandbox.url, 'teacher'));
    const releaseUser = await holdRequests(page, '**/api/users/me');
    const asked: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/users\/\d+\/avatar/.test(request.url())) asked.push(request.url());
    });
    await page.goto(site.url, { waitUntil: 'load' });
    // the clock takes over after load (a paused clock would stall loading); the avatar mounts once the user arrives.
    // It pauses 1 s ahead: a jump past the client's 30 s answer deadline would abort the held users/me.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    releaseUser();
    await page.locator('.avatar-button img').waitFor();
    await page.clock.runFor(AVATAR_REQUEST_DELAY_MS - 1);
    // a request sent at 499 ms would be on the wire by now; waiting only lets one show, it cannot make one
    await page.waitForTimeout(300);
    expect(asked).toEqual([]);
    await page.clock.runFor(1);
    await expect.poll(() => asked.length).toBe(1);
  });

  it('shows the generated image when the API answers one', async () => {
    const page = await withCookie(await signInToken(site.sandbox.url, 'teacher'));
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
    await page.route(/\/api\/users\/\d+\/avatar/, (route) => route.fulfill({ json: { avatar: png } }));
    await open(page, site.url);
    const image = page.locator('.avatar-button img');
    await expect.poll(() => image.getAttribute('src')).toBe(`data:image/png;base64,${png}`);
    expect(await image.getAttribute('data-default')).toBe('false');
  });
});
