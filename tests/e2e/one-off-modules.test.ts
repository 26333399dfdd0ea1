import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, startSignedInSandbox, type SandboxProcess } from '../helpers/sandbox-process.js';

// Speed of a one-off command: what the built CLI loads for one call. A structural check (which
// modules, never how long): the timing itself is bench/one-off.bench.mjs.
const DIST = fileURLToPath(new URL('../../dist/cli/', import.meta.url));

interface Loaded {
  /** The names of the chunks the run loaded, without their hashes. */
  readonly chunks: string[];
  /** Every source file bundled into the chunks the run loaded, as their source maps name them. */
  readonly sources: string[];
  /** Node's own modules the run loaded (`process.moduleLoadList`). */
  readonly builtins: string[];
}

/**
 * zod's classic API (its methods on every schema). The config files, the table's request schemas and
 * core's reply shapes use zod/mini, which shares zod's core and its English messages with it.
 */
const isClassicZod = (source: string) =>
  source.includes('node_modules/zod/') &&
  !/node_modules\/zod\/v4\/(core|mini)\/|node_modules\/zod\/v4\/locales\/en\.js$/.test(source);

/**
 * The endpoint table's code (its entries, schemas and assembly); define.ts, fields.ts (the field language
 * define.ts re-exports), request-shape.ts and route-pattern.ts (which fills a path's {params}, importing
 * nothing) are types and plain helpers.
 */
const isTableCode = (source: string) =>
  source.includes('core/endpoints/') && !/\/(define|fields|request-shape|route-pattern)\.ts$/.test(source);

let sandbox: SandboxProcess;
beforeAll(async () => {
  sandbox = await startSignedInSandbox('superuser');
});
afterAll(async () => {
  await sandbox.stop();
});

async function loadedBy(args: readonly string[]): Promise<Loaded> {
  const name = args.join('-').replace(/\W+/g, '-');
  const log = join(sandbox.dir, `${name}.modules.json`);
  // The CLI is CommonJS (scripts/build-cli.mjs): what it loaded is in require's cache when the process ends.
  const preload = join(sandbox.dir, `${name}.preload.cjs`);
  writeFileSync(
    preload,
    `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(log)}, JSON.stringify({ files: Object.keys(require.cache), builtins: process.moduleLoadList })));\n`,
  );
  const run = await execa(process.execPath, ['--require', preload, BIN, ...args], { reject: false, env: sandbox.env });
  expect(run.exitCode, String(run.stderr)).toBe(0);
  const loaded = JSON.parse(readFileSync(log, 'utf8')) as { files: string[]; builtins: string[] };
  const chunks = loaded.files.filter((file) => file.startsWith(DIST));
  expect(chunks.length).toBeGreaterThan(2);
  // Generated modules (the table's data, the bundler's runtime) have no source map: they are known by name.
  const sources = chunks.flatMap((file) => {
    const map = `${file}.map`;
    return existsSync(map) ? (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources : [];
  });
  const names = chunks.map((file) => file.replace(/^.*\//, '').replace(/-[\w-]{8}\.cjs$/, ''));
  return { chunks: names, sources, builtins: loaded.builtins };
}

describe('a one-off command loads what its call needs', () => {
  it('`edshed api GET users/me`: no endpoint table, no classic zod (zod/mini checks the config files), no Node fetch (its Headers and Response)', async () => {
    const { sources, builtins } = await loadedBy(['api', 'GET', 'users/me']);
    expect(sources.some((s) => s.endsWith('cli/commands/api/call.ts'))).toBe(true);
    expect(sources.filter(isTableCode)).toEqual([]);
    expect(sources.filter(isClassicZod)).toEqual([]);
    expect(sources.some((s) => s.includes('node_modules/zod/v4/mini/'))).toBe(true);
    expect(builtins.filter((m) => m.includes('undici'))).toEqual([]);
    // Commander's child_process, for executable subcommands the CLI has none of, is required only to spawn one.
    expect(builtins.filter((m) => m.includes('child_process'))).toEqual([]);
  });

  it("`edshed invoices list`: its own noun's entries of the table, not the whole table; no classic zod (no input to check), no Node fetch", async () => {
    const { chunks, sources, builtins } = await loadedBy(['invoices', 'list']);
    expect(chunks.filter((name) => name.startsWith('_edshed-table_'))).toEqual(['_edshed-table_noun-invoices']);
    expect(
      sources.filter((s) => s.endsWith('core/endpoints/index.ts') || s.endsWith('core/endpoints/superuser-billing.ts')),
    ).toEqual([]);
    // Only the verb being run is built: the curated `invoices mark` is not loaded for `invoices list`.
    expect(sources.filter((s) => s.includes('cli/commands/invoices/'))).toEqual([]);
    expect(sources.filter(isClassicZod)).toEqual([]);
    expect(sources.some((s) => s.includes('node_modules/zod/v4/mini/'))).toBe(true);
    expect(builtins.filter((m) => m.includes('undici'))).toEqual([]);
  });

  it("`edshed endpoints --json`: the table's data (generated from it at build), not the table's code", async () => {
    const { chunks, sources } = await loadedBy(['endpoints', '--json']);
    expect(chunks.filter((name) => name.startsWith('_edshed-table_'))).toEqual(['_edshed-table_all']);
    expect(sources.filter(isTableCode)).toEqual([]);
  });

  it("`edshed dash billing --once` (the typed methods): bound from the table's data of the nouns it calls, not its code; no Ink, no Node fetch", async () => {
    const { chunks, sources, builtins } = await loadedBy(['dash', 'billing', '--once']);
    const table = chunks.filter((name) => name.startsWith('_edshed-table_'));
    expect(table).not.toContain('_edshed-table_all');
    expect(table).toContain('_edshed-table_noun-invoices');
    expect(sources.some((s) => s.endsWith('core/endpoints/bind-table.ts'))).toBe(true);
    expect(
      sources.filter((s) => /core\/endpoints\/(index|table|superuser-billing|sales-reporting)\.ts$/.test(s)),
    ).toEqual([]);
    expect(sources.filter((s) => /node_modules\/(ink|react)\//.test(s))).toEqual([]);
    expect(builtins.filter((m) => m.includes('undici'))).toEqual([]);
  });

  it('`edshed schools show 1`: the entries of the nouns it calls only, never the whole table', async () => {
    const { chunks, sources } = await loadedBy(['schools', 'show', '1']);
    // A superuser: not the school's own subscriptions route (school-subscriptions), which only its admins
    // call; and not `me`: signed in with `edshed login`, the caller is as the sign-in found them.
    expect(chunks.filter((name) => name.startsWith('_edshed-table_')).sort()).toEqual(
      ['_edshed-table_noun-invoices', '_edshed-table_noun-schools', '_edshed-table_noun-subscriptions'].sort(),
    );
    // The table's entries as data: none of its modules (the areas, the assembly); its call helpers do load.
    expect(
      sources.filter((s) =>
        /core\/endpoints\/(index|table|school|superuser-billing|school-subscriptions|auth)\.ts$/.test(s),
      ),
    ).toEqual([]);
    // Its input (the school's id) checked with the table's schemas and the answers read, all with zod/mini:
    // no classic zod.
    expect(sources.some((s) => s.endsWith('core/endpoints/schemas.ts'))).toBe(true);
    expect(sources.some((s) => s.endsWith('cli/read/records.ts'))).toBe(true);
    expect(sources.filter(isClassicZod)).toEqual([]);
    // Each answer checked with its reply's zod/mini schema, built from core's shape.
    expect(sources.some((s) => s.endsWith('core/shapes/schema.ts'))).toBe(true);
  });

  it("`edshed whoami`: the user checked with core's shape (zod/mini), no classic zod, no table", async () => {
    const { chunks, sources } = await loadedBy(['whoami']);
    expect(sources.some((s) => s.endsWith('core/shapes/user.ts'))).toBe(true);
    expect(sources.filter(isClassicZod)).toEqual([]);
    expect(chunks.filter((name) => name.startsWith('_edshed-table_'))).toEqual([]);
  });

  it("`edshed invoices list --take 5` checks its input with the table's schemas (zod/mini) before sending", async () => {
    const { sources } = await loadedBy(['invoices', 'list', '--take', '5']);
    expect(sources.some((s) => s.endsWith('core/endpoints/schemas.ts'))).toBe(true);
    expect(sources.filter(isClassicZod)).toEqual([]);
    // zod's English messages, which classic zod sets when it loads, are set by the schemas themselves.
    expect(sources.some((s) => s.endsWith('node_modules/zod/v4/locales/en.js'))).toBe(true);
  });
});
