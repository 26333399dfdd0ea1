import { mkdtempSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { expect, it } from 'vitest';
import { isolatedEnv } from '../helpers/isolated-env.js';

const START = fileURLToPath(new URL('../../scripts/start.mjs', import.meta.url));

/** Runs scripts/start.mjs on free ports and resolves once it prints the site's and the sandbox's URLs. */
async function startSite(...more: string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'edshed-start-'));
  const env = isolatedEnv(dir);
  const child = execa(process.execPath, [START, ...more, '--db', ':memory:', '--port', '0', '--site-port', '0'], {
    reject: false,
    env,
  });
  let seen = '';
  const urls = await new Promise<{ site: string; sandbox: string }>((resolve, reject) => {
    child.stderr?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const found =
        /Literacy Shed site(?: \(dev server[^)]*\))? at (http:\/\/\S+\/) \(API calls go to the sandbox at (http:\/\/\S+\/)/.exec(
          seen,
        );
      if (found?.[1] && found[2]) resolve({ site: found[1], sandbox: found[2] });
    });
    void child.then((result) => reject(new Error(`npm start stopped early (${result.exitCode}): ${seen}`)));
  });
  return { child, seen, ...urls };
}

/** Whether a server still answers at the URL, asked until it stops answering (a process winding down) or 10 s pass. */
async function stillAnswers(url: string): Promise<boolean> {
  for (let tries = 0; tries < 100; tries += 1) {
    const answered = await fetch(url).then(
      () => true,
      () => false,
    );
    if (!answered) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

it('npm start serves the built site against a sandbox, prints its URL, and stops both on Ctrl-C', async () => {
  const { child, seen, site, sandbox } = await startSite();

  // Run from the checkout: the sign-in line it prints runs there as written.
  expect(seen).toMatch(
    /printf sandbox \| npx --offline edshed auth login --api-url http:\/\/127\.0\.0\.1:\d+\/ -u superuser --password-stdin/,
  );

  const home = await fetch(site);
  expect(home.status).toBe(200);
  expect(await home.text()).toContain('<div id="root">');
  const search = await fetch(new URL('api/resources/search?curriculum_id=2&search=volcano&take=10', site));
  expect(search.status).toBe(200);
  expect(((await search.json()) as { resources: { total: number } }).resources.total).toBe(4);
  const missing = await fetch(new URL('en-au/no-such-page', site));
  expect(missing.status).toBe(404);
  expect(await missing.text()).toContain('<div id="root">');
  const cover = await fetch(new URL('api/media/resources/the-highwayman-poetry-unit/cover-1.svg', site));
  expect([cover.status, cover.headers.get('content-type')]).toEqual([200, 'image/svg+xml; charset=utf-8']);
  const legacy = await fetch(new URL('en-au/about.html', site), { redirect: 'manual' });
  expect([legacy.status, legacy.headers.get('location')]).toEqual([301, '/en-au/about']);

  child.kill('SIGINT');
  const result = await child;
  expect(result.exitCode).toBe(130);
  await expect(fetch(site)).rejects.toThrow();
  await expect(fetch(sandbox)).rejects.toThrow();
});

it('npm start stopped with SIGTERM (as a process manager or a bench stops it) takes its sandbox down too', async () => {
  const { child, site, sandbox } = await startSite();
  expect((await fetch(new URL('__sandbox/status', sandbox))).status).toBe(200);

  child.kill('SIGTERM');
  const result = await child;
  expect(result.exitCode).toBe(143); // 128 + SIGTERM, as shells report it
  await expect(fetch(site)).rejects.toThrow();
  expect(await stillAnswers(sandbox)).toBe(false);
});

it('npm start on a sandbox port already taken says how to pass another port through npm, and exits 1', async () => {
  const taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  const { port } = taken.address() as AddressInfo;
  const dir = mkdtempSync(join(tmpdir(), 'edshed-start-taken-'));
  const env = isolatedEnv(dir);
  try {
    const result = await execa(
      process.execPath,
      [START, '--db', ':memory:', '--port', String(port), '--site-port', '0'],
      { reject: false, env },
    );
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain(`Port ${port} on 127.0.0.1 is in use`);
    expect(result.stderr).toContain('With npm start: npm start -- --port 8790');
  } finally {
    taken.close();
  }
});

it("npm run dev:site serves web/ from its sources (Vite's dev server) against a sandbox, and stops both on Ctrl-C", async () => {
  const { child, seen, site, sandbox } = await startSite('--dev');
  expect(seen).toContain('Literacy Shed site (dev server: edits under web/ show at once) at');

  const home = await (await fetch(site)).text();
  expect(home).toContain('/@vite/client');
  // The entry is the TypeScript source, compiled on request (nothing from dist/web).
  const entry = await fetch(new URL('src/main.tsx', site));
  expect(entry.status).toBe(200);
  expect(entry.headers.get('content-type')).toMatch(/javascript/);
  expect(await entry.text()).not.toMatch(/:\s*React\.|import type/);
  const search = await fetch(new URL('api/resources/search?curriculum_id=2&search=volcano&take=10', site));
  expect(((await search.json()) as { resources: { total: number } }).resources.total).toBe(4);

  child.kill('SIGINT');
  expect((await child).exitCode).toBe(130);
  await expect(fetch(site)).rejects.toThrow();
  expect(await stillAnswers(sandbox)).toBe(false);
});
