import { DEFAULT_TIMEOUT_MS } from '../../core/api/timeout.js';
import { CliError, EXIT } from '../errors/cli-error.js';
import type { Env, Factory, GlobalOptions } from '../factory/factory.js';

/** The default request timeout in seconds, as `--help` and `edshed help environment` state it. */
export const DEFAULT_TIMEOUT_SECONDS = DEFAULT_TIMEOUT_MS / 1000;

/** What `--timeout` bounds, for `--help` and `edshed help environment`. */
export const TIMEOUT_MEANING =
  `longest the command waits for the API in all, retries and the waits between them included, in seconds (default ${DEFAULT_TIMEOUT_SECONDS}; 0: no limit); ` +
  "with --from, each item's request (and its retries); for dash and snapshot waits, each request";

/**
 * The same factory with `--timeout` bounding each request rather than the whole command: for commands
 * that make many requests over a long time (bulk runs, dashboards, waits for a job).
 *
 * @example
 * const perItem = timeoutPerRequest(c); // a bulk run's requests each get the whole --timeout
 */
export function timeoutPerRequest(c: Factory): Factory {
  return c.globals.timeoutPerRequest === true ? c : c.withGlobals({ ...c.globals, timeoutPerRequest: true });
}

/** Seconds a timer can wait (2^31 - 1 ms). */
const MAX_SECONDS = 2_147_483;

/**
 * The command's time for the API, in milliseconds (each request's, where `timeoutPerRequest` says so):
 * `--timeout SECONDS`, else `EDSHED_TIMEOUT`, else 30 s; 0 waits for ever. A bad value is a usage error naming where it came from.
 *
 * @example
 * requestTimeoutMs({ timeout: '2.5' }, {}) // 2500
 * requestTimeoutMs({}, { EDSHED_TIMEOUT: '60' }) // 60000
 */
export function requestTimeoutMs(globals: Pick<GlobalOptions, 'timeout'>, env: Env): number {
  const [source, raw] =
    globals.timeout !== undefined
      ? ['--timeout', globals.timeout]
      : env.EDSHED_TIMEOUT
        ? ['EDSHED_TIMEOUT', env.EDSHED_TIMEOUT]
        : [undefined, undefined];
  if (source === undefined) return DEFAULT_TIMEOUT_MS;
  const seconds = /^\s*\d+(\.\d+)?\s*$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(seconds <= MAX_SECONDS))
    throw new CliError(
      `${source}: expected a number of seconds from 0 (0: no limit) to ${MAX_SECONDS}, got "${raw}"`,
      EXIT.usage,
    );
  return Math.round(seconds * 1000);
}
