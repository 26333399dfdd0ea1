import { createReadStream, existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import { isoDateProblem } from '../../../core/domain/dates.js';
import { auditEntrySchema, type AuditEntry } from '../../audit/entry.js';
import { auditFile } from '../../audit/writer.js';
import { CliError, EXIT } from '../../errors/cli-error.js';
import type { Factory } from '../../factory/factory.js';
import { stateDir } from '../../config/paths.js';
import { addCommonOptions, leafFactory } from '../../input/flags.js';
import { ownTablePlan } from '../../output/plan.js';
import { printResponse } from '../../output/print-response.js';
import type { DefineCommand } from '../define.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface AuditListOptions {
  /** Only writes at or after this time (ms since the epoch). */
  readonly since?: number | undefined;
}

/**
 * Prints the audit log's entries (those since `options.since`), skipping lines that are not entries with a note naming them.
 *
 * @example
 * await runAuditList(c, { since: Date.parse('2026-11-01T00:00:00Z') });
 */
export async function runAuditList(c: Factory, options: AuditListOptions): Promise<void> {
  const { since } = options;
  const file = auditFile(stateDir(c.env));
  const rows: AuditEntry[] = [];
  if (existsSync(file)) {
    let line = 0;
    for await (const text of createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity })) {
      line += 1;
      if (text.trim() === '') continue;
      const parsed = auditEntrySchema.safeParse(safeJson(text));
      if (!parsed.success) {
        c.io.stderr.write(`${file}:${line}: not an audit entry; skipped\n`);
        continue;
      }
      if (since === undefined || Date.parse(parsed.data.time) >= since) rows.push(parsed.data);
    }
  }
  if (rows.length === 0 && !c.globals.quiet)
    c.io.stderr.write(`No writes recorded${since === undefined ? '' : ' since then'} (${file}).\n`);
  // On a terminal a write a line: the time to the second, what was sent and how it went; the rest gives way.
  const plan = ownTablePlan(
    c,
    ['time', 'method', 'path', 'status', 'outcome', 'user', 'run_id', 'profile', 'environment', 'request_id'],
    { outcome: 2, user: 2, run_id: 2, profile: 3, environment: 3, request_id: 3 },
  );
  await printResponse(
    c,
    plan ? rows.map((r) => ({ ...r, time: r.time.replace(/\.\d+Z$/, 'Z') })) : rows,
    undefined,
    plan,
  );
}

const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description(
      'Show the audit log: every write this machine sent (time, profile, environment, user, method, path, status, request id, idempotency key)',
    )
    .option('--since <date>', 'only writes on or after this day (YYYY-MM-DD) or time (ISO 8601)')
    .addHelpText(
      'after',
      "\nThe log is audit.jsonl in the state directory ($EDSHED_STATE_DIR, else $XDG_STATE_HOME/edshed, else ~/.local/state/edshed).\nIt never holds a body or a secret.\n\nExamples:\n  edshed audit --since 2026-11-01\n  edshed audit --json | jq '.[] | select(.status >= 400)'",
    );
  addCommonOptions(cmd, new Set(), { connection: false });
  cmd.action(async (opts: { since?: string }) => {
    const c = leafFactory(f, cmd);
    await runAuditList(c, { since: opts.since === undefined ? undefined : sinceTime(opts.since) });
  });
};

/** `--since` as a time: a day of the calendar (from its midnight, UTC) or an ISO 8601 time, checked as the table checks dates. */
function sinceTime(value: string): number {
  const text = value.trim();
  const problem = isoDateProblem(text);
  if (problem) throw new CliError(`--since: "${value}": ${problem}`, EXIT.usage);
  return Date.parse(DAY.test(text) ? `${text}T00:00:00Z` : text);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export default define;
