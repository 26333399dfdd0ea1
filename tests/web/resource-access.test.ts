/** A resource page as each kind of visitor sees it, and the files' downloads through the site. */
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Database } from '../../sandbox/db/driver.js';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useSite } from './helpers/site.js';
import { open, signInToken } from './helpers/pages.js';
import { rowOf } from '../sandbox/helpers/sql.js';

// A database file, so the test can read the key this sandbox signs addresses with (and sign an expired one).
const DB = join(mkdtempSync(join(tmpdir(), 'edshed-site-files-')), 'sandbox.db');
const site = useSite({ sandboxArgs: ['--db', DB] });

const PAID = 'the-highwayman-poetry-unit';
const FREE = 'whale-spotted-in-the-river-newspaper-report-unit';

async function visitor(username: string | undefined): Promise<Page> {
  const page = await site.page();
  if (username)
    await page
      .context()
      .addCookies([{ name: 'sessionToken', value: await signInToken(site.sandbox.url, username), url: site.url }]);
  return page;
}

async function resourcePage(page: Page, key: string): Promise<void> {
  await open(page, `${site.url}resource/${key}`);
  await page.locator('.get-resource:not([role=status])').waitFor();
}

interface FileJson {
  readonly id: number;
  readonly name: string;
  readonly size: number;
}

async function filesOf(key: string): Promise<FileJson[]> {
  const answer = (await (await fetch(`${site.sandbox.url}resources/resources_by_url_key/${key}`)).json()) as {
    resource: { files: FileJson[] };
  };
  return answer.resource.files;
}

/** A file's bytes as the sandbox serves them at an address it signs for `username`. */
async function sandboxBytes(file: number, username: string): Promise<{ url: string; bytes: Buffer }> {
  const token = await signInToken(site.sandbox.url, username);
  const signed = await fetch(`${site.sandbox.url}resources/files/${file}/presign`, {
    method: 'POST',
    headers: { 'x-token': token, 'content-type': 'application/json' },
    body: '{}',
  });
  const { url } = (await signed.json()) as { url: string };
  return { url, bytes: Buffer.from(await (await fetch(new URL(url, site.sandbox.url))).arrayBuffer()) };
}

describe('who sees what on a resource page (core resourceAccess)', () => {
  it.each([
    [undefined, PAID, 'sign-in'],
    [undefined, FREE, 'sign-in'],
    ['teacher', PAID, 'join'],
    ['teacher', FREE, 'download'],
    ['teacher2a', PAID, 'download'],
    ['teacher2a', FREE, 'download'],
    ['superuser', PAID, 'download'],
  ] as const)('%s on %s: %s', async (username, key, expected) => {
    const page = await visitor(username);
    await resourcePage(page, key);
    const panel = page.locator('.get-resource');
    const files = await filesOf(key);
    expect(await page.locator('.file-meta').allInnerTexts()).toEqual(files.map((f) => expect.stringContaining(f.name)));
    const downloads = page.getByRole('button', { name: /^Download / });
    if (expected === 'sign-in') {
      const link = panel.getByRole('link', { name: 'Sign in to download' });
      expect(await link.getAttribute('href')).toBe(`/login?next=${encodeURIComponent(`/resource/${key}`)}`);
      expect(await panel.innerText()).toContain(
        key === FREE ? 'This resource is free: sign in to download it.' : 'This resource is for members.',
      );
      expect(await downloads.count()).toBe(0);
    } else if (expected === 'join') {
      expect(await panel.getByRole('link', { name: 'Join to get this' }).getAttribute('href')).toBe('/memberships');
      expect(await downloads.count()).toBe(0);
    } else {
      expect(await panel.innerText()).toContain(key === FREE ? 'Free to download' : 'Included in your membership');
      expect(await downloads.count()).toBe(files.length);
      expect(await page.getByRole('button', { name: /^Open / }).count()).toBe(files.length);
    }
  });
});

describe('getting the files', () => {
  it("downloads a member's file through a signed address: the sandbox's bytes, under the file's name", async () => {
    const page = await visitor('teacher2a');
    await resourcePage(page, PAID);
    const [file] = await filesOf(PAID);
    if (!file) throw new Error('no file');
    const started = page.waitForEvent('download');
    await page.getByRole('button', { name: `Download ${'Planning pack'}` }).click();
    const download = await started;
    expect(download.suggestedFilename()).toBe(file.name);
    expect(new URL(download.url()).pathname).toBe(`/api/media/files/${file.id}/${file.name}`);
    const bytes = readFileSync((await download.path()) ?? '');
    expect(bytes.length).toBe(file.size);
    expect(bytes.equals((await sandboxBytes(file.id, 'teacher2a')).bytes)).toBe(true);
    expect(bytes.subarray(0, 8).toString()).toBe('%PDF-1.4');
  });

  it('opens a file inline in a new tab', async () => {
    const page = await visitor('teacher');
    const asked: string[] = [];
    page.context().on('request', (request) => {
      if (request.url().includes('/api/media/files/')) asked.push(request.url());
    });
    await resourcePage(page, FREE);
    const popup = page.context().waitForEvent('page');
    await page.getByRole('button', { name: 'Open Worksheet' }).click();
    await popup;
    await expect.poll(() => asked.length).toBe(1);
    expect(asked[0]).toMatch(
      /\/api\/media\/files\/\d+\/whale-spotted-in-the-river-newspaper-report-unit-worksheet\.pdf\?disposition=inline&expires=\d+&signature=[0-9a-f]{64}$/,
    );
    const answer = await page.request.get(asked[0] ?? '');
    expect(answer.headers()['content-type']).toBe('application/pdf');
    expect(answer.headers()['content-disposition']).toMatch(
      /^inline; filename="whale-spotted-in-the-river-newspaper-report-unit-worksheet\.pdf"/,
    );
  });

  it('says so when the file cannot be had', async () => {
    const page = await visitor('teacher2a');
    await resourcePage(page, PAID);
    await page.route('**/api/resources/files/*/presign', (route) =>
      route.fulfill({ status: 403, json: { error: 'Forbidden', message: 'Resource 79 is for members' } }),
    );
    await page.getByRole('button', { name: 'Download Worksheet' }).click();
    expect(await page.getByRole('alert').innerText()).toBe(
      'The file could not be fetched: Forbidden: Resource 79 is for members',
    );
  });

  it('signing in from the page comes back to it, with the files', async () => {
    const page = await visitor(undefined);
    await resourcePage(page, PAID);
    await page.getByRole('link', { name: 'Sign in to download' }).click();
    await page.waitForURL(`${site.url}login?next=%2Fresource%2F${PAID}`);
    await page.locator('#username').fill('teacher2a');
    await page.locator('#password').fill('sandbox');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${site.url}resource/${PAID}`);
    await page.getByRole('button', { name: 'Download Planning pack' }).waitFor();
  });

  it('refuses a changed or an expired download address through the site, in the platform’s error shape', async () => {
    const [file] = await filesOf(FREE);
    if (!file) throw new Error('no file');
    const { url } = await sandboxBytes(file.id, 'teacher');
    const at = new URL(url, `${site.url}api/`);
    expect((await fetch(at)).status).toBe(200);
    const changed = new URL(at);
    changed.searchParams.set('disposition', 'inline');
    const refused = await fetch(changed);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: 'Forbidden' });
    const db = new Database(DB, { readonly: true });
    const key = rowOf<{ secret: Buffer }>(db, 'SELECT secret FROM signing_keys').secret;
    db.close();
    const expires = Math.floor(Date.now() / 1000) - 60;
    const expired = new URL(at);
    expired.searchParams.set('expires', String(expires));
    expired.searchParams.set(
      'signature',
      createHmac('sha256', key).update(`${file.id}\nattachment\n${expires}`).digest('hex'),
    );
    const gone = await fetch(expired);
    expect(gone.status).toBe(410);
    expect(await gone.json()).toMatchObject({ error: 'Gone', message: expect.stringContaining('expired') });
  });
});
