import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, vi } from 'vitest';
import { startSandboxProcess, type SandboxProcess } from '../../helpers/sandbox-process.js';

/** Debian's chromium (test tools cannot download a browser here); `.ci/run` installs it. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CONFIG = fileURLToPath(new URL('../../../web/vite.config.ts', import.meta.url));

/**
 * Playwright's own `--disable-features` list (playwright-core 1.65), which it passes before the arguments
 * given to `launch`. Chromium keeps only the last `--disable-features` on its command line, so a list of
 * ours must repeat this one or it would switch those features back on; tests/web/site-smoke.test.ts reads
 * the browser's command line and fails, naming them, if an upgrade of Playwright adds one this misses.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * What the test browser turns off besides: every browser context opens a window whose address-bar popups
 * (two web pages, `chrome://omnibox-popup.top-chrome/`) Chromium renders in advance, in a renderer process
 * of their own. A headless browser never shows them; they were about a fifth of the browser's CPU time per
 * page opened in a fresh context (24 pages of the site: 22.7 s of CPU with them, 18 s without).
 */
const TEST_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/** The arguments the site's tests launch Chromium with. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...TEST_DISABLED_FEATURES].join(',')}`,
];

export interface PageOptions {
  readonly width?: number;
  readonly height?: number;
  /** The browser's language (navigator.languages); en-GB unless given. */
  readonly locale?: string;
}

export interface Site {
  /** The preview server's origin, ending in `/`. */
  readonly url: string;
  readonly sandbox: SandboxProcess;
  readonly browser: Browser;
  /** A new page in a fresh browser context (no cookies or storage shared with other pages). */
  page(options?: PageOptions): Promise<Page>;
  close(): Promise<void>;
}

/**
 * The built site (`dist/web`, made by `npm run build`) served by Vite's preview server on an ephemeral
 * port, proxying `/api/` to a freshly started sandbox, and a headless Chromium.
 *
 * @example
 * const site = await startSite();
 * const page = await site.page();
 * await page.goto(`${site.url}about`);
 */
export async function startSite(sandboxArgs: readonly string[] = ['--db', ':memory:']): Promise<Site> {
  // A browser on a busy 2-core machine: expect.poll waits up to 10 s for a page to catch up (its default is 1 s).
  vi.setConfig({ expect: { poll: { timeout: 10_000 } } });
  const sandbox = await startSandboxProcess(sandboxArgs);
  let server: PreviewServer | undefined;
  let browser: Browser | undefined;
  try {
    process.env.EDSHED_SANDBOX_URL = sandbox.url;
    server = await preview({
      configFile: CONFIG,
      logLevel: 'warn',
      preview: { port: 0, strictPort: false, open: false },
    });
    const address = server.httpServer.address();
    if (address === null || typeof address === 'string') throw new Error('the preview server has no port');
    browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
    const started = browser;
    const url = `http://127.0.0.1:${address.port}/`;
    return {
      url,
      sandbox,
      browser: started,
      page: async (options = {}) => {
        const context = await started.newContext({
          viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
          locale: options.locale ?? 'en-GB',
        });
        return context.newPage();
      },
      close: async () => {
        await started.close();
        await closeServer(server);
        await sandbox.stop();
      },
    };
  } catch (error) {
    await browser?.close();
    await closeServer(server);
    await sandbox.stop();
    throw error;
  }
}

export interface SiteInTest extends Site {
  /** The page `useSite({ sharedPage: true })` opened when the site started, for tests that share one. */
  readonly sharedPage: Page;
}

/**
 * The site for one test file: started before its tests (beforeAll), closed after them (afterAll). Its
 * members are read inside tests and hooks, once it has started.
 *
 * @example
 * const site = useSite({ sharedPage: true });
 * it('serves the home page', async () => {
 *   await site.sharedPage.goto(site.url);
 * });
 */
export function useSite(
  options: { readonly sharedPage?: boolean; readonly sandboxArgs?: readonly string[] } = {},
): SiteInTest {
  let started: Site | undefined;
  let shared: Page | undefined;
  beforeAll(async () => {
    started = await startSite(options.sandboxArgs);
    if (options.sharedPage) shared = await started.page();
  });
  afterAll(async () => {
    await started?.close();
  });
  const site = (): Site => {
    if (!started) throw new Error('the site is not started: use it inside a test or hook');
    return started;
  };
  return {
    get url() {
      return site().url;
    },
    get sandbox() {
      return site().sandbox;
    },
    get browser() {
      return site().browser;
    },
    get sharedPage() {
      if (!shared) throw new Error('no shared page: useSite({ sharedPage: true }) opens one');
      return shared;
    },
    page: (pageOptions) => site().page(pageOptions),
    close: () => site().close(),
  };
}

async function closeServer(server: PreviewServer | undefined): Promise<void> {
  if (!server) return;
  await server.close();
}
