import { z } from 'zod';
import { buildRequest } from '../../core/endpoints/call.js';
import { METHODS, type Endpoint } from '../../core/endpoints/define.js';
import { InvalidInputError } from '../../core/endpoints/invalid-input-error.js';
import { sendWrite } from '../write/send.js';
import type { BulkCommand } from './bulk-command.js';
import { cellValue, columnMap } from './columns.js';
import type { BulkRequest } from './items-file.js';
import { responseResult } from './item-verdict.js';

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
  const search = query ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}` : '';
  return `${method} ${path}${search}${body === undefined ? '' : ` ${JSON.stringify(body)}`}`;
}

/**
 * A table endpoint as a bulk command: a row is checked by building its request with `buildRequest`,
 * the same call the single command makes, and run by sending it through `sendWrite` (audit log with the
 * run id), as the single command does.
 *
 * @example
 * await runBulk(c, { command: endpointCommand(endpointOf('invoices mark-paid')), from: 'payments.csv', ... });
 */
export function endpointCommand(endpoint: Endpoint): BulkCommand<BulkRequest> {
  return {
    name: endpoint.command,
    summary: `${endpoint.method} ${endpoint.path}`,
    columns: columnMap(endpoint),
    destructive: endpoint.destructive === true,
    signedIn: endpoint.role !== 'public',
    validate(values, { text }) {
      const input = text ? Object.fromEntries(Object.entries(values).map(([key, value]) => [key, cellValue(endpoint, key, value)])) : values;
      try {
        const built = buildRequest(endpoint, input);
        return { ok: true, row: { method: built.method, path: built.path, ...(built.query ? { query: built.query } : {}), ...(built.body !== undefined ? { body: built.body } : {}) } };
      } catch (error) {
        if (!(error instanceof InvalidInputError)) throw error;
        return { ok: false, issues: error.issues.map((issue) => ({ ...(issue.path === '' ? {} : { column: issue.path }), message: issue.message })) };
      }
    },
    parse: (stored) => requestSchema.parse(stored) as BulkRequest,
    describe: requestLine,
    async run(c, row, context) {
      const response = await sendWrite(c, { ...row, idempotencyKey: context.idempotencyKey, signal: context.signal }, { runId: context.runId, banner: false });
      return responseResult(response, c.now().getTime());
    },
  };
}
