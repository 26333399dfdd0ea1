import { DEFAULT_TIMEOUT_MS } from '../core/api/timeout.js';
import { CliError, EXIT } from './cli-error.js';
import type { Env, GlobalOptions } from './factory.js';

/** The default request timeout in seconds, as `--help` and `edshed help environment` state it. */
export const DEFAULT_TIMEOUT_SECONDS = DEFAULT_TIMEOUT_MS / 1000;

/** Seconds a timer can wait (2^31 - 1 ms). */
const MAX_SECONDS = 2_147_483;

/**
 * The longest wait for one request's whole answer, in milliseconds: `--timeout SECONDS`, else
 * `EDSHED_TIMEOUT`, else 30 s; 0 waits for ever. A bad value is a usage error naming where it came from.
 *
 * @example
 * requestTimeoutMs({ timeout: '2.5' }, {}) // 2500
 * requestTimeoutMs({}, { EDSHED_TIMEOUT: '60' }) // 60000
 */
export function requestTimeoutMs(globals: Pick<GlobalOptions, 'timeout'>, env: Env): number {
  const [source, raw] = globals.timeout !== undefined ? ['--timeout', globals.timeout] : env.EDSHED_TIMEOUT ? ['EDSHED_TIMEOUT', env.EDSHED_TIMEOUT] : [undefined, undefined];
  if (source === undefined) return DEFAULT_TIMEOUT_MS;
  const seconds = /^\s*\d+(\.\d+)?\s*$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(seconds <= MAX_SECONDS)) throw new CliError(`${source}: expected a number of seconds from 0 (0: no limit) to ${MAX_SECONDS}, got "${raw}"`, EXIT.usage);
  return Math.round(seconds * 1000);
}
