import type { Endpoint } from '../../core/endpoints/define.js';
import type { Factory } from '../factory/factory.js';
import type { ColumnMap } from './columns.js';
import type { BulkRequest } from './items-file.js';
import type { Outcome } from './item-verdict.js';
import type { RowIssue } from './row-check.js';
import type { TargetWish } from './plan-no-change.js';
import type { TargetKind } from './targets.js';
import type { RunWarning } from './plan-file.js';

/** A run's warnings (cli/bulk/run-warnings.ts) and, for its prompt, where it takes its targets. */
export interface RunWarnings {
  readonly warnings: readonly RunWarning[];
  /** `to Maple Elementary School (school 2, US)`: named in the prompt; undefined when it says nothing. */
  readonly destination?: string | undefined;
}

/** What a row's run gets besides its row: the key of its write(s), the run it belongs to, and Ctrl-C. */
export interface RowRunContext {
  /** The same for every send of this item, in this run and any resume: `<prefix>-<index>`. */
  readonly idempotencyKey: string;
  readonly runId: string;
  readonly signal: AbortSignal;
}

/** A row's outcome; `pauseMs` when the answer said the rate-limit window is spent. */
export interface RowResult {
  readonly outcome: Outcome;
  readonly pauseMs?: number;
  /** The invoice the row wrote to (minor units): summed per currency over the items done, for the closing summary. */
  readonly amount?: { readonly currency: string | null; readonly total: number | null } | undefined;
  /** False when the write changed nothing (the target was already in that state): its amount is not counted. */
  readonly changed?: boolean;
}

/** Rows a command refuses for the caller it read: who they are, what was read to know it, and each row's problem. */
export interface PreflightRefusal {
  /** Who the caller is, as the refusal names them: `superuser (a superuser)`. */
  readonly who: string;
  /** The request that told: `GET users/me`. */
  readonly read: string;
  readonly issues: readonly (RowIssue & { readonly line: number })[];
}

/** The result of checking one row: the row to run, or what is wrong with it. */
export type RowValidation<Row> =
  { readonly ok: true; readonly row: Row } | { readonly ok: false; readonly issues: readonly RowIssue[] };

/**
 * Anything a bulk run can run once per row: a table endpoint (the row is its request) or a curated
 * command (the row is its run function's options). The runner, journal, input and validation plumbing
 * is the same for all of them.
 */
export interface BulkCommand<Row = unknown> {
  /** The words of the command, for the journal, messages and plans: `invoices mark paid`. */
  readonly name: string;
  /** What is needed to build it again for `runs resume` (cli/bulk/registry.ts, cli/bulk/run-command.ts); absent for a table endpoint. */
  readonly resume?: { readonly kind: string; readonly args: Readonly<Record<string, string>> };
  /** What one row does, for a plan's count line: `POST superuser/invoices/{id}/paid`. */
  readonly summary?: string;
  /** The columns a file may have and must have (header checks, NDJSON keys). */
  readonly columns: ColumnMap;
  /** Destructive: asks once for the whole run (a yes/no; production asks for the count anyway). */
  readonly destructive: boolean;
  /** False for a public endpoint: no sign-in needed. */
  readonly signedIn: boolean;
  /**
   * A table endpoint's command only: the endpoint and the request a row sends. Plans (`--plan`, `bulk
   * apply`), drift checks and read-back of invoices and subscriptions work on these; a curated command has none.
   */
  readonly table?: { readonly endpoint: Endpoint; request(row: Row): BulkRequest };
  /**
   * Invoice and subscription workflows: what a row writes to. Plans record each target's state, `bulk
   * apply` skips the items whose target changed since (drift), and plans show totals per currency.
   */
  readonly target?: {
    readonly kind: TargetKind;
    id(row: Row): number | undefined;
    /**
     * What the row asks of its target's state (`{ state: 'paid', reason: 'already paid' }`); undefined when
     * the state cannot tell. A dry run marks the rows whose target is already so "no change".
     */
    wants?(row: Row): TargetWish | undefined;
  };
  /** A cap on --concurrency, for commands whose rows must not overlap. */
  readonly maxConcurrency?: number;
  /**
   * Before a session (a run or a resume) sends its first row: reads what its rows need, once, in pages
   * (the invoices they write to), so each row sends one request. Given the rows the session sends.
   */
  load?(c: Factory, rows: AsyncIterable<Row>): Promise<void>;
  /** Once a new run is confirmed, before its first row (open a file every row appends to). */
  prepare?(): Promise<void>;
  /**
   * Checks that need to know who is signed in, once every row passed its local checks and before
   * anything is written (a dry run makes them too): the rows refused for this caller, by line (a
   * superuser's rows must name a school). Undefined, or no issues, when none is; any refuses the run
   * (cli/bulk/preflight.ts).
   */
  preflight?(c: Factory): Promise<PreflightRefusal | undefined>;
  /**
   * What the rows change beyond what they say (a move's currency, country, district, a school left
   * without access), read once for all the rows before anything is written. Never blocks: printed on
   * stderr, saved in a plan; `destination` is named in the prompt. A dry run reads them when signed in.
   */
  warnings?(c: Factory, rows: readonly Row[]): Promise<RunWarnings>;
  /** Local checks of one row (values keyed by column key, command-line defaults merged in; its line in the file): no request. */
  validate(
    values: Readonly<Record<string, unknown>>,
    options: { readonly text: boolean; readonly line: number },
  ): RowValidation<Row>;
  /**
   * What a row changes (`invoice 8`, `POST superuser/invoices/8/paid`), for a command whose rows may not
   * change one thing twice: two rows of one target are a duplicate when they make the same change (the
   * second is set aside), and a conflict when they differ, refused with both lines named (which one
   * would win depends on timing). Undefined: rows are duplicates only when identical.
   */
  targetKey?(row: Row): string;
  /** Each row creates something new (`pupils generate`): identical rows are distinct creations, never duplicates. */
  readonly creates?: boolean;
  /** A row read back from the run's items file (checked: the file is on disk between run and resume). */
  parse(stored: unknown): Row;
  /**
   * What the row writes to as a person names it (`INV-000004`, `subscription 12 -> school 7`): the
   * journal records it beside each item, so results and `runs show` need no request to name it.
   */
  naturalKey?(row: Row): string | undefined;
  /** One line of a plan: what the row will do. */
  describe(row: Row): string;
  /**
   * Invoice and subscription workflows: reads the row's target back and tells whether it already shows
   * the row's change (false when it cannot tell). A resume records an item of unknown outcome done
   * without sending it again when it does: a production server may have forgotten the key by then.
   */
  applied?(c: Factory, row: Row): Promise<boolean>;
  /** Runs one row; throws the API's error for the runner to judge (retry, pause, unknown, failed). */
  run(c: Factory, row: Row, context: RowRunContext): Promise<RowResult>;
}

/** The output of a run is the journal, the progress and the summary: each row's own output is silenced. */
const silent = { write: () => true };

/**
 * The factory a row's run function gets: quiet, with stdout discarded (the bulk run reports instead),
 * and what it still writes to stderr (--verbose lines) handed to `log` (above the progress view).
 *
 * @example
 * await runMark(rowFactory(c, progress.log), { ids: [8], action: 'paid', ... });
 */
export function rowFactory(c: Factory, log: (text: string) => void): Factory {
  // The run's --json/--format/--fields shape its summary, not each row's (silenced) output.
  const { json: _json, format: _format, fields: _fields, ...globals } = c.globals;
  return c.withIo({ ...c.io, stdout: silent, stderr: { write: log } }).withGlobals({ ...globals, quiet: true });
}
