import { describe, expect, it } from 'vitest';
import { billingPanes } from '../../../cli/dash/billing/panes.js';
import { barCellsFor, lineText } from '../../../cli/dash/pane.js';
import { confirmQuestion, formRequest } from '../../../cli/ui/dash/form.js';
import { keyCommand, type KeyContext, type KeyPress } from '../../../cli/ui/dash/keys.js';
import { allot, firstShown, overviewLayout } from '../../../cli/ui/dash/layout.js';
import {
  dashReducer,
  filteredRows,
  followingRow,
  initialDash,
  type DashEvent,
  type DashState,
} from '../../../cli/ui/dash/state.js';
import { failureReason, isFatal, retryDelay } from '../../../cli/dash/failures.js';
import { NetworkError, RateLimitedError, UnauthorisedError } from '../../../core/api/errors/index.js';
import type { BillingData } from '../../../cli/dash/billing/load.js';
import { billing } from './fixtures.js';

type S = DashState<BillingData>;
const panes = billingPanes(billing);
const loaded: S = dashReducer(initialDash<BillingData>(), { kind: 'fetch-ok', data: billing, at: 1000 });
const run = (state: S, ...events: DashEvent<BillingData>[]): S => events.reduce(dashReducer, state);

/** Presses keys in order, each against the state the one before left, as the view does. */
function press(state: S, ...keys: (string | KeyPress)[]): S {
  return keys.reduce((s, k) => {
    const [input, key] = typeof k === 'string' ? [k, {}] : ['', k];
    const pane = panes[s.pane];
    const ctx: KeyContext = {
      panes: panes.length,
      rows: filteredRows(pane, s.filter),
      actionable: pane?.actionable === true,
      page: 10,
      today: '2026-11-24',
    };
    const command = keyCommand(s, input, key, ctx);
    return command?.kind === 'event' ? dashReducer(s, command.event) : s;
  }, state);
}

describe('dashboard reducer', () => {
  it('keeps the last data and shows a banner when a refresh fails, and clears it when one works', () => {
    const failed = run(
      loaded,
      { kind: 'fetch-start' },
      { kind: 'fetch-failed', message: 'rate limited (429)', retryAt: 6000 },
    );
    expect(failed.data).toBe(billing);
    expect(failed.loadedAt).toBe(1000);
    expect(failed.banner).toEqual({ message: 'rate limited (429)', retryAt: 6000 });
    expect(failed.fetching).toBe(false);
    const mended = run(failed, { kind: 'fetch-start' }, { kind: 'fetch-ok', data: billing, at: 7000 });
    expect(mended.banner).toBeUndefined();
    expect(mended.loadedAt).toBe(7000);
  });

  it('moves focus round the panes, drills in, clamps the cursor and goes back', () => {
    expect(run(loaded, { kind: 'focus', delta: -1, panes: 5 }).pane).toBe(4);
    expect(run(loaded, { kind: 'focus', delta: 6, panes: 5 }).pane).toBe(1);
    const drilled = run(loaded, { kind: 'drill' }, { kind: 'move', delta: 10, rows: 5 });
    expect(drilled).toMatchObject({ view: 'drill', cursor: 4 });
    expect(run(drilled, { kind: 'move', delta: -9, rows: 5 }).cursor).toBe(0);
    expect(run(drilled, { kind: 'back' }).view).toBe('overview');
  });

  it('applies every Backspace of a chunk read at once (typed fast or pasted), in order with the text', () => {
    const asked = press(loaded, { return: true }, { downArrow: true }, 'p');
    const typed = run(asked, { kind: 'form-input', text: 'PO 4471' }, { kind: 'form-input', text: '\x7f\x7f' });
    expect(typed.form?.fields[0]?.value).toBe('PO 44');
    expect(run(typed, { kind: 'form-input', text: '9\x7f\b\b1' }).form?.fields[0]?.value).toBe('PO 1');
    const filtered = run(
      loaded,
      { kind: 'drill' },
      { kind: 'filter-start' },
      { kind: 'filter-input', text: 'GBPX\x7f\x7f' },
    );
    expect(filtered.filter).toBe('GB');
    // Through the keys as Ink hands them over: two Backspaces in one read come as that text, with no key named.
    expect(press(asked, 'PO 4471', '\x7f\x7f').form?.fields[0]?.value).toBe('PO 44');
    expect(press(asked, 'PO 4471', { backspace: true }).form?.fields[0]?.value).toBe('PO 447');
    expect(press(filtered, '\x7f\x7f').filter).toBe('');
  });

  it('filters the list; Esc first clears the filter, then goes back', () => {
    const filtered = run(
      loaded,
      { kind: 'drill' },
      { kind: 'filter-start' },
      { kind: 'filter-input', text: 'GBP' },
      { kind: 'filter-erase' },
      { kind: 'filter-input', text: 'P' },
    );
    expect(filtered.filter).toBe('GBP');
    expect(filteredRows(panes[0], '£').map((r) => r.id)).toEqual([4, 2, 1]);
    const cleared = run(filtered, { kind: 'back' });
    expect(cleared).toMatchObject({ view: 'drill', filter: '', filtering: false });
    expect(run(cleared, { kind: 'back' }).view).toBe('overview');
  });
});

describe('dashboard keys', () => {
  it('Tab and arrows move between panes, Enter drills in, Esc goes back, ? toggles the keys', () => {
    expect(press(loaded, { tab: true }, { rightArrow: true }).pane).toBe(2);
    expect(press(loaded, { tab: true, shift: true }).pane).toBe(4);
    expect(press(loaded, { return: true }, { downArrow: true }, { downArrow: true })).toMatchObject({
      view: 'drill',
      cursor: 2,
    });
    expect(press(loaded, { return: true }, { escape: true }).view).toBe('overview');
    expect(press(loaded, '?').help).toBe(true);
    expect(press(loaded, '?', { escape: true }).help).toBe(false);
  });

  it('r refreshes and q quits, but both are text while typing a filter', () => {
    const ctx: KeyContext = { panes: 5, rows: [], actionable: false, page: 10, today: '2026-11-24' };
    expect(keyCommand(loaded, 'r', {}, ctx)).toEqual({ kind: 'refresh' });
    expect(keyCommand(loaded, 'q', {}, ctx)).toEqual({ kind: 'quit' });
    const typing = press(loaded, { return: true }, '/', 'q', 'r');
    expect(typing).toMatchObject({ filtering: true, filter: 'qr' });
  });

  it('marks the selected invoice promised: asks for the reference, then confirms', () => {
    const asked = press(loaded, { return: true }, { downArrow: true }, 'p');
    expect(asked.form).toMatchObject({ action: 'promised', id: 4, label: 'INV-000004', stage: 'edit' });
    const empty = press(asked, { return: true });
    expect(empty.form?.error).toBe('reference is needed');
    const typed = press(asked, 'P', 'O', ' ', '4', '4', { backspace: true }, '7', { return: true });
    expect(typed.form?.stage).toBe('confirm');
    expect(confirmQuestion(typed.form!)).toBe('Mark INV-000004 promised (reference "PO 47")? y/n');
    expect(formRequest(typed.form!)).toEqual({ action: 'promised', id: 4, details: { reference: 'PO 47' } });
    expect(press(typed, 'y').form?.stage).toBe('sending');
    expect(press(typed, 'n').form).toBeUndefined();
    const done = run(press(typed, 'y'), {
      kind: 'act-done',
      outcome: { ok: true, message: 'INV-000004 open -> promised', after: 'promised' },
    });
    expect(done.form).toBeUndefined();
    expect(done.notice).toEqual({ text: 'INV-000004 open -> promised', ok: true });
  });

  it('marks paid with a method picked by the arrows and the date (today unless changed)', () => {
    const asked = press(loaded, { return: true }, 'm', { rightArrow: true }, { rightArrow: true }, { return: true });
    expect(asked.form?.fields[0]?.value).toBe('cheque');
    const dated = press(asked, ...Array.from({ length: 2 }, () => ({ backspace: true })), '0', '2', { return: true });
    expect(formRequest(dated.form!)).toEqual({
      action: 'paid',
      id: 8,
      details: { method: 'cheque', date: '2026-11-02' },
    });
    expect(dated.form?.stage).toBe('confirm');
  });

  it('offers no action outside the invoices list', () => {
    expect(press(loaded, { tab: true }, { return: true }, 'p').form).toBeUndefined();
    expect(press(loaded, 'p').form).toBeUndefined();
  });
});

describe('dashboard layout and failures', () => {
  it('shares lines so small panes show whole and big ones get the rest', () => {
    expect(allot([7, 2, 4], 10)).toEqual([4, 2, 4]);
    expect(allot([7, 2, 4], 20)).toEqual([7, 2, 4]);
    expect(allot([3, 3], 0)).toEqual([0, 0]);
    expect(firstShown(12, 10)).toBe(3);
    expect(firstShown(2, 10)).toBe(0);
  });

  it('gives bars drawn together one width, narrowed so the tightest line still shows its figure', () => {
    const lines = [
      { text: 'x'.repeat(50), bar: 0.5, after: '30/300' },
      { text: 'short', bar: 1, after: '1/1' },
    ];
    expect(barCellsFor(lines, 78)).toBe(20);
    expect(barCellsFor(lines, 70)).toBe(12);
    expect(barCellsFor(lines, 40)).toBe(5);
    expect(lineText(lines[1]!, 4)).toBe('short ████ 1/1');
    expect(
      barCellsFor([...lines.slice(1), { text: 'failed', bar: 0, after: '0%', note: 'error '.repeat(20) }], 78),
    ).toBe(20);
  });

  it('draws one column at 80 and two from 120', () => {
    expect(overviewLayout(panes, 80, 22)).toHaveLength(1);
    expect(overviewLayout(panes, 119, 22)).toHaveLength(1);
    expect(overviewLayout(panes, 120, 22)).toHaveLength(2);
    expect(overviewLayout(panes, 121, 22)).toHaveLength(2);
    const two = overviewLayout(panes, 140, 22);
    expect(two.map((c) => c.map((p) => p.index))).toEqual([
      [0, 2, 4],
      [1, 3],
    ]);
    for (const column of overviewLayout(panes, 80, 22))
      expect(column.reduce((n, p) => n + p.lines + 1, 0)).toBeLessThanOrEqual(22);
  });

  it('ends on 401, and otherwise retries sooner than the interval but not before Retry-After', () => {
    expect(isFatal(new UnauthorisedError('Unauthorised', { status: 401 }))).toBe(true);
    expect(isFatal(new NetworkError('connect ECONNREFUSED'))).toBe(false);
    expect(retryDelay(new NetworkError('x'), 1, 30_000)).toBe(5_000);
    expect(retryDelay(new NetworkError('x'), 3, 30_000)).toBe(20_000);
    expect(retryDelay(new NetworkError('x'), 9, 30_000)).toBe(30_000);
    expect(retryDelay(new RateLimitedError(undefined, { retryAfterMs: 42_000 }), 1, 30_000)).toBe(42_000);
    expect(failureReason(new RateLimitedError(undefined))).toBe('rate limited (429)');
  });
});

describe('the cursor across new data', () => {
  const rowsOf = (s: S) => filteredRows(billingPanes(s.data ?? billing)[s.pane], s.filter);
  const reducer = followingRow<BillingData>(rowsOf);

  it('stays on its invoice when a refresh re-sorts the list (a paid invoice moves down), so the next key acts on it', () => {
    const drilled = ([{ kind: 'drill' }, { kind: 'move', delta: 1, rows: 5 }] as DashEvent<BillingData>[]).reduce(
      reducer,
      loaded,
    );
    const selected = rowsOf(drilled)[drilled.cursor];
    expect(selected?.id).toBeDefined();
    const paid = {
      ...billing,
      invoices: billing.invoices.map((i) =>
        i.id === selected?.id
          ? { ...i, state: 'paid' as const, paid_method: 'bacs' as const, paid_date: '2026-11-24' }
          : i,
      ),
    };
    const after = reducer(drilled, { kind: 'fetch-ok', data: paid, at: 2000 });
    const rows = rowsOf(after);
    expect(rows.findIndex((row) => row.key === selected?.key)).not.toBe(drilled.cursor);
    expect(rows[after.cursor]?.key).toBe(selected?.key);
    // The plain reducer would have left the cursor on whatever row took that place.
    expect(rowsOf(dashReducer(drilled, { kind: 'fetch-ok', data: paid, at: 2000 }))[drilled.cursor]?.key).not.toBe(
      selected?.key,
    );
  });

  it('keeps the cursor within the list when its row is gone', () => {
    const drilled = ([{ kind: 'drill' }, { kind: 'move', delta: 3, rows: 5 }] as DashEvent<BillingData>[]).reduce(
      reducer,
      loaded,
    );
    const fewer = { ...billing, invoices: billing.invoices.slice(0, 1) };
    const after = reducer(drilled, { kind: 'fetch-ok', data: fewer, at: 2000 });
    expect(after.cursor).toBe(0);
  });
});
