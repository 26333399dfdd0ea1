import { join } from 'node:path';
import envPaths from 'env-paths';

/**
 * The default sandbox database: `sandbox.db` in the user's data directory (`$XDG_DATA_HOME/edshed`,
 * usually `~/.local/share/edshed` on Linux; the platform's equivalent elsewhere).
 *
 * @example
 * defaultDatabasePath(); // '/home/me/.local/share/edshed/sandbox.db'
 */
export function defaultDatabasePath(): string {
  return join(envPaths('edshed', { suffix: '' }).data, 'sandbox.db');
}
