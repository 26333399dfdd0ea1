import { render, useApp, useInput } from 'ink';
import { useEffect, useState } from 'react';
import {
  initialReview,
  reviewKey,
  reviewReducer,
  type AcceptCheck,
  type ReviewItem,
  type ReviewState,
} from '../../commands/invoices/reconcile-review.js';
import { useLatestReducer } from '../dash/use-latest-reducer.js';
import { useTerminalSize } from '../dash/use-terminal-size.js';
import { ReviewScreen } from './ReviewScreen.js';

export interface InkReviewOptions {
  readonly stdout: NodeJS.WriteStream;
  readonly stdin: NodeJS.ReadStream;
}

export interface ReviewAppProps {
  readonly items: readonly ReviewItem[];
  readonly check: AcceptCheck;
  readonly stdout: NodeJS.WriteStream;
  /** Called once, with the state the person left the screen in (`done` says how). */
  readonly onDone: (state: ReviewState) => void;
}

/**
 * The review screen's state and keys: each key's event goes through the reducer (the `--accept` checks
 * among its rules); `w` or Esc ends it.
 *
 * @example
 * render(<ReviewApp items={items} check={check} stdout={process.stdout} onDone={finish} />);
 */
export function ReviewApp({ items, check, stdout, onDone }: ReviewAppProps) {
  const { exit } = useApp();
  const [reducer] = useState(
    () => (state: ReviewState, event: Parameters<typeof reviewReducer>[1]) => reviewReducer(state, event, check),
  );
  const [state, dispatch, read] = useLatestReducer(reducer, () => initialReview(items));
  const { columns, rows } = useTerminalSize(stdout);
  useInput((input, key) => {
    if (read().done !== undefined) return;
    const event = reviewKey(input, key);
    if (event !== undefined) dispatch(event);
  });
  useEffect(() => {
    if (state.done === undefined) return;
    onDone(state);
    exit();
  }, [state.done]);
  // A line kept free: Ink redraws a frame as tall as the terminal by clearing it, which flickers.
  return <ReviewScreen state={state} columns={columns} rows={Math.max(8, rows - 1)} />;
}

/**
 * Shows the review screen until the person writes (`w`) or leaves (Esc, Ctrl-C), and answers the state
 * they left it in. Sends nothing.
 *
 * @example
 * const state = await runInkReview(items, check, { stdout: process.stdout, stdin: process.stdin });
 */
export async function runInkReview(
  items: readonly ReviewItem[],
  check: AcceptCheck,
  options: InkReviewOptions,
): Promise<ReviewState> {
  let last: ReviewState = { ...initialReview(items), done: 'abandon' };
  // Raw before the first frame: a key pressed as soon as it shows must not meet a cooked terminal.
  options.stdin.setRawMode(true);
  try {
    const instance = render(
      <ReviewApp items={items} check={check} stdout={options.stdout} onDone={(state) => (last = state)} />,
      {
        stdout: options.stdout,
        stdin: options.stdin,
        exitOnCtrlC: false,
        patchConsole: false,
      },
    );
    await instance.waitUntilExit();
  } finally {
    options.stdin.setRawMode(false);
  }
  return last;
}
