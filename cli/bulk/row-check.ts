import { createHash } from 'node:crypto';
import type { Endpoint } from '../../core/endpoints/define.js';
import { buildRequest } from '../../core/endpoints/call.js';
import { InvalidInputError } from '../../core/endpoints/invalid-input-error.js';
import { BrokenJsonCell, cellValue, commandLineName, type ColumnMap } from './columns.js';
import type { BulkRequest } from './items-file.js';

/** One problem of one row: the column it is about (if any) and what is wrong. */
export interface RowIssue {
  readonly column?: string;
  readonly message: string;
}

export type RowCheck = { readonly ok: true; readonly request: BulkRequest } | { readonly ok: false; readonly issues: readonly RowIssue[] };

export interface RowContext {
  readonly endpoint: Endpoint;
  readonly map: ColumnMap;
  /** Values given on the command line: every row starts from them. */
  readonly defaults: Readonly<Record<string, unknown>>;
  /** Cells are text (CSV), so JSON fields are parsed from it. */
  readonly text: boolean;
  /** Keys already reported for the whole file (a missing column): not repeated per row. */
  readonly reported: ReadonlySet<string>;
  /** The file's name for a key, when it differs (the header said `po-number`). */
  readonly columnOf: (key: string) => string;
}

/**
 * Checks one row against the endpoint's table entry by building its request with `buildRequest`, the
 * same call the single command makes. Unknown keys are named here (for NDJSON; a CSV header reports
 * them once).
 *
 * @example
 * checkRow(context, { id: '12', date: '2026-13-01' }) // { ok: false, issues: [{ column: 'date', message: 'expected an ISO 8601 date ...' }] }
 */
export function checkRow(context: RowContext, values: Readonly<Record<string, unknown>>): RowCheck {
  const { endpoint, map } = context;
  const input: Record<string, unknown> = { ...context.defaults };
  const issues: RowIssue[] = [];
  for (const [column, value] of Object.entries(values)) {
    const key = map.keyOf(column);
    if (key === undefined) {
      if (!context.text) issues.push({ column, message: `unknown key; expected ${map.known.join(', ')}` });
      continue;
    }
    const cell = context.text ? cellValue(endpoint, key, value) : value;
    if (cell instanceof BrokenJsonCell) issues.push({ column, message: `not valid JSON (${cell.reason})` });
    else input[key] = cell;
  }
  try {
    const built = buildRequest(endpoint, input);
    if (issues.length > 0) return { ok: false, issues };
    return { ok: true, request: { method: built.method, path: built.path, ...(built.query ? { query: built.query } : {}), ...(built.body !== undefined ? { body: built.body } : {}) } };
  } catch (error) {
    if (!(error instanceof InvalidInputError)) throw error;
    for (const issue of error.issues) {
      if (context.reported.has(issue.path)) continue;
      const missing = issue.path !== '' && input[issue.path] === undefined;
      issues.push({
        ...(issue.path === '' ? {} : { column: context.columnOf(issue.path) }),
        message: missing ? `missing; give a value here or ${commandLineName(endpoint, issue.path)}` : issue.message,
      });
    }
    return { ok: false, issues };
  }
}

function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, stable((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/**
 * A short fingerprint of a request (method, path, query, body with keys in order): two rows with the
 * same one would make the same change, so the second is reported as a duplicate.
 *
 * @example
 * requestFingerprint({ method: 'POST', path: 'superuser/invoices/8/paid', body: { method: 'bacs', date: '2026-11-02' } })
 */
export function requestFingerprint(request: BulkRequest): string {
  return createHash('sha1')
    .update(JSON.stringify([request.method, request.path, stable(request.query ?? null), stable(request.body ?? null)]))
    .digest('base64');
}
