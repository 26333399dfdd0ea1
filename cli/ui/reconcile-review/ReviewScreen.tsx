import { Box, Text } from 'ink';
import {
  REVIEW_KEYS,
  reviewCounts,
  type ReviewItem,
  type ReviewState,
} from '../../commands/invoices/reconcile-review.js';
import { wrap } from '../../output/fit.js';

export interface ReviewScreenProps {
  readonly state: ReviewState;
  readonly columns: number;
  readonly rows: number;
}

/** Narrowest layout drawn; a narrower terminal wraps. */
const MIN_COLUMNS = 40;
/** Most rows the matcher's note takes: it says why and what to do (`...but INV-7513 is another school's`). */
const NOTE_ROWS = 3;

/**
 * One line of text, at most `width` wide. Statement text is the bank's, not ours: control characters
 * (a terminal escape among them) are shown as spaces, never sent to the terminal.
 */
export function fitLine(text: string, width: number): string {
  // eslint-disable-next-line no-control-regex
  const line = text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ');
  return line.length <= width ? line : `${line.slice(0, Math.max(0, width - 1))}…`;
}

/**
 * The matcher's note wrapped to at most `NOTE_ROWS` lines of `width` (the last cut when it is longer), so
 * what it warns of and what to do next both show on an 80-column terminal.
 *
 * @example
 * noteLines("the text names Oakfield Primary, but INV-000012 is Maple Elementary's", 40)
 * // ['the text names Oakfield Primary, but', "INV-000012 is Maple Elementary's"]
 */
export function noteLines(note: string, width: number): string[] {
  const lines = wrap(fitLine(note, Number.MAX_SAFE_INTEGER), width);
  if (lines.length <= NOTE_ROWS) return lines;
  return [...lines.slice(0, NOTE_ROWS - 1), fitLine(lines.slice(NOTE_ROWS - 1).join(' '), width)];
}

/**
 * The line's class, date and amount, then where it is (`file:line`): a long path is cut from its start, so
 * the class and the file's own name and line always show.
 *
 * @example
 * placeLine({ class: 'ambiguous', date: '2026-11-03', amount: '£540.00', where: '/very/long/path/nov.csv:2' }, 40)
 * // 'ambiguous · 2026-11-03 · £540.00 · …nov.csv:2'
 */
export function placeLine(item: Pick<ReviewItem, 'class' | 'date' | 'amount' | 'where'>, width: number): string {
  const head = fitLine(`${item.class} · ${item.date} · ${item.amount} · `, width);
  const room = width - head.length;
  const where = fitLine(item.where, Number.MAX_SAFE_INTEGER);
  if (room <= 1) return head;
  return `${head}${where.length <= room ? where : `…${where.slice(where.length - (room - 1))}`}`;
}

/**
 * The review screen: where the person is, the line (its class, date and amount, where it is, its text and the
 * matcher's note), its decision, its candidates with the shown one's signals, the last key's outcome
 * and the keys. It never draws wider than `columns` nor taller than `rows`. Presentational: everything
 * comes from the state.
 *
 * @example
 * <ReviewScreen state={state} columns={80} rows={24} />
 */
export function ReviewScreen({ state, columns, rows }: ReviewScreenProps) {
  const width = Math.max(MIN_COLUMNS, columns) - 1;
  const { accepted, rejected, left } = reviewCounts(state);
  const header = `Review ${state.items.length === 0 ? 0 : state.cursor + 1} of ${state.items.length} · accepted ${accepted} · rejected ${rejected} · undecided ${left}`;
  const item = state.items[state.cursor];
  const footer = [
    <Text key="message" color={state.message.startsWith('Not accepted') ? 'red' : undefined}>
      {fitLine(state.message, width) || ' '}
    </Text>,
    <Text key="keys" dimColor>
      {fitLine(REVIEW_KEYS, width)}
    </Text>,
  ];
  if (item === undefined) {
    return (
      <Box flexDirection="column" width={width}>
        <Text bold>{fitLine(header, width)}</Text>
        {footer}
      </Box>
    );
  }
  const decision = state.decisions.get(state.cursor);
  const pick = state.picks[state.cursor] ?? 0;
  const decided =
    decision === undefined
      ? 'undecided: the plan keeps what the matcher chose'
      : decision.kind === 'reject'
        ? 'REJECTED: marks nothing'
        : `ACCEPTED: ${item.candidates[decision.candidate]?.label ?? ''}`;
  const note = noteLines(item.note, width);
  // Rows: header, line, text, the note's, decision, a blank, "Candidates", the footer's two; the rest for candidates.
  const room = Math.max(2, rows - 9 - note.length);
  const shown = item.candidates.slice(0, Math.max(1, Math.floor(room / 2)));
  const signals = item.candidates[pick]?.signals ?? [];
  const signalRoom = Math.max(0, room - shown.length);
  return (
    <Box flexDirection="column" width={width}>
      <Text bold>{fitLine(header, width)}</Text>
      <Text>{placeLine(item, width)}</Text>
      <Text>{fitLine(`"${item.text}"`, width)}</Text>
      {note.map((l, k) => (
        <Text key={`note${k}`} dimColor>
          {l || ' '}
        </Text>
      ))}
      <Text color={decision === undefined ? undefined : decision.kind === 'reject' ? 'red' : 'green'}>
        {fitLine(decided, width)}
      </Text>
      <Text> </Text>
      <Text bold>{fitLine(`Candidates (${item.candidates.length}; ←→ to pick):`, width)}</Text>
      {shown.map((candidate, k) => (
        <Box key={k} flexDirection="column">
          <Text inverse={k === pick}>
            {fitLine(`${k === pick ? '▶' : ' '} ${k + 1}. score ${candidate.score}  ${candidate.label}`, width)}
          </Text>
          {k === pick &&
            signals.slice(0, signalRoom).map((s, j) => (
              <Text key={j} dimColor>
                {fitLine(`     ${s}`, width)}
              </Text>
            ))}
        </Box>
      ))}
      {pick >= shown.length && (
        <Text inverse>
          {fitLine(
            `▶ ${pick + 1}. score ${item.candidates[pick]?.score ?? 0}  ${item.candidates[pick]?.label ?? ''}`,
            width,
          )}
        </Text>
      )}
      {footer}
    </Box>
  );
}
