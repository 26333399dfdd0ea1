import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ConfigFileError } from './config-file-error.js';
import { fileErrorText } from './file-error-text.js';

/**
 * A small JSON file of ours (config.json, credentials.json): read whole, written whole and atomically
 * (a temporary file beside it, then a rename), so a crash never leaves half a file, always mode 0600.
 * A missing file reads as `{}`; a file that is not a JSON object is an error naming it (never silently
 * replaced: it may hold tokens the user wants back): a ConfigFileError.
 *
 * @example
 * const file = jsonFile('/home/jane/.config/edshed/config.json');
 * file.write({ ...file.read(), defaultProfile: 'staging' });
 */
export function jsonFile(path: string): {
  readonly path: string;
  read(): Record<string, unknown>;
  write(data: Readonly<Record<string, unknown>>): void;
} {
  return {
    path,
    read() {
      let text: string;
      try {
        text = readFileSync(path, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
        throw new ConfigFileError(`${path}: cannot read: ${fileErrorText(error)}`, path);
      }
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        throw new ConfigFileError(`${path}: not valid JSON; fix or delete the file`, path);
      }
      if (value === null || typeof value !== 'object' || Array.isArray(value))
        throw new ConfigFileError(`${path}: expected a JSON object; fix or delete the file`, path);
      return value as Record<string, unknown>;
    },
    write(data) {
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
      // Web Crypto's randomUUID: node:crypto would load for every command that only reads these files.
      const temporary = join(dirname(path), `.${globalThis.crypto.randomUUID()}.tmp`);
      writeFileSync(temporary, `${JSON.stringify(data, null, '\t')}\n`, { mode: 0o600 });
      chmodSync(temporary, 0o600);
      renameSync(temporary, path);
    },
  };
}
