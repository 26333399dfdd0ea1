import { render, useApp, useInput } from 'ink';
import { useEffect, useRef, useState } from 'react';
import type { DashFailures } from '../../dash/failures.js';
import type { Pane } from '../../dash/pane.js';
import type { ApiMethods } from '../../../core/endpoints/methods.js';
import type { DashSpec } from '../../dash/spec.js';
import { Dashboard } from './Dashboard.js';
import { formRequest } from './form.js';
import { eachKey, keyCommand, type KeyPress } from './keys.js';
import { filteredRows, followingRow, initialDash, type DashEvent, type DashState } from './state.js';
import { useLatestReducer } from './use-latest-reducer.js';
import { useDashData } from './use-dash-data.js';
import { useTerminalSize } from './use-terminal-size.js';

/** A read's answer, and when it came (ms). */
export interface Answer<D> {
  readonly data: D;
  readonly at: number;
}

export interface InkDashOptions<D> {
  readonly api: ApiMethods;
  /**
   * The first read, sent while Ink was loading: its answer when that came first (the first frame is
   * drawn with the data, with no "loading…" frame before it), else the read still going.
   */
  readonly first?: Promise<D> | Answer<D> | undefined;
  /** Milliseconds between refreshes. */
  readonly interval: number;
  readonly stdout: NodeJS.WriteStream;
  readonly stdin: NodeJS.ReadStream;
  readonly now: () => number;
  /** Which failures end the dashboard and how they read (DASH_FAILURES of cli/dash/failures.ts). */
  readonly failures: DashFailures;
}

export interface DashAppProps<D> extends InkDashOptions<D> {
  readonly spec: DashSpec<D>;
  readonly onFatal: (error: unknown) => void;
}

/** The panes of the data, made once per answer (the same data object gives the same panes). */
function usePanes<D>(spec: DashSpec<D>): (data: D | undefined) => Pane[] {
  const cache = useRef<{ data: D; panes: Pane[] } | undefined>(undefined);
  return (data) => {
    if (data === undefined) return [];
    if (cache.current?.data !== data) cache.current = { data, panes: spec.panes(data) };
    return cache.current.panes;
  };
}

/**
 * The live dashboard: the reducer's state, the data hook, the keys, and the action sent when confirmed.
 *
 * @example
 * render(<DashApp spec={spec} api={api} interval={30_000} stdout={process.stdout} stdin={process.stdin} now={Date.now} onFatal={end} failures={DASH_FAILURES} />);
 */
export function DashApp<D>({ spec, api, first, interval, stdout, now, onFatal, failures }: DashAppProps<D>) {
  const { exit } = useApp();
  const panesOf = usePanes(spec);
  const [reducer] = useState(() => followingRow<D>((s) => filteredRows(panesOf(s.data)[s.pane], s.filter)));
  const [pending, answer] = first instanceof Promise ? [first, undefined] : [undefined, first];
  const [state, dispatch, read] = useLatestReducer<DashState<D>, DashEvent<D>>(reducer, () =>
    answer === undefined
      ? initialDash()
      : reducer(initialDash(), { kind: 'fetch-ok', data: answer.data, at: answer.at }),
  );
  const { columns, rows } = useTerminalSize(stdout);
  const refresh = useDashData(api, spec.load, dispatch, {
    interval,
    now,
    onFatal,
    failures,
    first: pending,
    answered: answer !== undefined,
  });
  const panes = panesOf(state.data);
  // The screen keeps a line free: Ink redraws a frame as tall as the terminal by clearing it, which flickers.
  const height = Math.max(6, rows - 1);
  const [today] = useState(() => new Date(now()).toISOString().slice(0, 10));

  const onKey = (input: string, key: KeyPress): 'stop' | undefined => {
    const latest = read();
    const all = panesOf(latest.data);
    const pane = all[latest.pane];
    const context = {
      panes: all.length,
      rows: filteredRows(pane, latest.filter),
      actionable: pane?.actionable === true && spec.act !== undefined,
      page: height - 6,
      today,
    };
    const command = keyCommand(latest, input, key, context);
    if (command?.kind === 'quit') {
      exit();
      return 'stop';
    }
    if (command?.kind === 'refresh') refresh();
    else if (command?.kind === 'event') dispatch(command.event);
    return undefined;
  };
  useInput((input, key) => eachKey(input, key, read, onKey));

  const form = state.form;
  useEffect(() => {
    if (form?.stage !== 'sending' || spec.act === undefined) return;
    const request = formRequest(form);
    spec.act(request).then(
      (outcome) => {
        dispatch({ kind: 'act-done', outcome });
        const data = read().data;
        if (outcome.ok && spec.patch && data !== undefined)
          dispatch({ kind: 'patch', data: spec.patch(data, request, outcome) });
        refresh();
      },
      (error: unknown) =>
        dispatch({
          kind: 'act-done',
          outcome: { ok: false, message: error instanceof Error ? error.message : String(error) },
        }),
    );
    // Sent once per confirmation: the stage leaves `sending` when it answers.
  }, [form?.stage]);

  return <Dashboard title={spec.title} state={state} panes={panes} width={columns} height={height} />;
}

/**
 * Draws a dashboard until `q` or Ctrl-C. A failure no retry mends (401, 403) ends it and is thrown, for
 * the CLI to report (how to sign in, exit 4).
 *
 * @example
 * await runInkDashboard(billingSpec(c), { api, interval: 30_000, stdout: process.stdout, stdin: process.stdin, now: Date.now, failures: DASH_FAILURES });
 */
export async function runInkDashboard<D>(spec: DashSpec<D>, options: InkDashOptions<D>): Promise<void> {
  let fatal: unknown;
  let instance: ReturnType<typeof render> | undefined;
  const onFatal = (error: unknown) => {
    fatal = error;
    instance?.unmount();
  };
  // Ink makes the terminal raw in an effect, after the first frame is out: a key pressed as soon as the
  // frame shows would meet a cooked terminal (echoed, Enter read as a newline). Raw before drawing.
  options.stdin.setRawMode(true);
  try {
    instance = render(<DashApp spec={spec} {...options} onFatal={onFatal} />, {
      stdout: options.stdout,
      stdin: options.stdin,
      exitOnCtrlC: false,
      patchConsole: false,
    });
    await instance.waitUntilExit();
  } finally {
    options.stdin.setRawMode(false);
  }
  if (fatal !== undefined) throw fatal;
}
