/** The state of a live dashboard, in one pure reducer: data and its freshness, focus, drill-in, filter, help, action form. */
import type { Pane, Row } from '../../dash/pane.js';
import type { ActOutcome, ActRequest } from '../../dash/spec.js';
import { choose, eraseFrom, nextField, openForm, typedText, typeInto, type ActionForm } from './form.js';

export interface DashState<D> {
  readonly data?: D | undefined;
  /** When the data on screen was read (ms). */
  readonly loadedAt?: number | undefined;
  readonly fetching: boolean;
  /** Why the last refresh failed and when the next try is; the data on screen stays. */
  readonly banner?: { readonly message: string; readonly retryAt: number } | undefined;
  /** The pane in focus. */
  readonly pane: number;
  readonly view: 'overview' | 'drill';
  /** The selected row of the drill-in list (after the filter). */
  readonly cursor: number;
  readonly filter: string;
  /** Typing the filter after `/`. */
  readonly filtering: boolean;
  readonly help: boolean;
  readonly form?: ActionForm | undefined;
  /** The outcome of the last action. */
  readonly notice?: { readonly text: string; readonly ok: boolean } | undefined;
}

export type DashEvent<D> =
  | { readonly kind: 'fetch-start' }
  | { readonly kind: 'fetch-ok'; readonly data: D; readonly at: number }
  | { readonly kind: 'fetch-failed'; readonly message: string; readonly retryAt: number }
  | { readonly kind: 'patch'; readonly data: D }
  /** Tab and arrows: the next or previous pane, round the ends. */
  | { readonly kind: 'focus'; readonly delta: number; readonly panes: number }
  | { readonly kind: 'drill' }
  | { readonly kind: 'back' }
  /** Up and down in the drill-in list of `rows` rows. */
  | { readonly kind: 'move'; readonly delta: number; readonly rows: number }
  | { readonly kind: 'filter-start' }
  | { readonly kind: 'filter-input'; readonly text: string }
  | { readonly kind: 'filter-erase' }
  | { readonly kind: 'filter-done' }
  | { readonly kind: 'help' }
  | {
      readonly kind: 'form-open';
      readonly action: ActRequest['action'];
      readonly id: number;
      readonly label: string;
      readonly today: string;
    }
  | { readonly kind: 'form-input'; readonly text: string }
  | { readonly kind: 'form-erase' }
  | { readonly kind: 'form-choice'; readonly delta: number }
  | { readonly kind: 'form-next' }
  | { readonly kind: 'form-confirm' }
  | { readonly kind: 'form-cancel' }
  | { readonly kind: 'act-done'; readonly outcome: ActOutcome };

/**
 * The state before the first answer.
 *
 * @example
 * const state = initialDash<BillingData>();
 */
export function initialDash<D>(): DashState<D> {
  return { fetching: false, pane: 0, view: 'overview', cursor: 0, filter: '', filtering: false, help: false };
}

/**
 * The rows of a pane that match the filter (case-insensitive, anywhere in the line).
 *
 * @example
 * filteredRows(pane, 'overdue').length // 2
 */
export function filteredRows(pane: Pane | undefined, filter: string): readonly Row[] {
  const rows = pane?.rows ?? [];
  const needle = filter.trim().toLowerCase();
  return needle === '' ? rows : rows.filter((row) => row.text.toLowerCase().includes(needle));
}

const clamp = (n: number, low: number, high: number): number => Math.max(low, Math.min(high, n));

function formEvent<D>(state: DashState<D>, form: ActionForm, event: DashEvent<D>): DashState<D> {
  switch (event.kind) {
    case 'form-input':
      return form.stage === 'edit' ? { ...state, form: typeInto(form, event.text) } : state;
    case 'form-erase':
      return form.stage === 'edit' ? { ...state, form: eraseFrom(form) } : state;
    case 'form-choice':
      return form.stage === 'edit' ? { ...state, form: choose(form, event.delta) } : state;
    case 'form-next':
      return form.stage === 'edit'
        ? { ...state, form: nextField(form) }
        : form.stage === 'confirm'
          ? { ...state, form: { ...form, stage: 'sending' } }
          : state;
    case 'form-confirm':
      return form.stage === 'confirm' ? { ...state, form: { ...form, stage: 'sending' } } : state;
    case 'form-cancel':
      return form.stage === 'sending' ? state : { ...state, form: undefined };
    default:
      return state;
  }
}

/**
 * The next state after one event: a pure function, so every key and every answer is tested without drawing.
 *
 * @example
 * dashReducer(initialDash(), { kind: 'focus', delta: 1, panes: 5 }).pane // 1
 */
export function dashReducer<D>(state: DashState<D>, event: DashEvent<D>): DashState<D> {
  switch (event.kind) {
    case 'fetch-start':
      return { ...state, fetching: true };
    case 'fetch-ok':
      return { ...state, fetching: false, data: event.data, loadedAt: event.at, banner: undefined };
    case 'fetch-failed':
      return { ...state, fetching: false, banner: { message: event.message, retryAt: event.retryAt } };
    case 'patch':
      return { ...state, data: event.data };
    case 'act-done':
      return { ...state, form: undefined, notice: { text: event.outcome.message, ok: event.outcome.ok } };
    case 'help':
      return { ...state, help: !state.help };
    default:
      break;
  }
  if (state.form) return formEvent(state, state.form, event);
  switch (event.kind) {
    case 'focus': {
      const panes = Math.max(1, event.panes);
      return {
        ...state,
        pane: (((state.pane + event.delta) % panes) + panes) % panes,
        cursor: 0,
        filter: '',
        filtering: false,
      };
    }
    case 'drill':
      return { ...state, view: 'drill', cursor: 0, notice: undefined };
    case 'back':
      if (state.help) return { ...state, help: false };
      if (state.filtering || state.filter !== '') return { ...state, filter: '', filtering: false, cursor: 0 };
      return { ...state, view: 'overview', cursor: 0, notice: undefined };
    case 'move':
      return { ...state, cursor: clamp(state.cursor + event.delta, 0, Math.max(0, event.rows - 1)) };
    case 'filter-start':
      return state.view === 'drill' ? { ...state, filtering: true } : state;
    case 'filter-input':
      return { ...state, filter: typedText(state.filter, event.text), cursor: 0 };
    case 'filter-erase':
      return { ...state, filter: typedText(state.filter, '\x7f'), cursor: 0 };
    case 'filter-done':
      return { ...state, filtering: false };
    case 'form-open':
      return { ...state, notice: undefined, form: openForm(event.action, event.id, event.label, event.today) };
    default:
      return state;
  }
}

/**
 * The reducer, with the drill-in cursor kept on its row when new data comes (a refresh, or the row
 * patched after an action): rows re-sort as states change, and an index alone would then point at
 * another invoice, which the next key would act on. A row that is gone leaves the cursor where it was,
 * within the list.
 *
 * @example
 * const reducer = followingRow((state) => filteredRows(spec.panes(state.data)[state.pane], state.filter));
 */
export function followingRow<D>(
  rowsOf: (state: DashState<D>) => readonly Row[],
): (state: DashState<D>, event: DashEvent<D>) => DashState<D> {
  return (state, event) => {
    const next = dashReducer(state, event);
    if (next.data === state.data || state.data === undefined || next.view !== 'drill') return next;
    const key = rowsOf(state)[state.cursor]?.key;
    const rows = rowsOf(next);
    const index = key === undefined ? -1 : rows.findIndex((row) => row.key === key);
    return { ...next, cursor: index >= 0 ? index : clamp(next.cursor, 0, Math.max(0, rows.length - 1)) };
  };
}
