/** Which key does what on a dashboard: a pure map from a key press to a reducer event or a command. */
import type { Row } from '../../dash/pane.js';
import type { DashEvent, DashState } from './state.js';

/** The parts of Ink's key description read here. */
export interface KeyPress {
  readonly upArrow?: boolean;
  readonly downArrow?: boolean;
  readonly leftArrow?: boolean;
  readonly rightArrow?: boolean;
  readonly pageUp?: boolean;
  readonly pageDown?: boolean;
  readonly tab?: boolean;
  readonly shift?: boolean;
  readonly return?: boolean;
  readonly escape?: boolean;
  readonly backspace?: boolean;
  readonly delete?: boolean;
  readonly ctrl?: boolean;
}

/** What the view knows when a key comes: the panes, the drill-in rows after the filter, the page height. */
export interface KeyContext {
  readonly panes: number;
  readonly rows: readonly Row[];
  readonly actionable: boolean;
  /** Rows one page down moves. */
  readonly page: number;
  readonly today: string;
}

export type KeyCommand<D> =
  | { readonly kind: 'event'; readonly event: DashEvent<D> }
  | { readonly kind: 'refresh' }
  | { readonly kind: 'quit' }
  | undefined;

const ev = <D>(event: DashEvent<D>): KeyCommand<D> => ({ kind: 'event', event });
// Control characters are keys, not text; but Backspaces (DEL, ^H) read in one chunk with other keys are
// edits of the text (Ink names a lone Backspace, not two in one read), which the reducer applies in order.
const printable = (input: string): boolean =>
  input.length > 0 &&
  [...input].every((ch) => (ch >= ' ' && ch !== '\x7f') || (input.length > 1 && (ch === '\x7f' || ch === '\b')));

function formKey<D>(state: DashState<D>, input: string, key: KeyPress): KeyCommand<D> {
  if (state.form?.stage === 'confirm') {
    if (input === 'y' || input === 'Y' || key.return) return ev({ kind: 'form-confirm' });
    if (input === 'n' || input === 'N' || key.escape) return ev({ kind: 'form-cancel' });
    return undefined;
  }
  if (state.form?.stage !== 'edit') return undefined;
  if (key.escape) return ev({ kind: 'form-cancel' });
  if (key.return) return ev({ kind: 'form-next' });
  if (key.backspace || key.delete) return ev({ kind: 'form-erase' });
  if (key.leftArrow || key.upArrow) return ev({ kind: 'form-choice', delta: -1 });
  if (key.rightArrow || key.downArrow) return ev({ kind: 'form-choice', delta: 1 });
  return printable(input) && !key.ctrl ? ev({ kind: 'form-input', text: input }) : undefined;
}

function filterKey<D>(input: string, key: KeyPress, ctx: KeyContext): KeyCommand<D> {
  if (key.escape) return ev({ kind: 'back' });
  if (key.return) return ev({ kind: 'filter-done' });
  if (key.backspace || key.delete) return ev({ kind: 'filter-erase' });
  if (key.upArrow || key.downArrow) return ev({ kind: 'move', delta: key.upArrow ? -1 : 1, rows: ctx.rows.length });
  return printable(input) && !key.ctrl ? ev({ kind: 'filter-input', text: input }) : undefined;
}

/**
 * The command for one key press: Tab and arrows move between panes, Enter drills in, Esc goes back,
 * `/` filters, `p`/`m` mark the selected invoice promised/paid, `r` refreshes, `?` shows the keys, `q` quits.
 *
 * @example
 * keyCommand(state, '', { tab: true }, ctx) // { kind: 'event', event: { kind: 'focus', delta: 1, panes: 5 } }
 */
export function keyCommand<D>(state: DashState<D>, input: string, key: KeyPress, ctx: KeyContext): KeyCommand<D> {
  if (key.ctrl && input === 'c') return { kind: 'quit' };
  if (state.form) return formKey(state, input, key);
  if (state.filtering) return filterKey(input, key, ctx);
  if (input === 'q') return { kind: 'quit' };
  if (input === '?') return ev({ kind: 'help' });
  if (state.help) return key.escape ? ev({ kind: 'help' }) : undefined;
  if (input === 'r') return { kind: 'refresh' };
  if (key.tab) return ev({ kind: 'focus', delta: key.shift ? -1 : 1, panes: ctx.panes });
  if (state.view === 'overview') {
    if (key.leftArrow || key.upArrow) return ev({ kind: 'focus', delta: -1, panes: ctx.panes });
    if (key.rightArrow || key.downArrow) return ev({ kind: 'focus', delta: 1, panes: ctx.panes });
    return key.return ? ev({ kind: 'drill' }) : undefined;
  }
  if (key.escape) return ev({ kind: 'back' });
  if (key.leftArrow || key.rightArrow) return ev({ kind: 'focus', delta: key.leftArrow ? -1 : 1, panes: ctx.panes });
  if (key.upArrow || key.downArrow) return ev({ kind: 'move', delta: key.upArrow ? -1 : 1, rows: ctx.rows.length });
  if (key.pageUp || key.pageDown)
    return ev({ kind: 'move', delta: (key.pageUp ? -1 : 1) * Math.max(1, ctx.page), rows: ctx.rows.length });
  if (input === '/') return ev({ kind: 'filter-start' });
  const row = ctx.rows[state.cursor];
  if (ctx.actionable && row?.id !== undefined && (input === 'p' || input === 'm')) {
    return ev({
      kind: 'form-open',
      action: input === 'p' ? 'promised' : 'paid',
      id: row.id,
      label: row.text.split(/\s+/)[0] ?? `#${row.id}`,
      today: ctx.today,
    });
  }
  return undefined;
}

/**
 * The keys in one read of the terminal. Keys typed faster than the view reads them (or pasted, or sent by a
 * script) come as one chunk, which Ink hands over whole; outside a text field each character is a key of its
 * own, so `/INV-4` filters for INV-4 however fast it came. Once a key opens a text field (the filter, a form's
 * field), the rest of the chunk is its text. `state` is read again after every key, as `handle` changes it.
 *
 * @example
 * eachKey('/INV-4', {}, read, (input, key) => dispatchKey(input, key)) // handle('/', {}), then handle('INV-4', {})
 */
export function eachKey<D>(
  input: string,
  key: KeyPress & { readonly meta?: boolean },
  state: () => DashState<D>,
  handle: (input: string, key: KeyPress) => 'stop' | undefined,
): void {
  const typing = (s: DashState<D>): boolean => s.filtering || s.form?.stage === 'edit';
  const chars = [...input];
  const plain = !key.ctrl && !key.meta && !key.escape && chars.every((ch) => ch >= ' ' && ch !== '\x7f');
  let at = 0;
  // Each character a key while no text field is open; a key that ends the view (q) ends the chunk too.
  while (plain && chars.length - at > 1 && !typing(state())) {
    if (handle(chars[at] as string, {}) === 'stop') return;
    at += 1;
  }
  handle(chars.slice(at).join(''), key);
}
