import { createHash } from 'node:crypto';
import { isSecretKey } from '../output/redact.js';
import type { BulkCommand } from './bulk-command.js';
import type { ColumnMap } from './columns.js';

/**
 * Why a secret (a password, a token) cannot come from a bulk file: a run keeps each checked row in its
 * journal directory so that it can resume, and secrets are written nowhere but the credentials file.
 */
export const SECRET_IN_BULK =
  'a secret (password or token) cannot be run from a file: a bulk run keeps its rows on disk to resume, and secrets are never written anywhere but the credentials file';

/**
 * A key given both as a path argument and by the file: which target the row means is unclear (the
 * argument would be silently overridden), so the run is refused.
 */
export const pinnedTwice = (map: ColumnMap, key: string, defaults: Readonly<Record<string, unknown>>): string =>
  `given both as ${map.commandLineName(key) ?? key} (${String(defaults[key])}) and by the file; with --from, drop the argument (each row names its own ${key}) or this column`;

/** One problem of one row: the column it is about (if any) and what is wrong. */
export interface RowIssue {
  readonly column?: string;
  readonly message: string;
}

export type RowCheck<Row = unknown> =
  { readonly ok: true; readonly row: Row } | { readonly ok: false; readonly issues: readonly RowIssue[] };

export interface RowContext<Row = unknown> {
  readonly command: BulkCommand<Row>;
  /** Values given on the command line: every row starts from them. */
  readonly defaults: Readonly<Record<string, unknown>>;
  /** Keys of the defaults given as path arguments: a row may not give them too. */
  readonly pinned: ReadonlySet<string>;
  /** Cells are text (CSV), so JSON fields are parsed from it. */
  readonly text: boolean;
  /** Keys already reported for the whole file (a missing column): not repeated per row. */
  readonly reported: ReadonlySet<string>;
  /** The file's name for a key, when it differs (the header said `po-number`). */
  readonly columnOf: (key: string) => string;
  /**
   * Takes a problem of a value the command line gave for every row (`--method chq`): the run's problem,
   * said once with the flag's name, not on each row. Without it, it is the row's.
   */
  readonly onFlagIssue?: (key: string, message: string) => void;
}

/**
 * Checks one row with the command's own local checks (for a table endpoint, `buildRequest`, the same
 * call the single command makes), starting from the command-line defaults. Unknown keys are named here
 * (for NDJSON; a CSV header reports them once); a missing value says how to give it.
 *
 * @example
 * checkRow(context, { id: '12', date: '2026-13-01' }, 2) // { ok: false, issues: [{ column: 'date', message: 'expected an ISO 8601 date ...' }] }
 */
export function checkRow<Row>(
  context: RowContext<Row>,
  values: Readonly<Record<string, unknown>>,
  line: number,
): RowCheck<Row> {
  const map = context.command.columns;
  const input: Record<string, unknown> = { ...context.defaults };
  const issues: RowIssue[] = [];
  const fromRow = new Set<string>();
  for (const key of Object.keys(context.defaults))
    if (isSecretKey(key) && !context.reported.has(key)) issues.push({ column: key, message: SECRET_IN_BULK });
  for (const [column, value] of Object.entries(values)) {
    const key = map.keyOf(column);
    if (key === undefined) {
      if (!context.text) issues.push({ column, message: `unknown key; expected ${map.known.join(', ')}` });
      continue;
    }
    if (isSecretKey(key)) {
      if (!context.reported.has(key)) issues.push({ column, message: SECRET_IN_BULK });
      continue;
    }
    if (context.pinned.has(key)) {
      if (!context.text) issues.push({ column, message: pinnedTwice(map, key, context.defaults) });
      continue;
    }
    input[key] = value;
    fromRow.add(key);
  }
  if (issues.some((issue) => issue.message === SECRET_IN_BULK)) return { ok: false, issues };
  const checked = context.command.validate(input, { text: context.text, line });
  if (checked.ok) return issues.length > 0 ? { ok: false, issues } : checked;
  for (const issue of checked.issues) {
    const key = issue.column;
    if (key !== undefined && context.reported.has(key)) continue;
    if (key !== undefined && context.onFlagIssue && !fromRow.has(key) && context.defaults[key] !== undefined) {
      context.onFlagIssue(key, issue.message);
      continue;
    }
    const missing = key !== undefined && key !== '' && input[key] === undefined;
    const flag = missing ? map.commandLineName(key) : undefined;
    issues.push({
      ...(key === undefined || key === '' ? {} : { column: context.columnOf(key) }),
      message: missing ? `missing; give a value here${flag ? ` or ${flag}` : ''}` : issue.message,
    });
  }
  return { ok: false, issues };
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
 * A short fingerprint of a row (for a table endpoint, its request: method, path, query, body), keys in
 * order: two rows with the same one would make the same change, so the second is a duplicate.
 *
 * @example
 * rowFingerprint({ method: 'POST', path: 'superuser/invoices/8/paid', body: { method: 'bacs', date: '2026-11-02' } })
 */
export function rowFingerprint(row: unknown): string {
  return createHash('sha1')
    .update(JSON.stringify(stable(row) ?? null))
    .digest('base64');
}
