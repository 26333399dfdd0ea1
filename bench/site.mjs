// The built site served as `npm start` serves it (scripts/start.mjs: a sandbox on an in-memory database and
// the preview server proxying /api/ to it), for the site's benches. Not a bench itself.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The pages the site's benches measure: the home page, and a resource page (its data, files and access panel). */
export const SITE_PAGES = {
  home: '',
  search: 'Search?search=poetry',
  'resource page': 'resource/the-highwayman-poetry-unit',
};

/**
 * Starts the site and resolves with its URL and a stop function.
 *
 * @example
 * const site = await startSite();
 * await site.stop();
 */
export function startSite() {
  const child = spawn(process.execPath, ['scripts/start.mjs', '--db', ':memory:', '--port', '0', '--site-port', '0'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let seen = '';
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (chunk) => {
      seen += chunk.toString('utf8');
      const match = /Literacy Shed site at (http:\/\/\S+\/)/.exec(seen);
      if (match) {
        resolve({
          url: match[1],
          stop: () =>
            new Promise((done) => {
              if (child.exitCode !== null) return done();
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`the site stopped (${code}) before listening:\n${seen}`)));
  });
}

/** The middle value of a list of numbers. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
