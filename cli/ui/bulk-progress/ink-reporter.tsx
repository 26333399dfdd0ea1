import { render, Static, Text } from 'ink';
import type { ProgressReporter } from '../../bulk/progress.js';
import { BulkProgress } from './BulkProgress.js';
import { initialProgress, progressReducer } from './state.js';

/** How often the view redraws (events only update the state; a redraw per event would cost more than the sends). */
const FRAME_MS = 200;

/**
 * Draws the bulk progress view with Ink on `stream` (stderr on a terminal), redrawing on a timer and
 * at once when the run pauses or stops. Ctrl-C stays with the run's interrupt handler (Ink's own is off).
 *
 * @example
 * const reporter = inkReporter(process.stderr, 868, 'notes create', { now: Date.now });
 */
export function inkReporter(
  stream: NodeJS.WriteStream,
  total: number,
  title: string,
  options: { readonly now: () => number },
): ProgressReporter {
  let state = initialProgress(total, options.now());
  // Lines logged since the last frame go out above it, through Ink's Static (a direct write to the
  // stream would break the frame Ink erases and redraws). Each frame with new lines draws them in a
  // new Static, so this view keeps no list of every line (Ink keeps the text it wrote, for a full redraw).
  let pending: string[] = [];
  let logged: { readonly key: number; readonly lines: readonly string[] } = { key: 0, lines: [] };
  const view = () => (
    <>
      <Static key={logged.key} items={[...logged.lines]}>
        {(line, i) => <Text key={i}>{line}</Text>}
      </Static>
      <BulkProgress title={title} state={state} columns={stream.columns || 80} />
    </>
  );
  const instance = render(view(), { stdout: stream, stderr: stream, exitOnCtrlC: false, patchConsole: false });
  const draw = () => {
    state = progressReducer(state, { kind: 'tick', at: options.now() });
    if (pending.length > 0) {
      logged = { key: logged.key + 1, lines: pending };
      pending = [];
    }
    instance.rerender(view());
  };
  const timer = setInterval(draw, FRAME_MS);
  timer.unref();
  return {
    showsStopping: true,
    log: (text) => {
      pending.push(...text.replace(/\n$/, '').split('\n'));
    },
    report: (event) => {
      state = progressReducer(state, event);
      if (event.kind === 'stopping' || event.kind === 'paused' || event.kind === 'note') draw();
    },
    close: async () => {
      clearInterval(timer);
      draw();
      instance.unmount();
      await instance.waitUntilExit();
    },
  };
}
