import { Box, Text } from 'ink';
import { barCellsFor, type Pane, type Row } from '../../dash/pane.js';
import { fit } from '../bulk-progress/format.js';
import { DashLine } from './DashLine.js';
import { firstShown } from './layout.js';

export interface DrillProps {
  readonly pane: Pane;
  /** The pane's rows after the filter. */
  readonly rows: readonly Row[];
  readonly cursor: number;
  readonly filter: string;
  readonly filtering: boolean;
  readonly width: number;
  readonly height: number;
}

/**
 * One pane's whole list, scrolled to keep the selected row on screen, with the filter under the title.
 *
 * @example
 * <Drill pane={pane} rows={rows} cursor={3} filter="" filtering={false} width={80} height={20} />
 */
export function Drill({ pane, rows, cursor, filter, filtering, width, height }: DrillProps) {
  const page = Math.max(1, height - 2);
  const top = firstShown(cursor, page);
  const shown = rows.slice(top, top + page);
  const cells = barCellsFor(shown, width);
  const position = rows.length > 0 ? `${cursor + 1}/${rows.length}` : '0';
  const filterLine = filtering ? `/${filter}█` : filter !== '' ? `filter: ${filter} (Esc clears)` : '/ filters';
  return (
    <Box flexDirection="column">
      <Text bold inverse wrap="truncate">
        {fit(`▶ ${pane.title}  ${position}${rows.length < pane.rows.length ? ` of ${pane.rows.length}` : ''}`, width)}
      </Text>
      <Text color={filtering ? 'cyan' : undefined} dimColor={!filtering && filter === ''} wrap="truncate">
        {fit(filterLine, width)}
      </Text>
      {shown.length === 0 ? <Text dimColor>{filter !== '' ? 'no rows match' : 'nothing to show'}</Text> : null}
      {shown.map((row, i) => (
        <DashLine key={row.key} line={row} width={width} selected={top + i === cursor} cells={cells} />
      ))}
    </Box>
  );
}
