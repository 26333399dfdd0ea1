// Lighthouse on the resources site (against its budgets, resource page included): the median of three runs
// each with the mobile (default) and desktop settings, on the home page and on a resource page, in
// Debian's Chromium, against the site as `npm start` serves it. Needs `npm run build`. Scores are 0-100.
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { launch } from 'chrome-launcher';
import { CHROMIUM, median, SITE_PAGES, startSite } from './site.mjs';

const RUNS = 3;
const TARGETS = {
  mobile: { performance: 90, accessibility: 100, 'best-practices': 95 },
  desktop: { performance: 95 },
};

const site = await startSite();
const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
try {
  for (const [page, path] of Object.entries(SITE_PAGES)) {
    for (const [form, targets] of Object.entries(TARGETS)) {
      const scores = Object.fromEntries(Object.keys(targets).map((category) => [category, []]));
      for (let run = 0; run < RUNS; run += 1) {
        const options = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(targets) };
        const result = await lighthouse(`${site.url}${path}`, options, form === 'desktop' ? desktopConfig : undefined);
        for (const category of Object.keys(targets))
          scores[category].push(Math.round((result?.lhr.categories[category]?.score ?? 0) * 100));
      }
      for (const [category, target] of Object.entries(targets)) {
        const value = median(scores[category]);
        console.log(
          JSON.stringify({
            name: `${page}, ${form} ${category} (median of ${scores[category].join(', ')})`,
            value,
            unit: 'score',
            target: `>= ${target}`,
            ok: value >= target,
          }),
        );
      }
    }
  }
} finally {
  await chrome.kill();
  await site.stop();
}
