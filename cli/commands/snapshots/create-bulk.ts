/** `edshed snapshots create --from FILE`: one snapshot per row, through the single command's run function. */
import { z } from 'zod';
import type { BulkCommand } from '../../bulk/bulk-command.js';
import { fixedColumns } from '../../bulk/columns.js';
import { issuesOf, missingIssues } from '../../bulk/row-issues.js';
import { parsePeriod } from '../../input/dates.js';
import { tableEndpoint } from '../../table/table-endpoint.js';
import { runSnapshotCreate } from './create.js';

/** One row: the period. */
export interface PeriodRow {
  readonly start: string;
  readonly end: string;
}

const rowSchema = z.object({ start: z.string(), end: z.string() });

/**
 * The bulk form of `snapshots create`: columns start and end (each also a default flag), checked as
 * the single command checks them; each row is created through `runSnapshotCreate` with the row's key
 * (no waiting: the jobs run on the server; `edshed snapshots list` shows them).
 *
 * @example
 * await runBulk(c, { command: snapshotBulkCommand(), from: 'periods.csv', defaults: {}, ... });
 */
export function snapshotBulkCommand(): BulkCommand<PeriodRow> {
  const endpoint = tableEndpoint('snapshots create');
  return {
    name: 'snapshots create',
    resume: { kind: 'snapshots create', args: {} },
    summary: `${endpoint.method} ${endpoint.path}`,
    columns: fixedColumns({ required: ['start', 'end'], optional: [], given: (key) => `--${key}` }),
    destructive: false,
    signedIn: true,
    validate(values) {
      const missing = missingIssues(values, ['start', 'end']);
      if (missing.length > 0) return { ok: false, issues: missing };
      try {
        return { ok: true, row: parsePeriod(String(values.start), String(values.end)) };
      } catch (error) {
        return { ok: false, issues: issuesOf(error) };
      }
    },
    naturalKey: (row) => `${row.start}..${row.end}`,
    parse: (stored) => rowSchema.parse(stored),
    describe: (row) => `snapshot of ${row.start} to ${row.end}`,
    async run(c, row, context) {
      const created = await runSnapshotCreate(c, {
        ...row,
        idempotencyKey: context.idempotencyKey,
        runId: context.runId,
      });
      return {
        outcome: {
          status: 'done',
          http_status: null,
          message: created ? `snapshot ${created.id}: ${created.state}` : 'ok',
          request_id: null,
        },
      };
    },
  };
}
