import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';

/** This checkout: the package a consumer installs. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface ConsumerDir {
  readonly dir: string;
  /**
   * Writes `source` to `name` in the directory and runs it with node; never rejects. The EDSHED_*
   * variables of this process are blanked and the config directory is `<dir>/config` unless `env` says.
   */
  run(name: string, source: string, env?: Readonly<Record<string, string>>): ReturnType<typeof execa>;
  /** Type-checks `name` (already in the directory) against the package's declarations, strict; never rejects. */
  typecheck(name: string): ReturnType<typeof execa>;
  remove(): void;
}

/**
 * A temporary project outside the checkout where `edshed-toolkit` resolves to the built package
 * (node_modules/edshed-toolkit links to the checkout), as for a script author who installed it.
 * Needs dist/: npm test builds before vitest runs.
 *
 * @example
 * const consumer = makeConsumerDir();
 * const result = await consumer.run('probe.mjs', "import { connect } from 'edshed-toolkit/node';");
 * consumer.remove();
 */
export function makeConsumerDir(): ConsumerDir {
  if (!existsSync(join(ROOT, 'dist/core/node.js')))
    throw new Error('dist/ is missing: run `node scripts/build.mjs` first');
  const dir = mkdtempSync(join(tmpdir(), 'edshed-consumer-'));
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(ROOT, join(dir, 'node_modules/edshed-toolkit'), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  return {
    dir,
    run: (name, source, env = {}) => {
      writeFileSync(join(dir, name), source);
      const isolated = {
        EDSHED_API_URL: '',
        EDSHED_ENV: '',
        EDSHED_TOKEN: '',
        EDSHED_PROFILE: '',
        EDSHED_SANDBOX_URL: '',
        EDSHED_CONFIG_DIR: join(dir, 'config'),
      };
      return execa(process.execPath, [name], {
        cwd: dir,
        reject: false,
        env: { ...isolated, ...env },
        timeout: 60_000,
      });
    },
    typecheck: (name) => {
      const compilerOptions = {
        noEmit: true,
        strict: true,
        skipLibCheck: true,
        module: 'nodenext',
        moduleResolution: 'nodenext',
        target: 'es2023',
        types: ['node'],
        // Outside the checkout: @types/node comes from the checkout's node_modules.
        typeRoots: [join(ROOT, 'node_modules/@types')],
      };
      writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: [name] }));
      return execa(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', dir], {
        reject: false,
        timeout: 120_000,
      });
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
