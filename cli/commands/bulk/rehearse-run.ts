/**
 * `edshed bulk rehearse PLAN --db FILE`: a saved plan applied, by bulk apply's own machinery, to a
 * throw-away copy of a sandbox database served in this process on a private port, signed in there with
 * a profile of its own: what production would do, item by item, and what it would change. Nothing goes
 * to any other API, and FILE is left as it was.
 */
import { accessSync, constants, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { CliError, EXIT } from '../../errors/cli-error.js';
import { createFactory } from '../../factory/default-factory.js';
import type { Env, Factory, GlobalOptions } from '../../factory/factory.js';
import { applyPlan } from '../../bulk/apply.js';
import type { BulkCommand } from '../../bulk/bulk-command.js';
import { isDrift } from '../../bulk/execute.js';
import { readOutcomes, type JournalProblem } from '../../bulk/journal-state.js';
import { checkPlan } from '../../bulk/plan-check.js';
import { readPlan, type Plan } from '../../bulk/plan-file.js';
import { resultsTarget, type ResultsTarget } from '../../bulk/results-file.js';
import { listRuns } from '../../bulk/run-list.js';
import { timeoutPerRequest } from '../../http/timeout.js';
import { wrapLines } from '../../output/fit.js';
import { fileErrorText } from '../../../core/node/file-error-text.js';
import type { PrivateCopy } from '../../../sandbox/server/private-copy.js';
import { diffLines, diffRecords, type RecordsDiff } from './rehearse-diff.js';

export interface RehearseOptions {
  /** The plan file saved by `--dry-run --plan FILE` (or `invoices reconcile --plan FILE`). */
  readonly plan: string;
  /** The sandbox database to rehearse on a copy of (`edshed sandbox import` writes one). */
  readonly db: string;
  readonly results?: string | undefined;
  readonly concurrency: number;
  readonly rate?: number | undefined;
}

/** What production would do with an item: as bulk apply would record it, told apart for a person. */
export type RehearsalOutcome = 'done' | 'refused' | 'drift' | 'set aside' | 'failed';
const OUTCOMES: readonly RehearsalOutcome[] = ['done', 'refused', 'drift', 'set aside', 'failed'];

/** One item of the plan and what the rehearsal did with it. */
export interface RehearsedItem {
  readonly index: number;
  readonly line: number;
  readonly target_id: number | null;
  /** The request's path (a table endpoint), or the row as the curated command describes it. */
  readonly path: string;
  readonly outcome: RehearsalOutcome;
  readonly http_status: number | null;
  readonly message: string;
}

/** The sandbox account every sandbox database has, and its well-known password. */
const ACCOUNT = { username: 'superuser', password: 'sandbox' } as const;

/** Variables that choose an API, a token, a profile or where credentials and journals live: the rehearsal sets its own. */
const OWN_ENV = [
  'EDSHED_API_URL',
  'EDSHED_ENV',
  'EDSHED_TOKEN',
  'EDSHED_PROFILE',
  'EDSHED_SANDBOX_URL',
  'EDSHED_PASSWORD',
  'EDSHED_CONFIG_DIR',
  'EDSHED_STATE_DIR',
  'XDG_CONFIG_HOME',
  'XDG_STATE_HOME',
];

const usage = (message: string): CliError => new CliError(`${message}; nothing was sent`, EXIT.usage);

/**
 * An item's outcome for the rehearsal's report: a 4xx is the API refusing it (its reason in the message),
 * a 5xx, an unknown outcome or none at all a failure of the run itself.
 *
 * @example
 * outcomeOf({ status: 'failed', http_status: 409, ... }) // 'refused'
 */
export function outcomeOf(
  recorded: Pick<JournalProblem, 'status' | 'http_status' | 'message'> | undefined,
): RehearsalOutcome {
  if (recorded?.status === 'done') return 'done';
  if (recorded?.status === 'skipped') return isDrift(recorded.message) ? 'drift' : 'set aside';
  if (
    recorded?.status === 'failed' &&
    recorded.http_status !== null &&
    recorded.http_status >= 400 &&
    recorded.http_status < 500
  )
    return 'refused';
  return 'failed';
}

/** The environment of the rehearsal's own CLI: the user's, with its config and state in the temporary folder and no API chosen. */
function rehearsalEnv(env: Env, dir: string, extra: Readonly<Record<string, string>> = {}): Env {
  const own: Record<string, string | undefined> = { ...env };
  for (const name of OWN_ENV) delete own[name];
  return { ...own, EDSHED_CONFIG_DIR: join(dir, 'config'), EDSHED_STATE_DIR: join(dir, 'state'), ...extra };
}

/** The checks before anything starts: the plan (and its input file), FILE, the results path. Exit 2 on any. */
async function checkInputs(
  o: RehearseOptions,
): Promise<{ plan: Plan; command: BulkCommand | undefined; db: string; results: ResultsTarget | undefined }> {
  const plan = await readPlan(o.plan);
  const db = resolve(o.db);
  if (!existsSync(db)) throw usage(`--db ${o.db}: no such file`);
  if (!statSync(db).isFile()) throw usage(`--db ${o.db}: not a file`);
  let results: ResultsTarget | undefined;
  if (o.results !== undefined) {
    results = resultsTarget(o.results);
    const taken = new Map([
      [resolve(o.plan), 'the plan'],
      [db, 'the database'],
      [resolve(plan.input.path), "the plan's input file"],
    ]);
    const what = taken.get(results.path);
    if (what !== undefined) throw usage(`--results ${o.results}: that is ${what}; name another file`);
    try {
      accessSync(dirname(results.path), constants.W_OK);
    } catch (error) {
      throw usage(`--results ${o.results}: cannot write there: ${fileErrorText(error)}`);
    }
  }
  // A reconcile plan with no confident lines has no items: nothing to check its command against.
  const command = plan.items.length === 0 ? undefined : await checkPlan(o.plan, plan);
  return { plan, command, db, results };
}

/** Where the plan would go if applied (for the note saying it is not contacted); undefined when no API is chosen. */
async function realTarget(c: Factory): Promise<string | undefined> {
  const connection = await c.connection().catch(() => undefined);
  if (connection === undefined) return undefined;
  return `${connection.environment ?? 'profile'} ${connection.profile ?? 'default'}, ${connection.baseUrl}`;
}

/**
 * Removes the temporary folder however the process ends: a second Ctrl-C (the bulk run's own handler
 * exits at once), Ctrl-C before the run has one, SIGTERM, or an error. Returns what undoes it.
 */
function cleanupOnExit(dir: string): { readonly running: () => void; readonly done: () => void } {
  const remove = () => rmSync(dir, { recursive: true, force: true });
  const signalled = (signal: NodeJS.Signals) => {
    remove();
    process.exit(signal === 'SIGINT' ? EXIT.interrupted : 143);
  };
  process.once('exit', remove);
  process.once('SIGINT', signalled);
  process.once('SIGTERM', signalled);
  return {
    running: () => process.off('SIGINT', signalled),
    done: () => {
      process.off('exit', remove);
      process.off('SIGINT', signalled);
      process.off('SIGTERM', signalled);
      remove();
    },
  };
}

/** Copies FILE into the folder and checks the copy (exit 2 when it is no sandbox database); FILE itself is only read. */
async function takeCopy(o: RehearseOptions, db: string, dir: string): Promise<string> {
  const [{ copyDatabase, sandboxDatabaseProblem }, { driverRefusal }] = await Promise.all([
    import('../../../sandbox/db/copy.js'),
    import('../../../sandbox/db/driver-support.js'),
  ]);
  const refusal = driverRefusal();
  if (refusal !== undefined) throw new CliError(refusal, EXIT.requestFailed);
  const copy = join(dir, 'copy.db');
  try {
    await copyDatabase(db, copy);
  } catch (error) {
    throw usage(`--db ${o.db}: cannot copy it: ${fileErrorText(error)}`);
  }
  const problem = sandboxDatabaseProblem(copy);
  if (problem !== undefined) throw usage(`--db ${o.db}: ${problem}`);
  return copy;
}

/** A CLI of the rehearsal's own: its env, the copy's URL, notes off (the rehearsal reports); signed in as the copy's superuser. */
async function signedInFactory(c: Factory, dir: string, url: string): Promise<Factory> {
  const globals: GlobalOptions = {
    apiUrl: url,
    quiet: true,
    ...(c.globals.color === undefined ? {} : { color: c.globals.color }),
    ...(c.globals.timeout === undefined ? {} : { timeout: c.globals.timeout }),
  };
  const { runLogin } = await import('../auth/login.js');
  await runLogin(
    createFactory(
      c.io,
      rehearsalEnv(c.env, dir, { EDSHED_PASSWORD: ACCOUNT.password }),
      c.version,
      c.prompter,
      globals,
    ),
    { username: ACCOUNT.username, passwordStdin: false },
  );
  return createFactory(c.io, rehearsalEnv(c.env, dir), c.version, c.prompter, globals);
}

/** Why a run on the copy stopped, without its advice to resume: that journal goes with the copy, and a rehearsal is simply run again. */
function stopReason(error: CliError): string {
  if (error.exitCode === EXIT.interrupted) return 'interrupted';
  if (error.exitCode === EXIT.auth) return "the copy refused the rehearsal's sign-in";
  if (error.message.startsWith('run paused')) return 'the copy kept failing or could not be reached';
  return error.message;
}

/** Runs bulk apply's machinery on the copy; its partial result (exit 3) is the rehearsal's to report, anything else stops it. */
async function applyOnCopy(
  rc: Factory,
  o: RehearseOptions,
  plan: Plan,
  command: BulkCommand,
  results: ResultsTarget | undefined,
): Promise<void> {
  try {
    await applyPlan(
      timeoutPerRequest(rc),
      { file: o.plan, concurrency: o.concurrency, rate: o.rate, results: results?.path, yes: true },
      plan,
      command,
    );
  } catch (error) {
    if (error instanceof CliError && error.exitCode === EXIT.bulkPartial) return;
    if (error instanceof CliError)
      throw new CliError(
        `the rehearsal stopped: ${stopReason(error)}; nothing was sent to production and ${o.db} is unchanged: rehearse again`,
        error.exitCode,
      );
    throw error;
  }
}

/** Each planned item with its last recorded outcome. */
async function rehearsedItems(env: Env, plan: Plan): Promise<RehearsedItem[]> {
  const [run] = await listRuns(env);
  const recorded =
    run === undefined
      ? new Map<number, JournalProblem>()
      : new Map((await readOutcomes(env, run.id)).outcomes.map((outcome) => [outcome.index, outcome]));
  return plan.items.map((item) => {
    const outcome = recorded.get(item.index);
    return {
      index: item.index,
      line: item.line,
      target_id: item.target_id,
      path: item.path,
      outcome: outcomeOf(outcome),
      http_status: outcome?.http_status ?? null,
      message: outcome?.message ?? 'not sent',
    };
  });
}

function report(
  c: Factory,
  o: RehearseOptions,
  plan: Plan,
  items: readonly RehearsedItem[],
  diff: RecordsDiff,
): Record<RehearsalOutcome, number> {
  const totals = Object.fromEntries(
    OUTCOMES.map((outcome) => [outcome, items.filter((item) => item.outcome === outcome).length]),
  ) as Record<RehearsalOutcome, number>;
  if (c.globals.json) {
    c.io.stdout.write(
      `${JSON.stringify({ plan: resolve(o.plan), db: resolve(o.db), command: plan.command, items, totals, changes: diff })}\n`,
    );
    return totals;
  }
  const detail = (item: RehearsedItem) =>
    item.outcome === 'done'
      ? ''
      : ` (${item.http_status === null ? '' : `${item.http_status} `}${item.message.replace(/^drift: /, '')}${notInCopy(item) ? `: not in ${o.db}` : ''})`;
  const counted = OUTCOMES.filter((outcome) => totals[outcome] > 0).map((outcome) => `${totals[outcome]} ${outcome}`);
  const lines = [
    `Rehearsal of ${o.plan} (${plan.command}) on a copy of ${o.db}: what production would do`,
    ...items.map((item) => `  line ${item.line}: ${item.path}: ${item.outcome}${detail(item)}`),
    `Outcomes: ${counted.join(', ') || 'none'} of ${items.length}`,
    ...diffLines(diff),
  ];
  c.io.stdout.write(`${wrapLines(lines, Math.max(40, c.io.columns ?? 80)).join('\n')}\n`);
  return totals;
}

/**
 * Rehearses a plan on a throw-away copy of a sandbox database and reports each item's outcome, the
 * totals by outcome and the records changed; `--results` has bulk apply's columns. Every local check
 * first (exit 2, nothing started); exit 3 when some item would not be done, as bulk apply's would.
 *
 * @example
 * await runRehearse(c, { plan: 'plan.json', db: 'production-copy.db', concurrency: 4 });
 */
export async function runRehearse(c: Factory, o: RehearseOptions): Promise<void> {
  const { plan, command, db, results } = await checkInputs(o);
  if (command === undefined) {
    if (!c.globals.quiet)
      c.io.stderr.write(`${o.plan}: the plan has no writes (no confident or accepted lines); nothing to rehearse.\n`);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'edshed-rehearse-'));
  const cleanup = cleanupOnExit(dir);
  let copy: PrivateCopy | undefined;
  let items: RehearsedItem[];
  let diff: RecordsDiff;
  try {
    const file = await takeCopy(o, db, dir);
    const { servePrivateCopy } = await import('../../../sandbox/server/private-copy.js');
    copy = await servePrivateCopy(file, c.version);
    const rc = await signedInFactory(c, dir, copy.url);
    if (!c.globals.quiet) {
      const target = await realTarget(c);
      const note = `Rehearsing ${plan.items.length} item${plan.items.length === 1 ? '' : 's'} of ${plan.command} on a private copy of ${o.db} (${copy.url}); ${target === undefined ? 'no other API' : `the plan's real target (${target})`} is not contacted.`;
      c.io.stderr.write(`${wrapLines([note], Math.max(40, c.io.columns ?? 80)).join('\n')}\n`);
    }
    const before = copy.records();
    // The bulk run's Ctrl-C handling from here (the run reads the same signal): the first Ctrl-C stops it cleanly.
    c.io.interrupts();
    cleanup.running();
    await applyOnCopy(rc, o, plan, command, results);
    items = await rehearsedItems(rc.env, plan);
    diff = diffRecords(before, copy.records());
  } finally {
    await copy?.close();
    cleanup.done();
  }
  report(c, o, plan, items, diff);
  if (!c.globals.quiet && results !== undefined)
    c.io.stderr.write(`Results (bulk apply's columns) in ${results.path}\n`);
  const message = shortfallMessage(items, o.db);
  if (message !== undefined) throw new CliError(message, EXIT.bulkPartial);
}

/** An item skipped because its target is not in the copy: a school the import did not copy, most often. */
const notInCopy = (item: RehearsedItem): boolean => item.outcome === 'drift' && /, now not found$/.test(item.message);

/**
 * What a rehearsal in which some items would not be done ends with (undefined when all would be): how many,
 * and of them how many target records the copy does not hold, which production may well have.
 *
 * @example
 * shortfallMessage(items, 'copy.db') // '2 of 4 items would not be done on copy.db (see above): ...'
 */
export function shortfallMessage(items: readonly RehearsedItem[], db: string): string | undefined {
  const notDone = items.filter((item) => item.outcome !== 'done').length;
  if (notDone === 0) return undefined;
  const missing = items.filter(notInCopy).length;
  if (missing === 0)
    return `${notDone} of ${items.length} items would not be done in production (see above); ${db} is unchanged`;
  const rest = notDone - missing;
  return `${notDone} of ${items.length} items would not be done on ${db} (see above): ${missing} target${missing === 1 ? ' is' : 's are'} not in it (copy ${missing === 1 ? 'its school' : 'their schools'} with edshed sandbox import to rehearse ${missing === 1 ? 'it' : 'them'})${rest > 0 ? `, and ${rest} would not be done in production` : ''}; ${db} is unchanged`;
}
