// The resources site's weight against its budgets (home and resource pages): gzip bytes of the JavaScript and CSS
// a first visit loads (recorded in Chromium until the network is idle), on the home page and on a
// resource page, and of all the JavaScript the build holds. Needs `npm run build`. The budgets
// are stated in KiB (1024 bytes, as Chrome's and Lighthouse's transfer sizes count them): each row's value and
// ok are in KiB; its name also gives the bytes, kB (1000 bytes) and the files.
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM, SITE_PAGES, startSite } from './site.mjs';

const assets = fileURLToPath(new URL('../dist/web/assets/', import.meta.url));
const gzipBytes = (buffer) => gzipSync(buffer, { level: 9 }).length;
const tenths = (value) => Math.round(value * 10) / 10;
const sum = (map) => [...map.values()].reduce((a, b) => a + b, 0);

/** The JavaScript and CSS (gzip bytes per file) a fresh browser loads for the page at `url`. */
async function firstVisit(browser, origin, url) {
  const loaded = { js: new Map(), css: new Map() };
  const page = await browser.newPage();
  page.on('response', async (response) => {
    const at = new URL(response.url());
    const kind = at.pathname.endsWith('.js') ? 'js' : at.pathname.endsWith('.css') ? 'css' : undefined;
    if (kind && at.origin === origin) loaded[kind].set(at.pathname, gzipBytes(await response.body()));
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.close();
  return loaded;
}

const site = await startSite();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
const visits = [];
try {
  for (const [name, path] of Object.entries(SITE_PAGES))
    visits.push([name, await firstVisit(browser, new URL(site.url).origin, `${site.url}${path}`)]);
} finally {
  await browser.close();
  await site.stop();
}

const allJs = readdirSync(assets)
  .filter((f) => f.endsWith('.js'))
  .reduce((total, f) => total + gzipBytes(readFileSync(`${assets}${f}`)), 0);
const rows = [
  ...visits.flatMap(([name, loaded]) => [
    { name: `first-visit JS, ${name} (gzip, ${loaded.js.size} files)`, bytes: sum(loaded.js), target: 90 },
    { name: `first-visit CSS, ${name} (gzip)`, bytes: sum(loaded.css), target: 15 },
  ]),
  { name: 'all JS of the build (gzip)', bytes: allJs, target: 130 },
];
for (const row of rows) {
  const name = `${row.name} [${row.bytes} bytes = ${tenths(row.bytes / 1000)} kB]`;
  console.log(
    JSON.stringify({
      name,
      value: tenths(row.bytes / 1024),
      unit: 'KiB',
      target: `<= ${row.target}`,
      ok: row.bytes <= row.target * 1024,
    }),
  );
}
