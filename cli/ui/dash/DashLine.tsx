import { Text } from 'ink';
import { lineText, type Line, type Tone } from '../../dash/pane.js';
import { fit } from '../bulk-progress/format.js';

const COLOURS: Readonly<Record<Tone, string | undefined>> = {
  normal: undefined,
  good: 'green',
  warn: 'yellow',
  bad: 'red',
  dim: undefined,
};

export interface DashLineProps {
  readonly line: Line;
  readonly width: number;
  /** The selected row of a list: drawn inverse. */
  readonly selected?: boolean;
  readonly indent?: number;
  /** Cells of the line's bar (the same for the lines drawn together). */
  readonly cells?: number;
}

/**
 * One line of a pane, cut to the width, coloured by its tone.
 *
 * @example
 * <DashLine line={{ text: 'overdue 2', tone: 'bad' }} width={78} />
 */
export function DashLine({ line, width, selected = false, indent = 0, cells }: DashLineProps) {
  const tone = line.tone ?? 'normal';
  return (
    <Text color={COLOURS[tone]} dimColor={tone === 'dim'} inverse={selected} wrap="truncate">
      {fit(`${' '.repeat(indent)}${lineText(line, cells)}${line.hint === undefined ? '' : `: ${line.hint}`}`, width)}
    </Text>
  );
}
