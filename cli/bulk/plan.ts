import { resolve } from 'node:path';
import type { Factory } from '../factory/factory.js';
import { CliError, EXIT } from '../errors/cli-error.js';
import { writeFileAtomic } from '../write/atomic-file.js';
import type { BulkCommand, RunWarnings } from './bulk-command.js';
import type { BulkInput } from './input.js';
import type { BulkItem } from './items-file.js';
import { newRunId } from './journal.js';
import { hashFile, pinOf, type Plan, type PlanItem } from './plan-file.js';
import type { BulkRunOptions } from './run-bulk.js';
import { judgeTargets, type NoChangeCheck } from './plan-no-change.js';
import { noChangeLines, refusedLines, targetLines, targetSummary } from './target-summary.js';
import { readTargets, type TargetKind, type TargetState } from './targets.js';
import { validateInput } from './validate.js';
import { openRejects, type RejectsFile } from './rejects.js';
import { runPreflight } from './preflight.js';
import { printRunWarnings, readRunWarnings } from './run-warnings.js';

/** Requests shown in full in a plan. */
const SHOWN = 5;

/** The targets' states now; none when not signed in (a saved plan needs them: exit 4). */
async function currentStates(
  c: Factory,
  o: { readonly plan?: string | undefined },
  kind: TargetKind | undefined,
  ids: ReadonlySet<number>,
): Promise<Map<number, TargetState> | undefined> {
  if (kind === undefined) return undefined;
  if (!(await c.connection()).token) {
    if (o.plan !== undefined)
      throw new CliError(
        `--plan needs the ${kind}' states now: sign in with edshed login first; nothing was sent`,
        EXIT.auth,
      );
    if (!c.globals.quiet) c.io.stderr.write(`Not signed in: the ${kind}' states and totals are not shown.\n`);
    return undefined;
  }
  return readTargets(await c.api(), kind, ids);
}

/** `--plan` needs a command bulk apply can build again: a table endpoint, or a curated command with targets (before the file is read). */
function refuseUnplannable<Row>(command: BulkCommand<Row>): void {
  if (command.table || (command.target && command.resume)) return;
  throw new CliError(
    `--plan: ${command.name} has no targets a plan could check; plans and edshed bulk apply cover the table's endpoint commands, invoices mark and subscriptions move (e.g. edshed invoices mark paid --from FILE --dry-run --plan plan.json). Without --plan, --dry-run shows what this run would do; nothing was sent`,
    EXIT.usage,
  );
}

/**
 * `--dry-run` with `--from`: validates the whole file as a real run would, then prints the plan on stdout
 * (how many operations of which kind, the first few rows as the command describes them; for invoice and subscription workflows the
 * targets' states now and the totals per currency, and the rows whose target is already as they want it,
 * marked "no change"; with --json the counts, the targets' states and totals, and those rows as JSON) and sends nothing. With `--plan FILE` it saves the
 * plan for `edshed bulk apply`. Holds the first few requests and, per target, only its id and state.
 *
 * @example
 * await printPlan(c, input, { ...options, plan: 'plan.json' }); // 868 operations: invoices mark-paid ...
 */
export async function printPlan<Row>(c: Factory, source: BulkInput, o: BulkRunOptions<Row>): Promise<void> {
  // A dry run sets bad rows aside as the run would: --rejects shows which, before anything is sent.
  const { input, rejects } = openRejects(source, o);
  try {
    await planRows(c, input, o, rejects);
  } catch (error) {
    await rejects?.discard();
    throw error;
  }
  await rejects?.close();
}

async function planRows<Row>(
  c: Factory,
  input: BulkInput,
  o: BulkRunOptions<Row>,
  rejects: RejectsFile | undefined,
): Promise<void> {
  const { command } = o;
  if (o.plan !== undefined) refuseUnplannable(command);
  if (o.plan !== undefined && o.from === '-')
    throw new CliError(
      '--plan needs --from FILE (a plan pins the input file by its hash; standard input has none)',
      EXIT.usage,
    );
  const kind = command.target?.kind;
  const first: BulkItem<Row>[] = [];
  const ids = new Set<number>();
  const planned: PlanItem[] = [];
  // Rows whose target may already be as they want it: judged once the targets' states are read.
  // Judged only against the targets' states, which are read only when signed in: else nothing is kept per row.
  const wants = kind !== undefined && (await c.connection()).token ? command.target?.wants : undefined;
  const checks: NoChangeCheck[] = [];
  // Rows kept for the command's warnings, read once the file is checked (only when signed in: they need reads).
  const warnRows: BulkItem<Row>[] | undefined =
    command.warnings !== undefined && (await c.connection()).token ? [] : undefined;
  const report = await validateInput(input, {
    command,
    defaults: o.defaults,
    ...(o.pinned ? { pinned: o.pinned } : {}),
    onItem: (item) => {
      if (first.length < SHOWN) first.push(item);
      warnRows?.push(item);
      const id = command.target?.id(item.row);
      if (id !== undefined) ids.add(id);
      const wish = id === undefined ? undefined : wants?.(item.row);
      if (wish !== undefined && id !== undefined)
        checks.push({ index: item.index, line: item.line, target_id: id, wish });
      if (o.plan !== undefined)
        planned.push({
          index: item.index,
          line: item.line,
          target_id: id ?? null,
          ...pinOf(command, item.row),
          state: null,
        });
    },
    ...(o.skipInvalid ? { onReject: async (row, reasons) => rejects?.write(row, reasons) } : {}),
  });
  if (report.problems.length > 0 || report.valid === 0) {
    for (const line of report.problems) c.io.stderr.write(`${line}\n`);
    const count = report.problems.length;
    throw new CliError(
      count > 0
        ? `${count} problem${count === 1 ? '' : 's'} in ${input.name}; nothing would be sent`
        : `${input.name}: no valid rows; nothing would be sent`,
      EXIT.usage,
    );
  }
  await runPreflight(c, command, input.name, 'nothing would be written');
  const states = await currentStates(c, o, kind, ids);
  const warned = warnRows === undefined ? undefined : await readRunWarnings(c, command, warnRows);
  // The API's own day decides which payment dates it refuses; the machine's UTC day stands in for it.
  const judged =
    wants !== undefined && states !== undefined
      ? judgeTargets(checks, states, c.now().toISOString().slice(0, 10))
      : undefined;
  const noChange = judged?.noChange;
  const refused = judged?.refused ?? [];
  const marks = new Map([
    ...(noChange ?? []).map((n) => [n.index, `no change: ${n.reason}`] as const),
    ...refused.map((n) => [n.index, `would be refused: ${n.reason}`] as const),
  ]);
  if (c.globals.json) {
    const targets = kind !== undefined && states !== undefined ? { kind, ...targetSummary(ids, states) } : null;
    const plan = {
      file: input.name,
      command: command.name,
      operations: report.valid,
      set_aside: report.rejected,
      targets,
      no_change: noChange?.length ?? null,
      no_change_items: noChange ?? [],
      refused: judged === undefined ? null : refused.length,
      refused_items: refused,
      // Only a command with warnings (a move) says where it goes and what else it changes.
      ...(warned === undefined ? {} : { destination: warned.destination ?? null, warnings: warned.warnings }),
    };
    c.io.stdout.write(`${JSON.stringify(plan)}\n`);
  } else {
    const lines = [
      `Plan for ${input.name}: ${report.valid} operation${report.valid === 1 ? '' : 's'}${noChange === undefined ? '' : `, ${noChange.length} of them no change`}${refused.length > 0 ? `, ${refused.length} would be refused` : ''}`,
      `  ${report.valid} × ${command.name}${command.summary ? ` (${command.summary})` : ''}`,
      ...(warned?.destination ? [`    ${warned.destination}`] : []),
      ...(report.rejected > 0
        ? [
            `  ${report.rejected} bad row${report.rejected === 1 ? '' : 's'} would be set aside (--skip-invalid)${o.rejects === undefined ? '' : `, written to ${o.rejects}`}`,
          ]
        : []),
      `First ${Math.min(SHOWN, report.valid)}:`,
      ...first.map(
        (item) =>
          `  line ${item.line}: ${command.describe(item.row)}${marks.has(item.index) ? ` (${marks.get(item.index)})` : ''}`,
      ),
      ...(report.valid > SHOWN ? [`  ... and ${report.valid - SHOWN} more`] : []),
      ...(kind !== undefined && states !== undefined ? targetLines(kind, ids, states) : []),
      ...(kind !== undefined && noChange !== undefined && noChange.length > 0 ? noChangeLines(kind, noChange) : []),
      ...(kind !== undefined && refused.length > 0 ? refusedLines(kind, refused) : []),
      ...(warned !== undefined && warned.warnings.length > 0
        ? [
            `Warnings: ${warned.warnings.length}, on stderr${o.plan === undefined ? '' : ' and in the plan'} (they do not stop the run)`,
          ]
        : []),
    ];
    c.io.stdout.write(`${lines.join('\n')}\n`);
  }
  printRunWarnings(c, warned);
  if (refused.length > 0 && !c.globals.quiet) {
    c.io.stderr.write(
      `Warning: ${refused.length} of ${report.valid} rows would be refused by the API as things stand (lines ${refused
        .slice(0, 5)
        .map((n) => n.line)
        .join(', ')}${refused.length > 5 ? ', ...' : ''}); fix them or set them aside before the run.\n`,
    );
  }
  if (o.plan !== undefined) await savePlan(c, o, o.plan, report.rows, planned, states, warned);
  if (!c.globals.quiet)
    c.io.stderr.write(
      `Dry run: nothing was sent.${o.plan === undefined ? '' : ` Plan saved in ${o.plan}; run it with: edshed bulk apply ${o.plan}`}\n`,
    );
}

async function savePlan<Row>(
  c: Factory,
  o: BulkRunOptions<Row>,
  file: string,
  rows: number,
  items: readonly PlanItem[],
  states: ReadonlyMap<number, TargetState> | undefined,
  warned: RunWarnings | undefined,
): Promise<void> {
  const path = resolve(o.from);
  const endpoint = o.command.table?.endpoint;
  const plan: Plan = {
    type: 'edshed-plan',
    version: 1,
    plan_id: newRunId(c.now()),
    created: c.now().toISOString(),
    command: o.command.name,
    ...(endpoint ? { endpoint: { method: endpoint.method, path: endpoint.path } } : { bulk: o.command.resume }),
    defaults: { ...o.defaults },
    input: { path, sha256: await hashFile(path), rows },
    items: items.map((item) => ({
      ...item,
      state: item.target_id === null ? null : (states?.get(item.target_id)?.state ?? null),
    })),
    ...(warned === undefined
      ? {}
      : { warnings: warned.warnings.map(({ kind, target_id, text }) => ({ kind, target_id, text })) }),
  };
  await writeFileAtomic(file, `${JSON.stringify(plan, null, 1)}\n`, { mode: 0o600, force: true });
}
