import type { Command } from 'commander';
import type { Factory } from '../../factory/factory.js';
import { addCommonOptions, leafFactory } from '../../input/flags.js';
import { checkedAnswer } from '../../read/records.js';
import { checkOutputFile, writeOutputFile } from '../../write/atomic-file.js';
import type { DefineCommand } from '../define.js';
import { notDoneHint, parseSnapshotId } from './snapshot.js';

export interface SnapshotDownloadOptions {
  readonly id: number;
  /** The file to write (never left half-written). */
  readonly out: string;
  /** Replace the file when it exists. */
  readonly force?: boolean | undefined;
}

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
  const response = await (await c.api()).snapshots.download({ id: options.id }).catch((error: unknown) => {
    throw notDoneHint(error, options.id);
  });
  // The file inside JSON, as the entry declares it (`{ download: { content, rows, filename, content_type } }`);
  // an API that answers the bare CSV text is taken as it is, without a row count.
  const bare: unknown = response.data;
  const file =
    typeof bare === 'string'
      ? { content: bare, rows: undefined }
      : (
          await checkedAnswer(
            'snapshots download',
            response,
            `GET superuser/sales/reports/engagement/snapshots/${options.id}/download`,
          )
        ).download;
  await writeOutputFile(options.out, '-o', file.content, { mode: 0o600, force });
  const bytes = Buffer.byteLength(file.content);
  if (!c.globals.quiet) {
    c.io.stderr.write(
      `Saved engagement snapshot ${options.id} to ${options.out} (${file.rows === undefined ? '' : `${file.rows} rows, `}${bytes} bytes).\n`,
    );
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
  cmd.addHelpText(
    'after',
    '\nExamples:\n  edshed snapshots download 3 -o engagement-autumn.csv\n  edshed snapshots download 3 -o engagement.csv --force',
  );
  cmd.action(async (idArg: string, opts: Record<string, unknown>) => {
    const c = leafFactory(f, cmd);
    const id = parseSnapshotId(idArg);
    await runSnapshotDownload(c, { id, out: String(opts.out), force: opts.force === true });
  });
};

export default define;
