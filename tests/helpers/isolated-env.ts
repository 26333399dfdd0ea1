import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The environment every test that spawns the built binary runs it with: the home, config, state, data
 * and cache directories all inside `dir` (a temporary directory), so no test reads or writes the real
 * `~/.config/edshed`, `~/.local/state/edshed` (the audit log, run journals), the sandbox's database or
 * the compile cache in `~/.cache/edshed`.
 * The variables that choose an API, a profile or a token are blanked, so a developer's own settings
 * never leak into a test. Spawning tools pass it as their `env` (execa extends process.env with it).
 *
 * @example
 * const env = isolatedEnv(mkdtempSync(join(tmpdir(), 'edshed-x-')));
 * await execa(process.execPath, [BIN, 'audit'], { env });
 */
export function isolatedEnv(dir: string): Record<string, string> {
  const home = join(dir, 'home');
  mkdirSync(home, { recursive: true });
  return {
    HOME: home,
    XDG_CONFIG_HOME: join(dir, 'xdg-config'),
    XDG_DATA_HOME: join(dir, 'data'),
    XDG_STATE_HOME: join(dir, 'state'),
    EDSHED_CONFIG_DIR: join(dir, 'config'),
    // The same directory $XDG_STATE_HOME/edshed names, so tests may read either.
    EDSHED_STATE_DIR: join(dir, 'state', 'edshed'),
    EDSHED_API_URL: '',
    EDSHED_ENV: '',
    EDSHED_TOKEN: '',
    EDSHED_PROFILE: '',
    EDSHED_SANDBOX_URL: '',
    // V8's compiled code of the CLI (cli/startup/compile-cache.ts) is kept here, not in the real ~/.cache.
    XDG_CACHE_HOME: join(dir, 'cache'),
    NO_COLOR: '1',
  };
}

/**
 * `isolatedEnv` in a new temporary directory.
 *
 * @example
 * const env = freshEnv('edshed-help-');
 */
export function freshEnv(prefix: string): Record<string, string> {
  return isolatedEnv(mkdtempSync(join(tmpdir(), prefix)));
}
