import type { Factory } from '../factory/factory.js';

/** Shows how far a long job has got, on stderr. */
export interface ProgressReporter {
  /** A new reading, 0-100, with a word for the state (queued, running). */
  update(percent: number, state: string): void;
  /** Ends the display (the bar's line is finished, so what follows starts on a new line). */
  end(): void;
}

/**
 * A text progress bar.
 *
 * @example
 * progressBar(50, 10) // '[#####.....]  50%'
 */
export function progressBar(percent: number, width = 20): string {
  const clamped = Math.max(0, Math.min(100, Math.round(percent)));
  const filled = Math.round((clamped / 100) * width);
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(clamped).padStart(3)}%`;
}

/**
 * A progress display on stderr: a bar redrawn in place on a terminal; in a pipe or a log, a plain line
 * when the reading changes, at most one per `everyMs` (first and last readings always show). Silent
 * with `--quiet`.
 *
 * @example
 * const progress = openProgress(c, 'Engagement snapshot 3');
 * progress.update(40, 'running'); progress.end();
 */
export function openProgress(f: Factory, label: string, options: { readonly everyMs?: number } = {}): ProgressReporter {
  const everyMs = options.everyMs ?? 5000;
  const tty = f.io.stderrIsTTY === true;
  let drawn = false;
  let lastLine = '';
  let lastAt = Number.NEGATIVE_INFINITY;
  if (f.globals.quiet) return { update: () => undefined, end: () => undefined };
  return {
    update(percent, state) {
      if (tty) {
        // \r returns to the line's start and ESC[K clears what a longer line left behind.
        f.io.stderr.write(`\r${label} ${progressBar(percent)} ${state}\x1b[K`);
        drawn = true;
        return;
      }
      const line = `${label}: ${state}, ${Math.round(percent)}%`;
      const at = f.now().getTime();
      const final = percent >= 100;
      if (line === lastLine || (!final && at - lastAt < everyMs)) return;
      f.io.stderr.write(`${line}\n`);
      lastLine = line;
      lastAt = at;
    },
    end() {
      if (tty && drawn) f.io.stderr.write('\n');
      drawn = false;
    },
  };
}
