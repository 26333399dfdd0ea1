import { Box, Text } from 'ink';
import type { Pane } from '../../dash/pane.js';
import { clockTime, fit } from '../bulk-progress/format.js';
import { confirmQuestion, type ActionForm } from './form.js';
import { Drill } from './Drill.js';
import { Overview } from './Overview.js';
import { overviewLayout } from './layout.js';
import { filteredRows, type DashState } from './state.js';

export interface DashboardProps<D> {
  readonly title: string;
  readonly state: DashState<D>;
  /** The panes made from `state.data` (none before the first answer). */
  readonly panes: readonly Pane[];
  readonly width: number;
  readonly height: number;
}

const KEYS: readonly (readonly [string, string])[] = [
  ['Tab / ← →', 'next or previous pane'],
  ['Enter', 'open the pane: its whole list'],
  ['↑ ↓ PgUp PgDn', 'move in the list'],
  ['/', 'filter the list (Enter keeps it, Esc clears it)'],
  ['p / m', 'mark the selected invoice promised / paid (asks, then confirms)'],
  ['Esc', 'back'],
  ['r', 'refresh now'],
  ['?', 'these keys'],
  ['q', 'quit'],
];

function formLine(form: ActionForm): string {
  if (form.stage === 'sending') return `Marking ${form.label} ${form.action}…`;
  if (form.stage === 'confirm') return confirmQuestion(form);
  const fields = form.fields.map((f, i) =>
    f.choices
      ? `${f.name}: ‹${f.value}›${i === form.index ? ' (← →)' : ''}`
      : `${f.name}: ${f.value}${i === form.index ? '█' : ''}`,
  );
  return `Mark ${form.label} ${form.action}: ${fields.join('  ')}`;
}

/** The keys of the open form, in the footer: the form's line keeps its width for the fields. */
function formKeys(form: ActionForm): string {
  if (form.stage === 'sending') return 'sending…';
  if (form.stage === 'confirm') return 'y or Enter: mark it  n or Esc: cancel';
  return `Enter next${form.fields.some((f) => f.choices) ? '  ← → choose' : ''}  Backspace erase  Esc cancel`;
}

function footer<D>(state: DashState<D>, pane: Pane | undefined): string {
  if (state.help) return 'Esc or ? closes the keys';
  // While a form is open every key goes to it (q is a letter of a reference): its keys, not the list's.
  if (state.form) return formKeys(state.form);
  if (state.view === 'overview') return 'Tab/←→ panes  Enter open  r refresh  ? keys  q quit';
  return `↑↓ move  / filter  Esc back${pane?.actionable ? '  p promised  m paid' : ''}  r refresh  ? keys  q quit`;
}

/**
 * A whole dashboard screen: heading with the time of the data, a banner while refreshes fail, the
 * overview or one pane's list, the action form, and the keys. Presentational: all from props.
 *
 * @example
 * <Dashboard title="EdShed billing" state={state} panes={panes} width={80} height={24} />
 */
export function Dashboard<D>({ title, state, panes, width, height }: DashboardProps<D>) {
  const w = Math.max(20, width) - 1;
  const pane = panes[state.pane];
  const stamp =
    state.loadedAt === undefined
      ? 'loading…'
      : `data of ${clockTime(state.loadedAt)}${state.fetching ? ', refreshing…' : ''}`;
  // The retry time first: a long reason is what a narrow terminal cuts.
  const banner = state.banner
    ? `retrying at ${clockTime(state.banner.retryAt)}, ${state.data === undefined ? 'no data yet' : 'showing the last data'}: ${state.banner.message}`
    : undefined;
  const extra = (banner ? 1 : 0) + (state.notice ? 1 : 0) + (state.form ? 2 : 0);
  const body = Math.max(3, height - 2 - extra);
  return (
    <Box flexDirection="column" width={w + 1} height={height}>
      <Text bold wrap="truncate">
        {fit(`${title}  ${stamp}`, w)}
      </Text>
      {banner ? (
        <Text color="black" backgroundColor="yellow" wrap="truncate">
          {fit(`⚠ ${banner}`, w)}
        </Text>
      ) : null}
      {state.notice ? (
        <Text color={state.notice.ok ? 'green' : 'red'} wrap="truncate">
          {fit(state.notice.text, w)}
        </Text>
      ) : null}
      <Box flexDirection="column" height={body} overflow="hidden">
        {state.help ? (
          KEYS.map(([keys, what]) => <Text key={keys}>{fit(`${keys.padEnd(16)}${what}`, w)}</Text>)
        ) : panes.length === 0 ? (
          <Text dimColor>{state.banner ? 'waiting for the first answer' : 'loading…'}</Text>
        ) : state.view === 'drill' && pane ? (
          <Drill
            pane={pane}
            rows={filteredRows(pane, state.filter)}
            cursor={state.cursor}
            filter={state.filter}
            filtering={state.filtering}
            width={w}
            height={body}
          />
        ) : (
          // Laid out for the terminal's own width: two columns from 120, though a column is kept free.
          <Overview panes={panes} focus={state.pane} width={w} layout={overviewLayout(panes, width, body)} />
        )}
      </Box>
      {state.form ? (
        <Box flexDirection="column">
          <Text color="cyan" wrap="truncate">
            {fit(formLine(state.form), w)}
          </Text>
          <Text color="red" wrap="truncate">
            {state.form.error ?? ' '}
          </Text>
        </Box>
      ) : null}
      <Text dimColor wrap="truncate">
        {fit(footer(state, pane), w)}
      </Text>
    </Box>
  );
}
