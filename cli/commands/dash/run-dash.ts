/** What every `edshed dash` command shares: its options, the terminal check, `--once`, and the Ink view. */
import type { Command } from 'commander';
import { CliError, EXIT } from '../../errors/cli-error.js';
import type { Factory } from '../../factory/factory.js';
import { addCommonOptions } from '../../input/flags.js';
import { parseWholeNumber } from '../../input/whole-number.js';
import { snapshotText } from '../../dash/pane.js';
import type { DashSpec } from '../../dash/spec.js';
import type { ApiMethods } from '../../../core/endpoints/methods.js';
import { loadInk } from '../../ui/load-ink.js';
import { DASH_FAILURES } from '../../dash/failures.js';
import { timeoutPerRequest } from '../../http/timeout.js';
import { wantsColor } from '../../output/colors.js';

/** Seconds between refreshes unless `--interval` says otherwise. */
export const DEFAULT_INTERVAL_S = 30;
const MAX_INTERVAL_S = 3600;

export interface DashOptions {
  readonly once: boolean;
  /** Seconds between refreshes. */
  readonly interval: number;
}

/**
 * Adds `--once`, `--interval` and the common output and connection options to a dashboard command.
 *
 * @example
 * addDashOptions(cmd, 'billing');
 */
export function addDashOptions(cmd: Command): Command {
  cmd
    .option('--once', 'print one plain-text snapshot and exit (with --json: the data); needed off a terminal')
    .option('--interval <seconds>', `seconds between refreshes (default ${DEFAULT_INTERVAL_S})`);
  return addCommonOptions(cmd, new Set(['fields', 'format']));
}

/**
 * Reads `--once` and `--interval` (a whole number of seconds, 2 to 3600), exit 2 when bad.
 *
 * @example
 * dashOptions({ interval: '10' }) // { once: false, interval: 10 }
 */
export function dashOptions(opts: Readonly<Record<string, unknown>>): DashOptions {
  const interval =
    opts.interval === undefined
      ? DEFAULT_INTERVAL_S
      : parseWholeNumber(String(opts.interval), '--interval', { max: MAX_INTERVAL_S });
  if (interval < 2)
    throw new CliError('--interval: at least 2 seconds between refreshes; nothing was sent', EXIT.usage);
  return { once: opts.once === true, interval };
}

/**
 * Runs a dashboard: with `--once` one snapshot (plain text, or the data with `--json`); otherwise the
 * live Ink view, which needs a terminal (exit 2 off one, before anything is sent). Ink is imported only
 * here. The spec may need the API to be chosen (whose school): it is made after the local checks.
 *
 * @example
 * await runDash(c, 'billing', billingSpec(c), { once: true, interval: 30 });
 */
export async function runDash<D>(
  c: Factory,
  name: string,
  choose: DashSpec<D> | ((api: ApiMethods) => Promise<DashSpec<D>>),
  options: DashOptions,
): Promise<void> {
  const command = `edshed dash ${name}`;
  if (c.globals.json === true && !options.once)
    throw new CliError(
      `--json prints one snapshot of the data: ${command} --once --json; nothing was sent`,
      EXIT.usage,
    );
  const terminal = c.io.terminal;
  if (!options.once && (!c.io.stdoutIsTTY || !c.io.stdinIsTTY || terminal === undefined)) {
    throw new CliError(
      `${command} draws on a terminal, and this is not one; pass --once for a plain-text snapshot (--once --json for the data); nothing was sent`,
      EXIT.usage,
    );
  }
  // A dashboard reads again and again for as long as it is open: --timeout is each read's.
  const api = await timeoutPerRequest(c).api();
  const spec = typeof choose === 'function' ? await choose(api) : choose;
  if (options.once || terminal === undefined) {
    const data = await spec.load(api);
    c.io.stdout.write(
      c.globals.json === true
        ? `${JSON.stringify(data, null, 2)}\n`
        : snapshotText(spec.title, spec.panes(data), c.now(), c.io.columns),
    );
    return;
  }
  // The first read goes out while Ink loads: the first frame waits for the slower of the two, not both.
  // Its answer, when in before Ink is (as it usually is), is drawn in the first frame.
  const first = spec.load(api);
  let answer: { data: D; at: number } | undefined;
  first.then(
    (data) => (answer = { data, at: c.now().getTime() }),
    () => undefined,
  );
  const { runInkDashboard } = await loadInk(() => import('../../ui/dash/ink-dash.js'), process.env, {
    colour: wantsColor({ isTTY: true, env: c.env, flag: c.globals.color }),
  });
  await runInkDashboard(spec, {
    api,
    first: answer ?? first,
    interval: options.interval * 1000,
    stdout: terminal.stdout,
    stdin: terminal.stdin,
    now: () => c.now().getTime(),
    failures: DASH_FAILURES,
  });
}
