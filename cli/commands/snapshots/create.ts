import type { Command } from 'commander';
import { buildRequest } from '../../../core/endpoints/call.js';
import { CliError, EXIT } from '../../errors/cli-error.js';
import { parsePeriod } from '../../input/dates.js';
import type { Factory } from '../../factory/factory.js';
import { addCommonOptions, leafFactory } from '../../input/flags.js';
import { OWN_TIMEOUT } from './poll.js';
import { planOutput } from '../../output/plan.js';
import { printResponse } from '../../output/print-response.js';
import { tableEndpoint } from '../../table/table-endpoint.js';
import { printDryRun } from '../../write/dry-run.js';
import { addCuratedBulk, runCuratedBulk } from '../../bulk/curated.js';
import { addWriteOptions, writeFlags, type WriteFlags } from '../../write/options.js';
import { sendWrite } from '../../write/send.js';
import type { DefineCommand } from '../define.js';
import { parseSeconds, waitForSnapshot, type WaitOptions } from './poll.js';
import { describeSnapshot, SNAPSHOT_FIELDS, snapshotOf, type Snapshot } from './snapshot.js';

export interface SnapshotCreateOptions extends WriteFlags {
  /** First and last day, YYYY-MM-DD (checked before anything is sent). */
  readonly start: string;
  readonly end: string;
  /** Wait for the job computing it, with these settings; absent: print the queued snapshot and return. */
  readonly wait?: WaitOptions | undefined;
  /** The bulk run this write belongs to, for the audit log. */
  readonly runId?: string | undefined;
}

/**
 * Takes an engagement snapshot of a date range: the API queues a job that computes it school by school.
 * With `wait`, reads it until the job is done (progress on stderr) and prints the finished snapshot.
 * Returns the snapshot as last read (undefined for a dry run).
 *
 * @example
 * await runSnapshotCreate(c, { start: '2026-09-01', end: '2026-11-01', wait: { intervalMs: 2000 } });
 */
export async function runSnapshotCreate(c: Factory, options: SnapshotCreateOptions): Promise<Snapshot | undefined> {
  const period = parsePeriod(options.start, options.end);
  const plan = planOutput(c, { write: true, knownFields: SNAPSHOT_FIELDS, command: 'snapshots create' });
  const idempotencyKey = options.idempotencyKey ?? `edshed-cli-${globalThis.crypto.randomUUID()}`;
  const request = buildRequest(tableEndpoint('snapshots create'), period, { idempotencyKey });
  if (options.dryRun) {
    await printDryRun(c, request);
    return undefined;
  }
  const created = await snapshotOf(
    (await sendWrite(c, request, options.runId ? { runId: options.runId } : {})).data,
    `${request.method} ${request.path}`,
  );
  const note = (line: string) => (c.globals.quiet ? undefined : c.io.stderr.write(`${line}\n`));
  if (!options.wait) {
    await printResponse(c, { snapshot: created }, 'snapshot', plan);
    if (created.state !== 'done')
      note(
        `Created ${describeSnapshot(created)}: ${created.state}. Wait for it with \`edshed snapshots wait ${created.id}\`.`,
      );
    return created;
  }
  note(`Created ${describeSnapshot(created)}; waiting for it (Ctrl-C stops waiting, not the job).`);
  const done = await waitForSnapshot(c, created.id, options.wait);
  await printResponse(c, { snapshot: done }, 'snapshot', plan);
  note(
    `Done${done.rows === undefined ? '' : ` (${done.rows} rows)`}. \`edshed snapshots data ${done.id}\` shows them, \`edshed snapshots download ${done.id} -o FILE\` saves them.`,
  );
  return done;
}

const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description('Take an engagement snapshot of a date range (computed by a background job)')
    .requiredOption('--start <date>', 'first day, YYYY-MM-DD')
    .requiredOption('--end <date>', 'last day, YYYY-MM-DD (on or after --start)')
    .option('--wait', 'wait until the job is done, with progress on stderr')
    .option('--interval <seconds>', 'with --wait: seconds between two reads of the job (default 2)')
    .option('--timeout <seconds>', 'with --wait: give up waiting after this long (exit 1; the job goes on)');
  addWriteOptions(cmd, { destructive: false });
  addCuratedBulk(cmd, {
    usage: '[options] --from FILE',
    columns: 'start and end',
    optional: ['--start', '--end'],
    yes: true,
  });
  // Its own --timeout is how long to wait for the job; the request timeout goes before the noun (`edshed --timeout 60 snapshots ...`) or in EDSHED_TIMEOUT.
  addCommonOptions(cmd, OWN_TIMEOUT);
  cmd.addHelpText(
    'after',
    '\nExamples:\n  edshed snapshots create --start 2026-09-01 --end 2026-11-01 --wait\n  edshed snapshots create --start 2026-09-01 --end 2026-11-01 --json   # returns at once; then: edshed snapshots wait ID\n  edshed snapshots create --from periods.csv   # one snapshot per row (columns start,end), journaled',
  );
  cmd.action(async (opts: Record<string, unknown>) => {
    const c = leafFactory(f, cmd, OWN_TIMEOUT);
    const command = async () => (await import('./create-bulk.js')).snapshotBulkCommand();
    const refuse = [
      ['wait', '--wait'],
      ['interval', '--interval'],
      ['timeout', '--timeout'],
    ] as const;
    if (
      await runCuratedBulk(c, opts, writeFlags(opts), {
        command,
        defaults: { start: opts.start, end: opts.end },
        refuse,
      })
    )
      return;
    if (opts.wait !== true && (opts.interval !== undefined || opts.timeout !== undefined)) {
      throw new CliError('--interval and --timeout go with --wait; nothing was sent', EXIT.usage);
    }
    const intervalMs = parseSeconds(opts.interval as string | undefined, '--interval') as number;
    const timeoutMs = parseSeconds(opts.timeout as string | undefined, '--timeout', undefined);
    const wait = opts.wait === true ? { intervalMs, timeoutMs } : undefined;
    await runSnapshotCreate(c, { start: String(opts.start), end: String(opts.end), wait, ...writeFlags(opts) });
  });
};

export default define;
