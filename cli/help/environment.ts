import { ENVIRONMENTS } from '../../core/api/environments.js';
import { TIMEOUT_MEANING } from '../http/timeout.js';
import { wrapWords } from './reflow.js';

/** Every environment variable the CLI reads, by what it is for. */
const VARIABLES: readonly (readonly [group: string, rows: readonly (readonly [name: string, meaning: string])[]])[] = [
  [
    'Connection',
    [
      ['EDSHED_API_URL', 'API base URL, as --api-url'],
      ['EDSHED_ENV', 'named environment, as --env (see below)'],
      [
        'EDSHED_SANDBOX_URL',
        'where the sandbox environment is, for a sandbox started with --port (default: http://127.0.0.1:8787/)',
      ],
      ['EDSHED_TOKEN', 'session token, as --token; prefer `edshed auth login`'],
      [
        'EDSHED_PROFILE',
        'credentials profile, as --profile (default: the one `edshed profiles use` chose, else "default")',
      ],
      ['EDSHED_TIMEOUT', `as --timeout: ${TIMEOUT_MEANING}`],
      [
        'EDSHED_PASSWORD',
        'password for `edshed auth login` when it is not asked on the terminal or read with --password-stdin',
      ],
    ],
  ],
  [
    'Files',
    [
      [
        'EDSHED_CONFIG_DIR',
        'directory of config.json and credentials.json (default: $XDG_CONFIG_HOME/edshed, ~/.config/edshed on Linux)',
      ],
      [
        'EDSHED_STATE_DIR',
        'directory of the audit log and bulk-run journals (default: $XDG_STATE_HOME/edshed, ~/.local/state/edshed)',
      ],
      ['XDG_CONFIG_HOME', 'base of the default config directory'],
      ['XDG_STATE_HOME', 'base of the default state directory'],
      ['XDG_DATA_HOME', "base of the sandbox's default database: $XDG_DATA_HOME/edshed/sandbox.db"],
      [
        'XDG_CACHE_HOME',
        "base of the compile cache, V8's compiled code of the CLI kept between runs: $XDG_CACHE_HOME/edshed/compile-cache (default ~/.cache/edshed/compile-cache)",
      ],
      [
        'NODE_DISABLE_COMPILE_CACHE',
        "when set to anything, no compile cache: each command compiles the CLI afresh (as it does for Node's own cache)",
      ],
      [
        'NODE_OPTIONS',
        "Node's own; the compile cache keeps a directory per value (V8 refuses code cached under other options)",
      ],
      ['HOME', 'base of the default directories when the XDG variables are not set'],
    ],
  ],
  [
    'Output',
    [
      ['NO_COLOR', 'when set to anything, no colours, as --no-color (https://no-color.org)'],
      [
        'FORCE_COLOR',
        'colours even when output is not a terminal (0 or false: none); NO_COLOR and --no-color still win',
      ],
      ['TERM', 'dumb: no colours (a terminal that would show their codes as text), unless FORCE_COLOR is set'],
      ['COLUMNS', "the width tables fit, in characters (default: the terminal's, else 120; see `edshed help output`)"],
    ],
  ],
];

/**
 * Where the API URL comes from, first found wins. The labels are those `edshed auth status` shows
 * under `from` (see `resolveConnection`).
 */
export const API_URL_SOURCES: readonly (readonly [label: string, meaning: string])[] = [
  ['--api-url', 'the --api-url flag'],
  ['--env', 'the --env flag: a named environment'],
  ['EDSHED_API_URL', 'the EDSHED_API_URL variable'],
  ['EDSHED_ENV', 'the EDSHED_ENV variable: a named environment'],
  ['profile', 'the URL stored in the profile (config.json)'],
  ['credentials', 'the URL of the API that issued the stored token (credentials.json)'],
];

/** Help is read on an 80-column terminal: a meaning wraps under itself. */
const COLUMNS = 80;

const table = (rows: readonly (readonly [string, string])[], indent = '  ') => {
  const width = Math.max(...rows.map(([name]) => name.length)) + 2;
  const under = ' '.repeat(indent.length + width);
  return rows
    .map(
      ([name, meaning]) =>
        `${indent}${name.padEnd(width)}${wrapWords(meaning, Math.max(20, COLUMNS - under.length)).join(`\n${under}`)}`,
    )
    .join('\n');
};

/**
 * The text of `edshed help environment`: the variables, how the API URL is chosen, and the named
 * environments of `ENVIRONMENTS`.
 *
 * @example
 * environmentText().includes('EDSHED_API_URL'); // true
 */
export function environmentText(): string {
  const groups = VARIABLES.map(([group, rows]) => `${group}:\n${table(rows)}`).join('\n\n');
  const order = API_URL_SOURCES.map(([, meaning], i) => `  ${i + 1}. ${meaning}`).join('\n');
  const named = table(Object.entries(ENVIRONMENTS));
  return (
    `Environment variables edshed reads:\n\n${groups}\n\n` +
    `The API a command talks to is the first of:\n${order}\n\n` +
    "The token is --token, else EDSHED_TOKEN, else the profile's stored token (sent only\nto the API that issued it).\n\n" +
    `Named environments (--env, EDSHED_ENV):\n${named}\n`
  );
}
