import { z } from 'zod';
import { buildRequest } from '../../core/endpoints/call.js';
import { METHODS, type Endpoint } from '../../core/endpoints/define.js';
import { InvalidInputError } from '../../core/endpoints/invalid-input-error.js';
import type { Factory } from '../factory/factory.js';
import { changedNothing, sendWrite } from '../write/send.js';
import type { BulkCommand } from './bulk-command.js';
import { BrokenJsonCell, cellValue, columnMap } from './columns.js';
import type { BulkRequest } from './items-file.js';
import { responseResult } from './item-verdict.js';
import type { RowIssue } from './row-check.js';
import { alreadyApplied, readsBack } from './read-back.js';
import { targetWishes, type TargetWishes } from './registry.js';
import { targetIdOf, targetKindOf, type TargetKind } from './targets.js';
import { invoiceIn } from '../read/invoices.js';

const requestSchema = z.object({
  method: z.enum(METHODS),
  path: z.string(),
  query: z.record(z.string(), z.unknown()).optional(),
  body: z.unknown().optional(),
});

/**
 * A plan line for a request: `POST superuser/invoices/8/paid {"method":"bacs"}`.
 *
 * @example
 * requestLine({ method: 'POST', path: 'things/8/done' }) // 'POST things/8/done'
 */
export function requestLine({ method, path, query, body }: BulkRequest): string {
  const search = query
    ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`
    : '';
  return `${method} ${path}${search}${body === undefined ? '' : ` ${JSON.stringify(body)}`}`;
}

/**
 * How a table endpoint's rows repeat one another. A POST that adds to a collection (no path parameter,
 * not idempotent: `notes create`) creates something new per row, identical rows included; a call that
 * sets a target's state (idempotent, or a PUT, PATCH or DELETE) has its method and path as the target,
 * so two rows changing one target differently conflict. Other POSTs (an action on a target) are
 * duplicates only when identical.
 */
function rowIdentity(endpoint: Endpoint): Pick<BulkCommand<BulkRequest>, 'creates' | 'targetKey'> {
  if (endpoint.method === 'POST' && !endpoint.idempotent) return endpoint.params.length === 0 ? { creates: true } : {};
  return { targetKey: (row) => `${row.method} ${row.path}` };
}

/**
 * How a person names what a table endpoint's row writes to: its invoice or subscription by id, else a
 * pupil or user by the username its body gives, else a school by its id; undefined when nothing names it.
 *
 * @example
 * naturalKeyOf('invoices', 8, {}) // 'invoice 8'
 * naturalKeyOf(undefined, undefined, { username: 'amy.s' }) // 'amy.s'
 */
export function naturalKeyOf(kind: TargetKind | undefined, id: number | undefined, body: unknown): string | undefined {
  if (kind !== undefined && id !== undefined) return `${kind === 'invoices' ? 'invoice' : 'subscription'} ${id}`;
  const fields = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  if (typeof fields.username === 'string') return fields.username;
  return typeof fields.school_id === 'number' ? `school ${fields.school_id}` : undefined;
}

/**
 * A table endpoint as a bulk command: a row is checked by building its request with `buildRequest`,
 * the same call the single command makes, and run by sending it through `sendWrite` (audit log with the
 * run id), as the single command does. `wishes` says what a row asks of its target (`tableBulkCommand`
 * finds the registered ones).
 *
 * @example
 * await runBulk(c, { command: endpointCommand(endpointOf('notes create')), from: 'notes.csv', ... });
 */
export function endpointCommand(endpoint: Endpoint, wishes?: TargetWishes): BulkCommand<BulkRequest> {
  const kind = targetKindOf(endpoint);
  const writesInvoices = kind === 'invoices';
  // The actions a state shows (invoices mark-paid, mark-promised, void): a dry run marks rows already so
  // (and the payments the API would refuse).
  const wish = kind === undefined ? undefined : wishes?.(endpoint.command, {});
  const wants = (row: BulkRequest) =>
    wishes?.(
      endpoint.command,
      row.body !== null && typeof row.body === 'object' ? (row.body as Record<string, unknown>) : {},
    );
  return {
    name: endpoint.command,
    summary: `${endpoint.method} ${endpoint.path}`,
    columns: columnMap(endpoint),
    destructive: endpoint.destructive === true,
    signedIn: endpoint.role !== 'public',
    table: { endpoint, request: (row) => row },
    ...rowIdentity(endpoint),
    ...(kind
      ? { target: { kind, id: (row: BulkRequest) => targetIdOf(endpoint, row.path), ...(wish ? { wants } : {}) } }
      : {}),
    validate(values, { text }) {
      const input: Record<string, unknown> = {};
      const issues: RowIssue[] = [];
      for (const [key, value] of Object.entries(values)) {
        const cell = text ? cellValue(endpoint, key, value) : value;
        if (cell instanceof BrokenJsonCell) issues.push({ column: key, message: `not valid JSON (${cell.reason})` });
        else input[key] = cell;
      }
      try {
        const built = buildRequest(endpoint, input);
        if (issues.length > 0) return { ok: false, issues };
        return {
          ok: true,
          row: {
            method: built.method,
            path: built.path,
            ...(built.query ? { query: built.query } : {}),
            ...(built.body !== undefined ? { body: built.body } : {}),
          },
        };
      } catch (error) {
        if (!(error instanceof InvalidInputError)) throw error;
        // A broken JSON cell is left out of the input: its own issue says why, not a second 'required'.
        const more = error.issues.filter((issue) => !issues.some((broken) => broken.column === issue.path));
        return {
          ok: false,
          issues: [
            ...issues,
            ...more.map((issue) => ({ ...(issue.path === '' ? {} : { column: issue.path }), message: issue.message })),
          ],
        };
      }
    },
    ...(readsBack(endpoint)
      ? { applied: async (c: Factory, row: BulkRequest) => alreadyApplied(await c.api(), endpoint, row) }
      : {}),
    naturalKey: (row) => naturalKeyOf(kind, kind ? targetIdOf(endpoint, row.path) : undefined, row.body),
    parse: (stored) => requestSchema.parse(stored) as BulkRequest,
    describe: requestLine,
    async run(c, row, context) {
      const response = await sendWrite(
        c,
        { ...row, idempotencyKey: context.idempotencyKey, signal: context.signal },
        { runId: context.runId, banner: false },
      );
      const result = responseResult(response, c.now().getTime());
      if (!writesInvoices) return result;
      // An invoice workflow's answer carries the invoice: its amount goes into the run's totals.
      const invoice = invoiceIn((response.data as Record<string, unknown> | null)?.invoice);
      return invoice ? { ...result, amount: invoice, changed: !changedNothing(response.data) } : result;
    },
  };
}

/**
 * A table endpoint as a bulk command, with the wishes registered for its kind of target
 * (cli/bulk/registry.ts): what every `--from FILE` run, plan and resume of a table command uses.
 *
 * @example
 * await runBulk(c, { command: await tableBulkCommand(endpointOf('invoices mark-paid')), from: 'payments.csv', ... });
 */
export async function tableBulkCommand(endpoint: Endpoint): Promise<BulkCommand<BulkRequest>> {
  return endpointCommand(endpoint, await targetWishes(targetKindOf(endpoint)));
}
