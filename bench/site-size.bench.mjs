// The resources site's weight (issue 10's budgets): gzip bytes of the JavaScript and CSS a first visit of
// the home page loads (recorded in Chromium), and of all the JavaScript the build holds. Needs `npm run build`.
// The "KB" is read the stricter way: 1000 bytes. Each row's value and ok are in kB (1000 bytes); its
// name also gives the bytes and KiB (1024 bytes, as Chrome's and Lighthouse's transfer sizes count it).
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM, startSite } from './site.mjs';

const assets = fileURLToPath(new URL('../dist/web/assets/', import.meta.url));
const gzipBytes = (buffer) => gzipSync(buffer, { level: 9 }).length;
const tenths = (value) => Math.round(value * 10) / 10;

const site = await startSite();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
const loaded = { js: new Map(), css: new Map() };
try {
  const page = await browser.newPage();
  page.on('response', async (response) => {
    const url = new URL(response.url());
    const kind = url.pathname.endsWith('.js') ? 'js' : url.pathname.endsWith('.css') ? 'css' : undefined;
    if (kind && url.origin === new URL(site.url).origin) loaded[kind].set(url.pathname, gzipBytes(await response.body()));
  });
  await page.goto(site.url, { waitUntil: 'networkidle' });
} finally {
  await browser.close();
  await site.stop();
}

const sum = (map) => [...map.values()].reduce((a, b) => a + b, 0);
const allJs = readdirSync(assets).filter((f) => f.endsWith('.js')).reduce((total, f) => total + gzipBytes(readFileSync(`${assets}${f}`)), 0);
const rows = [
  { name: 'first-visit JS (gzip)', bytes: sum(loaded.js), target: 90 },
  { name: 'all JS of the build (gzip)', bytes: allJs, target: 130 },
  { name: 'first-visit CSS (gzip)', bytes: sum(loaded.css), target: 15 },
];
for (const row of rows) {
  const name = `${row.name} [${row.bytes} bytes = ${tenths(row.bytes / 1024)} KiB]`;
  console.log(JSON.stringify({ name, value: tenths(row.bytes / 1000), unit: 'kB', target: `<= ${row.target}`, ok: row.bytes <= row.target * 1000 }));
}
