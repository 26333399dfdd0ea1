import { readFile } from 'node:fs/promises';
import { CliError, EXIT } from '../errors/cli-error.js';
import type { Io } from '../factory/io.js';
import { jsonErrorPosition } from './json-position.js';
import { fileErrorText } from '../../core/node/file-error-text.js';

/**
 * Reads `--input file.json` (or `-` for standard input) as a JSON object. A missing file or bad JSON
 * is a usage error naming the file and the line.
 *
 * @example
 * await readInputObject('body.json', io) // { seats: 30 }
 */
export async function readInputObject(source: string, io: Io): Promise<Record<string, unknown>> {
  const name = source === '-' ? 'standard input' : source;
  let text: string;
  try {
    // A byte-order mark (Windows editors write one) is no part of the JSON, as a --from file's is not.
    text = (source === '-' ? await io.readStdin() : await readFile(source, 'utf8')).replace(/^\uFEFF/, '');
  } catch (error) {
    throw new CliError(`--input ${name}: cannot read: ${fileErrorText(error)}`, EXIT.usage);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const at = jsonErrorPosition(text);
    throw new CliError(
      `--input ${name}: not valid JSON${at ? ` at line ${at.line}, column ${at.column}: ${at.problem}` : ''}`,
      EXIT.usage,
    );
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new CliError(`--input ${name}: expected a JSON object of payload keys`, EXIT.usage);
  }
  return value as Record<string, unknown>;
}
