/** `edshed invoices mark ACTION --from FILE`: the mark command as a bulk command, one invoice per row. */
import { z } from 'zod';
import { ApiError } from '../../../core/api/errors/index.js';
import type { BulkCommand } from '../../bulk/bulk-command.js';
import { fixedColumns } from '../../bulk/columns.js';
import { issuesOf, missingIssues } from '../../bulk/row-issues.js';
import type { RowIssue } from '../../bulk/row-check.js';
import {
  ACTIONS,
  DETAIL_NAMES,
  actionInput,
  WISH_BY_COMMAND,
  endpointOfAction,
  wishOf,
  type ActionDetails,
  type ActionName,
} from './actions.js';
import { checkInput, parseIds } from './mark-input.js';
import { markOne, markTarget, type MarkTarget } from './mark-item.js';
import { readBack, readInvoices } from '../../read/invoices.js';
import { showsChange } from '../../bulk/read-back.js';
import { buildRequest } from '../../../core/endpoints/call.js';

/** One row: the invoice and the action's options. */
export interface MarkRow extends ActionDetails {
  readonly id: number;
}

const rowSchema = z.object({
  id: z.number().int().positive(),
  ...Object.fromEntries(DETAIL_NAMES.map((name) => [name, z.string().optional()])),
});

/** The column of a payload key the table names differently (remittance's `--received` is `date_received`). */
const COLUMN_OF: Readonly<Record<string, string>> = {
  date_received: 'received',
  new_file: 'file',
  accounting: 'system',
  card_provider: 'provider',
};

/**
 * The bulk command of one action: columns `id` and the action's options; each row is checked by the
 * single command's own checks. Before a session sends, its invoices are read once, a page of the list
 * at a time (`load`); each row then sends one write through `markOne` (audit record, the invoice as the
 * write answers it), without asking: a void run asks once, for the whole file, before anything is sent.
 * An invoice is named by its number once read.
 *
 * @example
 * await runBulk(c, { command: markBulkCommand('paid'), from: 'payments.csv', defaults: { method: 'bacs' }, ... });
 */
export function markBulkCommand(action: ActionName): BulkCommand<MarkRow> {
  const spec = ACTIONS[action];
  const wish = WISH_BY_COMMAND.get(spec.command);
  const endpoint = endpointOfAction(action);
  const names = [...spec.required, ...spec.optional];
  // The session's invoices as read before its first row (load): what each write is checked against.
  let invoices = new Map<number, MarkTarget>();
  return {
    name: `invoices mark ${action}`,
    resume: { kind: 'invoices mark', args: { action } },
    summary: `${endpoint.method} ${endpoint.path}`,
    columns: fixedColumns({
      required: ['id', ...spec.required],
      optional: spec.optional,
      given: (key) => (key === 'id' ? undefined : `--${key}`),
    }),
    destructive: endpoint.destructive === true,
    target: {
      kind: 'invoices',
      id: (row) => row.id,
      ...(wish ? { wants: (row: MarkRow) => wishOf(spec.command, row) } : {}),
    },
    signedIn: true,
    validate(values) {
      const missing = missingIssues(values, ['id', ...spec.required]);
      if (missing.length > 0) return { ok: false, issues: missing };
      const details: ActionDetails = Object.fromEntries(
        names.filter((n) => values[n] !== undefined).map((n) => [n, String(values[n])]),
      );
      const issues: RowIssue[] = [];
      let id: number | undefined;
      // The id and the details are checked apart, so a row with both wrong names both.
      try {
        id = parseIds([String(values.id)]).ids[0] as number;
      } catch (error) {
        issues.push(...issuesOf(error, 'id', (key) => COLUMN_OF[key] ?? key));
      }
      try {
        checkInput(action, details);
      } catch (error) {
        issues.push(...issuesOf(error, 'id', (key) => COLUMN_OF[key] ?? key));
      }
      return id === undefined || issues.length > 0 ? { ok: false, issues } : { ok: true, row: { id, ...details } };
    },
    async applied(c, { id, ...details }) {
      const target = await readBack(await c.api(), id, undefined);
      if (target === undefined) return false;
      return showsChange(spec.command, target, buildRequest(endpoint, actionInput(action, id, details, target)).body);
    },
    targetKey: (row) => `invoice ${row.id}`,
    naturalKey: (row) => invoices.get(row.id)?.number ?? `invoice ${row.id}`,
    async load(c, rows) {
      const ids: number[] = [];
      for await (const row of rows) ids.push(row.id);
      invoices = await readInvoices(await c.api(), ids, markTarget);
    },
    parse: (stored) => rowSchema.parse(stored) as MarkRow,
    describe: (row) =>
      `invoice ${row.id} ${action}${names.map((n) => (row[n] === undefined ? '' : ` --${n} ${row[n]}`)).join('')}`,
    async run(c, row, context) {
      const { id, ...details } = row;
      const { result, error } = await markOne(c, {
        action,
        details,
        id,
        before: invoices.get(id),
        idempotencyKey: context.idempotencyKey,
        runId: context.runId,
      });
      // The API's own refusals, failures and dropped connections go to the runner: it retries, pauses or records them.
      if (result.status === 'failed' && error instanceof ApiError) throw error;
      const change = `${result.before ?? '?'} -> ${result.after ?? '?'}`;
      return {
        outcome: {
          status: result.status === 'failed' ? 'failed' : 'done',
          http_status: null,
          message:
            result.status === 'failed'
              ? result.message
              : `${result.status === 'unchanged' ? 'unchanged' : change}${result.message ? `: ${result.message}` : ''}`,
          request_id: result.request_id,
        },
        amount: { currency: result.currency, total: result.total },
        changed: result.status !== 'unchanged',
      };
    },
  };
}
