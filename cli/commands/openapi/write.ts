import type { Command } from 'commander';
import { CliError, EXIT } from '../../errors/cli-error.js';
import { tableEntries } from '../../table/table-nouns.js';
import { checkOutputFile, writeOutputFile } from '../../write/atomic-file.js';
import type { Factory } from '../../factory/factory.js';
import type { DefineCommand } from '../define.js';

export interface OpenApiOptions {
  readonly out?: string;
  readonly force?: boolean;
}

/**
 * Writes the OpenAPI document generated from the table to stdout or `out` (checked before anything is built).
 *
 * @example
 * await runOpenApi(f, { out: 'api.json', force: true });
 */
export async function runOpenApi(f: Factory, options: OpenApiOptions): Promise<void> {
  const force = options.force === true;
  if (force && options.out === undefined)
    throw new CliError('--force replaces the --out file: give --out FILE too', EXIT.usage);
  // Checked before anything is built: an unwritable path is exit 2 with nothing done.
  if (options.out !== undefined) await checkOutputFile(options.out, '--out', { force });
  // The generator and the table load here only: never on another command's start-up path.
  const [{ openApiDocument }, { ROSTER_PROVIDERS }, entries] = await Promise.all([
    import('../../../core/openapi/document.js'),
    import('../../../sandbox/domain/rostering/roster-providers.js'),
    tableEntries(),
  ]);
  const document = openApiDocument(entries, { version: f.version, fixed: ROSTER_PROVIDERS });
  const text = `${JSON.stringify(document, null, 2)}\n`;
  if (options.out === undefined) {
    f.io.stdout.write(text);
    return;
  }
  await writeOutputFile(options.out, '--out', text, { mode: 0o644, force });
  const operations = Object.values(document.paths).reduce((n, item) => n + Object.keys(item).length, 0);
  f.io.stderr.write(
    `Wrote the OpenAPI ${document.openapi} document to ${options.out}: ${operations} operations, ${Object.keys(document.components.schemas).length} schemas.\n`,
  );
}

const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description(
      'Write the OpenAPI 3.1 document of the API, generated from the endpoint table (JSON; stdout unless --out)',
    )
    .option('-o, --out <file>', 'write it to this file (written whole or not at all; not replaced unless --force)')
    .option('--force', 'replace the --out file if it exists')
    .addHelpText(
      'after',
      '\nEvery operation of `edshed endpoints`: paths, parameters, request bodies, replies with their shapes (as\n' +
        'components/schemas), roles (security and x-roles), the error shape and the Idempotency-Key header of writes.\n' +
        'A running sandbox serves the same document at /openapi.json, and a reference page of it at /docs.\n\n' +
        'Examples:\n' +
        '  edshed openapi --out api.json\n' +
        '  edshed openapi --out api.json --force            # regenerate it\n' +
        "  edshed openapi | jq '.paths | keys | length'\n" +
        '  npx openapi-typescript api.json -o edshed-api.d.ts   # types for openapi-fetch',
    );
  cmd.action(async (opts: OpenApiOptions) => {
    await runOpenApi(f, opts);
  });
};

export default define;
