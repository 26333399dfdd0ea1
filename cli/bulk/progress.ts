import type { Factory } from '../factory/factory.js';
import { duration } from '../ui/bulk-progress/format.js';
import {
  etaSeconds,
  finished,
  initialProgress,
  progressReducer,
  ratePerSecond,
  type BulkProgressState,
  type ProgressEvent,
} from '../ui/bulk-progress/state.js';
import { loadInk } from '../ui/load-ink.js';
import { wantsColor } from '../output/colors.js';

/** Consumes the runner's events: a plain line on a timer, the Ink view on a terminal, or nothing. */
export interface ProgressReporter {
  report(event: ProgressEvent): void;
  /** Text for stderr (a row's --verbose lines): above the Ink view, which a direct write would break. */
  log(text: string): void;
  /** Whether the reporter shows the first Ctrl-C itself (else the interrupt handler prints a line). */
  readonly showsStopping: boolean;
  /** Stops reporting; resolves once the last frame is out, so the summary prints below it. */
  close(): Promise<void>;
}

/**
 * The plain progress line: done, failed, unknown, in flight, rate and time left.
 *
 * @example
 * progressLine(state) // '120/868 done, 2 failed, 0 unknown, 4 in flight, 30.5/s, ETA 24s'
 */
export function progressLine(s: BulkProgressState): string {
  const skipped = s.skipped > 0 ? `, ${s.skipped} skipped` : '';
  return `${s.done}/${s.total} done, ${s.failed} failed, ${s.unknown} unknown${skipped}, ${s.inFlight} in flight, ${ratePerSecond(s).toFixed(1)}/s, ETA ${duration(etaSeconds(s))}`;
}

/**
 * Off a terminal: notes at once, and the progress line every `everyMs` while items remain.
 *
 * @example
 * const reporter = plainReporter(868, (line) => c.io.stderr.write(`${line}\n`), { now: Date.now });
 */
export function plainReporter(
  total: number,
  write: (line: string) => void,
  options: { readonly now: () => number; readonly everyMs?: number; readonly log: (text: string) => void },
): ProgressReporter {
  let state = initialProgress(total, options.now());
  const timer = setInterval(() => {
    state = progressReducer(state, { kind: 'tick', at: options.now() });
    if (finished(state) < state.total) write(progressLine(state));
  }, options.everyMs ?? 5_000);
  timer.unref();
  return {
    showsStopping: false,
    log: options.log,
    report: (event) => {
      const wasPaused = state.pause !== undefined && state.pause.until > event.at;
      state = progressReducer(state, event);
      if (event.kind === 'note' || (event.kind === 'paused' && !wasPaused)) write(event.message);
    },
    close: async () => clearInterval(timer),
  };
}

/**
 * The reporter for this run: nothing with --quiet, the Ink view when stderr is a terminal (Ink and
 * React are loaded only then), else the plain line.
 *
 * @example
 * const reporter = await openReporter(c, 868, 'invoices mark-paid');
 */
export async function openReporter(c: Factory, total: number, title: string): Promise<ProgressReporter> {
  const log = (text: string) => void c.io.stderr.write(text);
  if (c.globals.quiet) return { showsStopping: false, log, report: () => undefined, close: async () => undefined };
  const now = () => c.now().getTime();
  const terminal = c.io.stderrIsTTY ? c.io.stderrStream : undefined;
  if (terminal) {
    const colour = wantsColor({ isTTY: true, env: c.env, flag: c.globals.color });
    const { inkReporter } = await loadInk(() => import('../ui/bulk-progress/ink-reporter.js'), process.env, { colour });
    return inkReporter(terminal, total, title, { now });
  }
  return plainReporter(total, (line) => c.io.stderr.write(`${line}\n`), { now, log });
}
