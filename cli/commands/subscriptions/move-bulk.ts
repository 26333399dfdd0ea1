/** `edshed subscriptions move --from FILE`: one move per row, through the single command's run function. */
import { z } from 'zod';
import type { BulkCommand } from '../../bulk/bulk-command.js';
import { fixedColumns } from '../../bulk/columns.js';
import { issuesOf, missingIssues } from '../../bulk/row-issues.js';
import { positiveId } from '../../input/ids.js';
import { tableEndpoint } from '../../table/table-endpoint.js';
import { HintedError } from '../../write/hinted-error.js';
import { AlreadyThereError, runMoveSubscription } from './move.js';
import { bulkMoveWarnings } from './move-facts.js';

/** One row: the subscription and the school it moves to. */
export interface MoveRow {
  readonly id: number;
  readonly to: number;
}

const rowSchema = z.object({ id: z.number().int().positive(), to: z.number().int().positive() });

/**
 * The bulk form of `subscriptions move`: columns id and to (`--to` a default for every row). Each row
 * goes through `runMoveSubscription` (reads, move with the row's key, audit record with the run id,
 * read-back) without asking: the run asks once. A subscription already at its school is "unchanged"
 * (a move that a killed run made before its journal line).
 *
 * @example
 * await runBulk(c, { command: moveBulkCommand(), from: 'moves.csv', defaults: {}, ... });
 */
export function moveBulkCommand(): BulkCommand<MoveRow> {
  const endpoint = tableEndpoint('subscriptions move');
  return {
    name: 'subscriptions move',
    resume: { kind: 'subscriptions move', args: {} },
    summary: `${endpoint.method} ${endpoint.path}`,
    columns: fixedColumns({
      required: ['id', 'to'],
      optional: [],
      given: (key) => (key === 'to' ? '--to' : undefined),
    }),
    destructive: true,
    target: {
      kind: 'subscriptions',
      id: (row) => row.id,
      wants: (row) => ({ school: row.to, reason: `already at school ${row.to}` }),
    },
    signedIn: true,
    validate(values) {
      const missing = missingIssues(values, ['id', 'to']);
      if (missing.length > 0) return { ok: false, issues: missing };
      try {
        return {
          ok: true,
          row: {
            id: positiveId(String(values.id), '--id', 'a subscription id'),
            to: positiveId(String(values.to), '--to', 'a school id'),
          },
        };
      } catch (error) {
        return { ok: false, issues: issuesOf(error) };
      }
    },
    // One walk of the subscription list and each school once, for all the rows (never per row).
    async warnings(c, rows) {
      return bulkMoveWarnings(await c.api(), rows);
    },
    targetKey: (row) => `subscription ${row.id}`,
    naturalKey: (row) => `subscription ${row.id} -> school ${row.to}`,
    parse: (stored) => rowSchema.parse(stored),
    describe: (row) => `move subscription ${row.id} to school ${row.to}`,
    async run(c, row, context) {
      try {
        const moved = await runMoveSubscription(c, {
          ...row,
          yes: true,
          idempotencyKey: context.idempotencyKey,
          runId: context.runId,
        });
        const message =
          moved?.changed === false
            ? `unchanged: already at school ${row.to}`
            : `moved from school ${moved?.from.id ?? '?'} to ${row.to}`;
        return { outcome: { status: 'done', http_status: null, message, request_id: null } };
      } catch (error) {
        if (error instanceof AlreadyThereError)
          return {
            outcome: {
              status: 'done',
              http_status: null,
              message: `unchanged: already at school ${row.to}`,
              request_id: null,
            },
          };
        // The API's error (a 404 with a hint on how to find the right id) goes to the runner to judge.
        throw error instanceof HintedError ? error.cause : error;
      }
    },
  };
}
