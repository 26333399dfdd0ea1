import { Box, Text } from 'ink';
import { bar, clockTime, duration, fit } from './format.js';
import { etaSeconds, finished, ratePerSecond, type BulkProgressState } from './state.js';

export interface BulkProgressProps {
  /** What is being sent, e.g. `invoices mark-paid`. */
  readonly title: string;
  readonly state: BulkProgressState;
  /** Terminal width; the view never draws wider. */
  readonly columns: number;
}

/** Narrowest layout drawn; a narrower terminal wraps. */
const MIN_COLUMNS = 40;

/**
 * The live view of a bulk run on a terminal: a bar, the counts, rate and ETA, a pause banner, the
 * latest errors and, after the first Ctrl-C, what it is waiting for. Presentational: everything comes
 * from the reducer's state.
 *
 * @example
 * <BulkProgress title="notes create" state={state} columns={80} />
 */
export function BulkProgress({ title, state, columns }: BulkProgressProps) {
  const width = Math.max(MIN_COLUMNS, columns) - 1;
  const through = finished(state);
  const fraction = state.total > 0 ? through / state.total : 1;
  const figures = ` ${through}/${state.total} ${String(Math.floor(fraction * 100)).padStart(3)}%`;
  const eta = etaSeconds(state);
  const elapsed = (state.now - state.startedAt) / 1000;
  return (
    <Box flexDirection="column" width={width}>
      <Text bold>{fit(`Sending ${title}`, width)}</Text>
      <Text>
        <Text color="green">{bar(fraction, width - figures.length)}</Text>
        {figures}
      </Text>
      <Text>
        <Text color="green">{state.done} done</Text>
        {'  '}
        <Text color={state.failed > 0 ? 'red' : undefined}>{state.failed} failed</Text>
        {'  '}
        <Text color={state.unknown > 0 ? 'yellow' : undefined}>{state.unknown} unknown</Text>
        {`  ${state.skipped} skipped  ${state.inFlight} in flight`}
      </Text>
      <Text>
        {fit(`${ratePerSecond(state).toFixed(1)}/s  ETA ${duration(eta)}  elapsed ${duration(elapsed)}`, width)}
      </Text>
      {state.pause ? <Text color="yellow">{fit(pauseBanner(state.pause), width)}</Text> : null}
      {state.note && !state.pause ? <Text dimColor>{fit(state.note, width)}</Text> : null}
      {state.errors.length > 0 ? <Text>Latest errors:</Text> : null}
      {state.errors.map((e, i) => (
        <Text key={`${e.line}-${i}`} color={e.status === 'failed' ? 'red' : 'yellow'}>
          {fit(`  line ${e.line}: ${e.status === 'unknown' ? 'unknown: ' : ''}${e.message}`, width)}
        </Text>
      ))}
      {state.stopping ? <Text color="yellow">{fit(stoppingLine(state.inFlight), width)}</Text> : null}
    </Box>
  );
}

function stoppingLine(inFlight: number): string {
  return inFlight > 0
    ? `Stopping: finishing ${inFlight} in flight; Ctrl-C again to quit now`
    : 'Stopped: nothing in flight; the rest is left for a resume';
}

function pauseBanner(pause: NonNullable<BulkProgressState['pause']>): string {
  const by = pause.reason === 'rate-limit' ? "by the server's rate limit" : 'after server failures';
  return `Paused ${by} until ${clockTime(pause.until)}`;
}
