import { CliError, EXIT } from '../errors/cli-error.js';
import type { Factory } from '../factory/factory.js';
import { chooseFormat, parseFields, type Format } from './render.js';

/** How a command's answer will be printed, settled before anything is sent. */
export interface OutputPlan {
  readonly format: Format;
  readonly fields?: readonly string[];
  /**
   * The columns a terminal table shows when `--fields` names none: the answer's shape's own (its
   * `columns`). Absent with `--fields all`, and for every other format (they keep every field).
   */
  readonly tableColumns?: readonly string[];
  /** How long each of `tableColumns` stays on a narrow terminal (the shape's `priority`). */
  readonly priorities?: Readonly<Record<string, number>>;
  /** `--fields all`: every field, none left out to fit (shown record by record when they cannot fit). */
  readonly every?: true;
  /** Whether the table shows names beside other records' ids (a list's default table only). */
  readonly names?: boolean;
}

/**
 * The plan of a table of the CLI's own records (runs, the audit log): on a terminal with no `--fields`,
 * these columns with these priorities; undefined otherwise (every field, as before).
 *
 * @example
 * await printResponse(c, rows, undefined, ownTablePlan(c, ['id', 'command'], { command: 2 }));
 */
export function ownTablePlan(
  f: Factory,
  tableColumns: readonly string[],
  priorities: Readonly<Record<string, number>>,
): OutputPlan | undefined {
  if (f.globals.fields !== undefined || chooseFormat(f.globals, f.io.stdoutIsTTY) !== 'table') return undefined;
  return { format: 'table', tableColumns, priorities };
}

/**
 * Checks `--format` and `--fields` before the first request, so a typo exits 2 with nothing sent.
 * Fields are checked against `knownFields` when the answer's fields are known. A write whose answer's
 * fields are not known refuses `--fields` up front: finding the typo after the write would be too late.
 * A read's are checked against its answer (exit 1 then: a request was sent). `--fields all` shows every
 * field; without `--fields` a table shows `tableColumns` (the shape's default columns) when given.
 *
 * @example
 * const plan = planOutput(c, { write: true, knownFields: replyFieldNames(endpoint), command: 'invoices mark-paid' });
 */
export function planOutput(
  f: Factory,
  options: {
    readonly write: boolean;
    readonly knownFields?: readonly string[] | undefined;
    readonly tableColumns?: readonly string[] | undefined;
    readonly priorities?: Readonly<Record<string, number>> | undefined;
    readonly names?: boolean | undefined;
    readonly command: string;
  },
): OutputPlan {
  const format = chooseFormat(f.globals, f.io.stdoutIsTTY);
  const fields = parseFields(f.globals.fields);
  if (!fields) {
    const all = f.globals.fields !== undefined;
    if (format === 'table' && all) return { format, every: true };
    if (format !== 'table' || !options.tableColumns) return { format };
    return {
      format,
      tableColumns: options.tableColumns,
      ...(options.priorities ? { priorities: options.priorities } : {}),
      ...(options.names ? { names: true } : {}),
    };
  }
  if (options.knownFields) {
    const unknown = fields.filter((name) => !options.knownFields?.includes(name));
    if (unknown.length > 0) {
      // `school_name` is a column a list's table adds beside `school_id`: not a field of the answer.
      const names = unknown.filter(
        (name) => /_name$/.test(name) && options.knownFields?.includes(name.replace(/_name$/, '_id')),
      );
      const hint = names
        .map((name) => ` (${name}: the table shows it beside ${name.replace(/_name$/, '_id')}; give that)`)
        .join('');
      throw new CliError(
        `--fields: unknown field${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}${hint}; available: ${options.knownFields.join(', ')}; nothing was sent`,
        EXIT.usage,
      );
    }
  } else if (options.write) {
    throw new CliError(
      `--fields: the fields of ${options.command}'s answer are not known before it is sent, so they cannot be checked; use --json (nothing was sent)`,
      EXIT.usage,
    );
  }
  return { format, fields };
}
