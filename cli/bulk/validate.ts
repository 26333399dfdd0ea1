import type { BulkCommand } from './bulk-command.js';
import type { ColumnMap } from './columns.js';
import type { BulkInput } from './input.js';
import type { ProblemEvent, RowEvent } from './input-event.js';
import type { BulkItem } from './items-file.js';
import { isSecretKey } from '../output/redact.js';
import { checkRow, pinnedTwice, rowFingerprint, SECRET_IN_BULK, type RowContext, type RowIssue } from './row-check.js';

export interface ValidateOptions<Row> {
  /** What each row is checked against (a table endpoint, a curated command). */
  readonly command: BulkCommand<Row>;
  /** Values from the command line, defaults for every row. */
  readonly defaults: Readonly<Record<string, unknown>>;
  /** Keys of the defaults given as path arguments (`invoices mark-paid 8 --from FILE`): no column or row may give them too. */
  readonly pinned?: ReadonlySet<string>;
  /** Called for each valid row, in file order (write it to the items file, count it for a plan). */
  readonly onItem: (item: BulkItem<Row>) => void | Promise<void>;
  /** With --skip-invalid: called for each bad row (with its item index; none for an unreadable line) instead of listing its problems. */
  readonly onReject?: (
    row: RowEvent | ProblemEvent,
    reasons: readonly string[],
    index: number | undefined,
  ) => void | Promise<void>;
}

export interface ValidationReport {
  /** Data rows read (valid or not). */
  readonly rows: number;
  readonly valid: number;
  readonly rejected: number;
  /** Every problem as `file:line: column: message`, by line: row problems (unless set aside) and file problems. */
  readonly problems: readonly string[];
  /** A problem of the whole file (header, unreadable, empty): the run cannot go on, even with --skip-invalid. */
  readonly fatal: boolean;
}

/**
 * One problem as a run prints it: `file:line: column: message`.
 *
 * @example
 * issueText('classes.csv', 3, { column: 'school', message: 'missing' }) // 'classes.csv:3: school: missing'
 */
export function issueText(file: string, line: number, issue: RowIssue): string {
  return `${file}:${line}: ${issue.column ? `${issue.column}: ` : ''}${issue.message}`;
}

const unknownColumn = (map: ColumnMap): string => `unknown column; expected ${map.known.join(', ')}`;

/**
 * The problems of a CSV header. An unknown column is one too, unless `unknown` collects it (with
 * --skip-invalid): then only the rows with a value in it are set aside, since that value would not be sent.
 */
function headerProblems(
  map: ColumnMap,
  columns: readonly string[],
  defaults: Readonly<Record<string, unknown>>,
  pinned: ReadonlySet<string>,
  unknown?: Set<string>,
): RowIssue[] {
  const issues: RowIssue[] = [];
  const seen = new Map<string, number>();
  columns.forEach((name, i) => {
    if (name === '') issues.push({ column: `column ${i + 1}`, message: 'no name in the header' });
    else if (seen.has(name))
      issues.push({
        column: name,
        message: `given twice in the header (columns ${(seen.get(name) ?? 0) + 1} and ${i + 1})`,
      });
    else if (map.keyOf(name) === undefined && unknown !== undefined) unknown.add(name);
    else if (map.keyOf(name) === undefined) issues.push({ column: name, message: unknownColumn(map) });
    else if (isSecretKey(map.keyOf(name) as string)) issues.push({ column: name, message: SECRET_IN_BULK });
    else if (pinned.has(map.keyOf(name) as string))
      issues.push({ column: name, message: pinnedTwice(map, map.keyOf(name) as string, defaults) });
    seen.set(name, i);
  });
  for (const key of Object.keys(defaults)) if (isSecretKey(key)) issues.push({ column: key, message: SECRET_IN_BULK });
  const keys = new Set(columns.map((name) => map.keyOf(name)));
  for (const key of map.required) {
    if (!keys.has(key) && defaults[key] === undefined) {
      const flag = map.commandLineName(key);
      issues.push({
        column: key,
        message: flag ? `missing column; add it, or give ${flag} for every row` : 'missing column; add it',
      });
    }
  }
  return issues;
}

/**
 * The rows seen so far, by target (the first row's fingerprint and line as one string, `<fingerprint>
 * <line>`), or by fingerprint when the command names no target (the line): a dry run keeps one per row.
 */
type SeenRows = Map<string, string>;

/**
 * The string, flattened: in V8 a string built by concatenation is a tree of its parts (`POST ` + path,
 * the fingerprint + ' ' + line), about twice the bytes of its text, until a character of it is read, which
 * makes it one run of characters (the collector then drops the parts). Kept for every row of a file, the
 * trees were 130 bytes a row (295 against 165 for a key and value, measured alone).
 */
function flat(text: string): string {
  text.charCodeAt(0);
  return text;
}

/**
 * Whether a valid row repeats one seen before: the same change twice (a duplicate), or the same target
 * changed another way (a conflict); notes it when it is new.
 */
function sameTarget<Row>(
  seen: SeenRows,
  command: BulkCommand<Row>,
  row: Row,
  line: number,
): { kind: 'duplicate' | 'conflict'; line: number; target: string } | undefined {
  const fingerprint = rowFingerprint(row);
  const target = command.targetKey?.(row);
  const first = seen.get(target ?? fingerprint);
  if (first === undefined) {
    // Keyed by its fingerprint, a row seen again is the same change: its line is all there is to keep.
    seen.set(flat(target ?? fingerprint), target === undefined ? String(line) : flat(`${fingerprint} ${line}`));
    return undefined;
  }
  if (target === undefined) return { kind: 'duplicate', line: Number(first), target: '' };
  const space = first.indexOf(' ');
  return {
    kind: first.slice(0, space) === fingerprint ? 'duplicate' : 'conflict',
    line: Number(first.slice(space + 1)),
    target,
  };
}

/**
 * The first pass of a bulk run: reads the whole input as a stream and checks every row against the
 * command's own local checks (for an endpoint, as the single command builds its request), before anything is sent. Keeps only a fingerprint per valid
 * row (to report duplicates, the same change twice, and conflicts, one target changed two ways) and
 * hands each valid row to `onItem`.
 *
 * @example
 * const report = await validateInput(input, { command, defaults: { method: 'bacs' }, onItem: (item) => writer.write(item) });
 * if (report.problems.length > 0) for (const line of report.problems) console.error(line);
 */
export async function validateInput<Row>(input: BulkInput, options: ValidateOptions<Row>): Promise<ValidationReport> {
  const { command } = options;
  const map = command.columns;
  const problems: { line: number; text: string }[] = [];
  const say = (line: number, issue: RowIssue) => problems.push({ line, text: issueText(input.name, line, issue) });
  const reported = new Set<string>();
  const headerName = new Map<string, string>();
  const pinned = options.pinned ?? new Set<string>();
  // A bad value the command line gives every row (`--method chq`) is the whole run's problem: said once.
  const flagsSaid = new Set<string>();
  const onFlagIssue = (key: string, message: string) => {
    fatal = true;
    if (flagsSaid.has(key)) return;
    flagsSaid.add(key);
    problems.push({ line: 0, text: `${map.commandLineName(key) ?? key}: ${message}` });
  };
  const context: RowContext<Row> = {
    command,
    defaults: options.defaults,
    pinned,
    text: input.format === 'csv',
    reported,
    columnOf: (key) => headerName.get(key) ?? key,
    onFlagIssue,
  };
  const rows: SeenRows = new Map();
  // With --skip-invalid, the unknown columns of the header: a row with a value in one is set aside.
  const unknown = options.onReject ? new Set<string>() : undefined;
  const counts = { rows: 0, valid: 0, rejected: 0 };
  let fatal = false;
  let headerLine: number | undefined;
  const reject = async (event: RowEvent | ProblemEvent, issues: readonly RowIssue[], index?: number) => {
    counts.rejected += 1;
    if (options.onReject && !fatal)
      await options.onReject(
        event,
        issues.map((i) => `line ${event.line}: ${i.column ? `${i.column}: ` : ''}${i.message}`),
        index,
      );
    else for (const issue of issues) say(event.line, issue);
  };
  for await (const event of input.events) {
    if (event.kind === 'header') {
      headerLine = event.line;
      for (const name of event.columns)
        if (map.keyOf(name) !== undefined) headerName.set(map.keyOf(name) as string, name);
      const issues = headerProblems(map, event.columns, options.defaults, pinned, unknown);
      for (const issue of issues) say(event.line, issue);
      // A required column the header lacks was said above, unless the command line gives it (checked per row).
      for (const key of map.required)
        if (![...headerName.keys()].includes(key) && options.defaults[key] === undefined) reported.add(key);
      // A secret column or default is said once, on the header line, not again on every row.
      for (const key of [...headerName.keys(), ...Object.keys(options.defaults)])
        if (isSecretKey(key)) reported.add(key);
      fatal ||= issues.length > 0;
    } else if (event.kind === 'problem') {
      if (event.fatal) {
        fatal = true;
        say(event.line, event);
      } else await reject(event, [event]);
    } else {
      const index = counts.rows;
      counts.rows += 1;
      const dropped = unknown === undefined ? [] : Object.keys(event.values).filter((name) => unknown.has(name));
      if (dropped.length > 0) {
        await reject(
          event,
          dropped.map((column) => ({ column, message: `${unknownColumn(map)} (its value would not be sent)` })),
          index,
        );
        continue;
      }
      const check = checkRow(context, event.values, event.line);
      if (!check.ok) {
        await reject(event, check.issues, index);
        continue;
      }
      const seen = command.creates ? undefined : sameTarget(rows, command, check.row, event.line);
      if (seen?.kind === 'duplicate') {
        await reject(event, [{ message: `duplicate of line ${seen.line} (the same change twice)` }], index);
        continue;
      }
      if (seen?.kind === 'conflict') {
        // Refused whatever --skip-invalid says: which of the two the file means is not ours to pick.
        fatal = true;
        say(seen.line, { message: `conflicts with line ${event.line}: both change ${seen.target}, differently` });
        say(event.line, {
          message: `conflicts with line ${seen.line}: both change ${seen.target}, differently; keep the row you mean (sent together, which one wins would depend on timing)`,
        });
        continue;
      }
      counts.valid += 1;
      await options.onItem({ index, line: event.line, row: check.row });
    }
  }
  // A malformed row (wrong field count, broken JSON) is still a row: the file is not empty then.
  if (counts.rows === 0 && counts.rejected === 0 && !fatal) {
    fatal = true;
    say(headerLine ?? 1, {
      message: headerLine === undefined ? 'no rows: the file is empty' : 'no rows after the header',
    });
  }
  problems.sort((a, b) => a.line - b.line);
  return { ...counts, problems: problems.map((p) => p.text), fatal };
}
