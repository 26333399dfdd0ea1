import { mkdirSync, chmodSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { EnvironmentVariables } from '../api/connection.js';

/**
 * Where the CLI (and `connect()`) keep their files, from the environment given (the CLI passes its
 * factory's, never `process.env` directly):
 * - config (profiles, credentials): `EDSHED_CONFIG_DIR`, else `$XDG_CONFIG_HOME/edshed`, else `~/.config/edshed`;
 * - state (audit log, run journals): `EDSHED_STATE_DIR`, else `$XDG_STATE_HOME/edshed`, else `~/.local/state/edshed`.
 *
 * @example
 * configDir({ XDG_CONFIG_HOME: '/home/jane/.config' }) // '/home/jane/.config/edshed'
 */
export function configDir(env: EnvironmentVariables): string {
  return env.EDSHED_CONFIG_DIR || join(env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config'), 'edshed');
}

/** The state directory (audit log, bulk-run journals); see `configDir`. */
export function stateDir(env: EnvironmentVariables): string {
  return env.EDSHED_STATE_DIR || join(env.XDG_STATE_HOME || join(env.HOME || homedir(), '.local', 'state'), 'edshed');
}

/**
 * Creates a directory of ours readable only by the user (0700), tightening one that already exists.
 *
 * @example
 * ensurePrivateDir(stateDir(env));
 */
export function ensurePrivateDir(dir: string): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  return dir;
}
