import type { Command } from 'commander';
import { z } from 'zod';
import { CliError, EXIT } from '../../cli-error.js';
import type { Factory } from '../../factory.js';
import { addCommonOptions, leafFactory } from '../../flags.js';
import { checkOutputFile, writeOutputFile } from '../../write/atomic-file.js';
import type { DefineCommand } from '../index.js';
import { notDoneHint, parseSnapshotId } from './snapshot.js';

export interface SnapshotDownloadOptions {
  readonly id: number;
  /** The file to write (never left half-written). */
  readonly out: string;
  /** Replace the file when it exists. */
  readonly force?: boolean | undefined;
}

/** The API answers the file inside JSON (`{ download: { content, rows, filename } }`), or as the bare text. */
const downloadSchema = z.union([
  z.string().transform((content) => ({ content, rows: undefined })),
  z.object({ download: z.looseObject({ content: z.string(), rows: z.number().int().optional() }) }).transform((d) => d.download),
]);

/**
 * Saves a finished snapshot as the API's CSV file: checked before the request (no overwrite without
 * `force`), written to a temporary file beside it and renamed into place. Returns the bytes written.
 *
 * @example
 * await runSnapshotDownload(c, { id: 3, out: 'engagement.csv' });
 */
export async function runSnapshotDownload(c: Factory, options: SnapshotDownloadOptions): Promise<number> {
  const force = options.force === true;
  await checkOutputFile(options.out, '-o', { force });
  let data: unknown;
  try {
    data = (await (await c.api()).snapshots.download({ id: options.id })).data;
  } catch (error) {
    throw notDoneHint(error, options.id);
  }
  const file = downloadSchema.safeParse(data);
  if (!file.success) throw new CliError(`The API answered the download of snapshot ${options.id} without the file's content`, EXIT.requestFailed);
  await writeOutputFile(options.out, '-o', file.data.content, { mode: 0o600, force });
  const bytes = Buffer.byteLength(file.data.content);
  if (!c.globals.quiet) {
    c.io.stderr.write(`Saved engagement snapshot ${options.id} to ${options.out} (${file.data.rows === undefined ? '' : `${file.data.rows} rows, `}${bytes} bytes).\n`);
  }
  return bytes;
}

const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description('Save an engagement snapshot as a CSV file')
    .argument('<id>', 'snapshot id')
    .requiredOption('-o, --out <file>', 'the file to write (not replaced unless --force)')
    .option('--force', 'replace the file if it exists');
  addCommonOptions(cmd);
  cmd.addHelpText('after', '\nExamples:\n  edshed snapshots download 3 -o engagement-autumn.csv\n  edshed snapshots download 3 -o engagement.csv --force');
  cmd.action(async (idArg: string, opts: Record<string, unknown>) => {
    const c = leafFactory(f, cmd);
    const id = parseSnapshotId(idArg);
    await runSnapshotDownload(c, { id, out: String(opts.out), force: opts.force === true });
  });
};

export default define;
