/**
 * The package as a user gets it: `npm pack` of the built checkout, a global install of that tarball into an
 * empty prefix (with --prefer-offline: npm ci caches the tarballs it fetches, but not the registry's package
 * documents an install of a tarball resolves its dependencies with, so a fresh machine asks the registry for
 * those, as a user's install does; a machine that has them installs from the cache alone), then the
 * installed `edshed` run from outside the checkout, with an environment of its own and no package of the
 * checkout reachable. It proves that the runtime `dependencies` are all the built package loads (the CLI
 * bundles the rest, scripts/build-cli.mjs) and that the reference page's script ships in dist/.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedEnv } from '../helpers/isolated-env.js';
import { startSandboxProcess } from '../helpers/sandbox-process.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  dependencies: Record<string, string>;
};
/** Packages the build bundles, which an install must not fetch. */
const BUNDLED = ['chalk', 'commander', 'csv-stringify', 'env-paths', 'ink', 'react', 'redoc'];

const dir = mkdtempSync(join(tmpdir(), 'edshed-pack-'));
const prefix = join(dir, 'prefix');
const installed = join(prefix, 'lib', 'node_modules', pkg.name);
const launcher = join(installed, 'bin', 'edshed.cjs');
/** The installed command's only environment: its own directories, and a PATH of the prefix and this Node. */
const env = {
  ...isolatedEnv(join(dir, 'user')),
  PATH: [join(prefix, 'bin'), dirname(process.execPath)].join(delimiter),
};

function edshed(args: readonly string[]): ReturnType<typeof execa> {
  return execa(process.execPath, [launcher, ...args], { cwd: dir, env, extendEnv: false, reject: false });
}

beforeAll(async () => {
  // --ignore-scripts: npm pack would run prepare, and a rebuild would clear dist/ under the other tests.
  const packed = await execa('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', dir], { cwd: ROOT });
  const tarball = join(dir, packed.stdout.trim().split('\n').at(-1) ?? '');
  await execa(
    'npm',
    ['install', '--global', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', tarball],
    { cwd: dir },
  );
}, 1_800_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a global install of the npm pack tarball', () => {
  it('installs the runtime dependencies and none of what the build bundles', () => {
    const top = readdirSync(join(installed, 'node_modules'));
    for (const name of Object.keys(pkg.dependencies)) expect(top).toContain(name);
    for (const name of BUNDLED) expect(top).not.toContain(name);
  });

  it('runs edshed --version and edshed endpoints --json', async () => {
    const version = await edshed(['--version']);
    expect(version.exitCode).toBe(0);
    expect(String(version.stdout).trim()).toBe(pkg.version);
    const endpoints = await edshed(['endpoints', '--json']);
    expect(endpoints.exitCode).toBe(0);
    const list = JSON.parse(String(endpoints.stdout)) as unknown[];
    expect(list.length).toBeGreaterThan(700);
  });

  it('starts the sandbox, which answers a sign-in and serves the API reference page with its script', async () => {
    const sandbox = await startSandboxProcess(['--db', ':memory:'], {
      dir: join(dir, 'sandbox'),
      bin: launcher,
      env: { PATH: env.PATH },
    });
    try {
      const login = await fetch(`${sandbox.url}auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'superuser', password: 'sandbox' }),
      });
      expect(login.status).toBe(200);
      expect(((await login.json()) as { token?: unknown }).token).toEqual(expect.any(String));
      const page = await fetch(`${sandbox.url}docs`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<script src="docs/redoc.standalone.js">');
      const script = await fetch(`${sandbox.url}docs/redoc.standalone.js`);
      expect(script.status).toBe(200);
      expect((await script.text()).length).toBeGreaterThan(1_000_000);
    } finally {
      expect((await sandbox.stop()).exitCode).toBe(0);
    }
  });
});
