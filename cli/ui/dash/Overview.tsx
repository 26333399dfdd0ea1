import { Box, Text } from 'ink';
import { barCellsFor, type Pane, type Row } from '../../dash/pane.js';
import { fit } from '../bulk-progress/format.js';
import { DashLine } from './DashLine.js';

export interface OverviewProps {
  readonly panes: readonly Pane[];
  /** The pane in focus. */
  readonly focus: number;
  /** Columns to draw in (the terminal's, less the one kept free). */
  readonly width: number;
  /** The panes in columns with their lines (`overviewLayout` of the terminal's width). */
  readonly layout: readonly (readonly { readonly index: number; readonly lines: number }[])[];
}

/**
 * Every pane's title and as many of its figures as the layout gives it (one column on 80 columns and
 * two from 120); the pane in focus has its title inverse and a marker.
 *
 * @example
 * <Overview panes={panes} focus={0} width={79} layout={overviewLayout(panes, 80, 20)} />
 */
export function Overview({ panes, focus, width, layout: columns }: OverviewProps) {
  const columnWidth = Math.floor((width - (columns.length - 1) * 2) / columns.length);
  return (
    <Box flexDirection="row" gap={2}>
      {columns.map((members, c) => (
        <Box key={c} flexDirection="column" width={columnWidth}>
          {members.map(({ index, lines }) => {
            const pane = panes[index] as Pane;
            const hidden = pane.summary.length - lines;
            const shown = hidden > 0 ? pane.summary.slice(0, Math.max(0, lines - 1)) : pane.summary;
            const cells = barCellsFor(shown, columnWidth - 2);
            // A pane whose figures are its first rows has the rest of its rows behind Enter, not the lines cut here.
            const listsRows = pane.summary.some((line) => pane.rows.includes(line as Row));
            const more = listsRows
              ? pane.rows.length - shown.filter((line) => pane.rows.includes(line as Row)).length
              : hidden + 1;
            return (
              <Box key={pane.title} flexDirection="column">
                <Text bold inverse={index === focus} wrap="truncate">
                  {fit(
                    `${index === focus ? '▶' : '•'} ${pane.title}${pane.counted !== false && pane.rows.length > 0 ? ` (${pane.rows.length})` : ''}`,
                    columnWidth,
                  )}
                </Text>
                {shown.map((line, i) => (
                  <DashLine key={i} line={line} width={columnWidth} indent={2} cells={cells} />
                ))}
                {hidden > 0 && lines > 0 ? (
                  <DashLine line={{ text: `… ${more} more: Enter`, tone: 'dim' }} width={columnWidth} indent={2} />
                ) : null}
              </Box>
            );
          })}
        </Box>
      ))}
    </Box>
  );
}
