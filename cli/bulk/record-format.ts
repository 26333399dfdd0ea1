import { extname } from 'node:path';
import { CliError, EXIT } from '../errors/cli-error.js';

/**
 * The format a results or rejects file is written in, from its extension: `.csv`, `.ndjson` or `.jsonl`.
 * Anything else is a usage error, found before anything is sent.
 *
 * @example
 * recordFormat('--results', 'out.csv') // 'csv'
 */
export function recordFormat(flag: string, path: string): 'csv' | 'ndjson' {
  const ext = extname(path).toLowerCase();
  if (ext === '.csv') return 'csv';
  if (ext === '.ndjson' || ext === '.jsonl') return 'ndjson';
  throw new CliError(
    `${flag} ${path}: name the file .csv, .ndjson or .jsonl (the format follows the extension)`,
    EXIT.usage,
  );
}
