/** The OpenAPI document as the built `edshed openapi` writes it, for the tests of tools that read it. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { freshEnv } from '../helpers/isolated-env.js';
import { BIN } from '../helpers/sandbox-process.js';

/**
 * Writes the document with the built binary into a new temporary directory; returns its path and its JSON.
 *
 * @example
 * const { dir, path, document } = await writtenDocument();
 */
export async function writtenDocument(): Promise<{
  dir: string;
  path: string;
  document: { paths: Record<string, Record<string, unknown>> };
}> {
  const dir = mkdtempSync(join(tmpdir(), 'edshed-openapi-'));
  const path = join(dir, 'api.json');
  const result = await execa(process.execPath, [BIN, 'openapi', '--out', path], {
    env: freshEnv('edshed-openapi-env-'),
    reject: false,
  });
  if (result.exitCode !== 0) throw new Error(`edshed openapi --out failed (${result.exitCode}): ${result.stderr}`);
  return {
    dir,
    path,
    document: JSON.parse(readFileSync(path, 'utf8')) as { paths: Record<string, Record<string, unknown>> },
  };
}
