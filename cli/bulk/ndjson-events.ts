import { jsonErrorPosition } from '../input/json-position.js';
import { problem, type InputEvent } from './input-event.js';
import { InputLineError, type PhysicalLine } from './lines.js';

/**
 * Reads NDJSON: one JSON object per line, blank lines ignored. A line that is not a JSON object is a
 * problem naming the line (and the column, for bad JSON); the lines after it are still read.
 *
 * @example
 * for await (const event of ndjsonEvents(physicalLines(stream))) if (event.kind === 'row') console.log(event.values);
 */
export async function* ndjsonEvents(lines: AsyncIterable<PhysicalLine>): AsyncGenerator<InputEvent> {
  try {
    for await (const { line, text } of lines) {
      if (text.trim() === '') continue;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        const at = jsonErrorPosition(text);
        yield problem(line, `not valid JSON${at ? ` at column ${at.column}: ${at.problem}` : ''}`);
        continue;
      }
      if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        yield problem(line, 'expected a JSON object of column values, like {"id": 12}');
        continue;
      }
      yield { kind: 'row', line, values: value as Record<string, unknown> };
    }
  } catch (error) {
    if (!(error instanceof InputLineError)) throw error;
    yield problem(error.line, `${error.message}; the rest of the file was not read`, true);
  }
}
