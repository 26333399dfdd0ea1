import { Option, type Command } from 'commander';
import { fieldInfo, type Endpoint } from '../../core/endpoints/define.js';
import { CliError, EXIT } from '../errors/cli-error.js';
import type { Factory } from '../factory/factory.js';
import { attributeOf, flagOf } from '../input/flags.js';

/**
 * A payload key that holds a password (`password`, `new_password`): never a flag, since a flag stays in
 * shell history and process lists. It is asked on the terminal or read with `--<key>-stdin`.
 *
 * @example
 * isPasswordKey('password') // true
 * isPasswordKey('password_hint') // false
 */
export const isPasswordKey = (key: string): boolean => /(^|_)password$/i.test(key);

/** `--password-stdin` for `password`: how a script gives it. */
export const stdinFlagOf = (key: string): string => `${flagOf(key)}-stdin`;

/**
 * Whether an entry's password is one being set (a sign-up, a reset), so it is asked twice; one sent to
 * `auth` (sign in, re-verify) must match an existing one, so it is asked once.
 */
const setsPassword = (endpoint: Endpoint): boolean => !(endpoint.path === 'auth' || endpoint.path.startsWith('auth/'));

/** The refusal of `--password VALUE`, naming the ways that keep it out of shell history. */
export function passwordFlagRefusal(flag: string, extra = ''): CliError {
  return new CliError(
    `--${flag}: the password is never a flag (it would stay in shell history); type it when asked, or use --${flag}-stdin${extra}; nothing was sent`,
    EXIT.usage,
  );
}

/**
 * Adds, for a password key, `--<key>-stdin` and a hidden `--<key> VALUE` that only refuses (saying how to
 * give it instead).
 *
 * @example
 * addPasswordOptions(cmd, 'password', 'a password of 4 characters or more'); // --password-stdin
 */
export function addPasswordOptions(cmd: Command, key: string, expected?: string): void {
  const what = expected === undefined ? '' : `${expected}; `;
  cmd.option(
    `--${stdinFlagOf(key)}`,
    `${key}: ${what}read it from standard input (for scripts); on a terminal it is asked for, not echoed`,
  );
  cmd.addOption(new Option(`--${flagOf(key)} <value>`).hideHelp());
}

/**
 * Reads a password: from standard input with `stdin` (one line, its newline dropped), else asked on the
 * terminal without echo (twice when `confirm`, and the two must match). Off a terminal without `stdin`,
 * a usage error saying how to give it. An empty password is refused. Nothing is sent before this.
 *
 * @example
 * const password = await readPassword(c, { flag: 'password', stdin: opts.passwordStdin === true, question: 'New password:', confirm: true });
 */
export async function readPassword(
  c: Factory,
  o: { readonly flag: string; readonly stdin: boolean; readonly question: string; readonly confirm?: boolean },
): Promise<string> {
  let password: string;
  if (o.stdin) password = (await c.io.readStdin()).replace(/\r?\n$/, '');
  else {
    if (!c.prompter.interactive)
      throw new CliError(
        `--${o.flag}: no terminal to ask for it on; give it with --${o.flag}-stdin (for example printf '%s' "$PASSWORD" | edshed ... --${o.flag}-stdin); nothing was sent`,
        EXIT.usage,
      );
    password = await c.prompter.password(o.question);
    if (o.confirm && password !== '' && (await c.prompter.password('Again, to confirm:')) !== password) {
      throw new CliError('The two passwords differ; nothing was sent', EXIT.usage);
    }
  }
  if (password === '') throw new CliError(`--${o.flag}: no password given; nothing was sent`, EXIT.usage);
  return password;
}

/**
 * The passwords of a table command's input: refuses `--password VALUE`, then, for each password key the
 * input (an `--input` file) does not already hold, reads it (`--password-stdin`, else the terminal).
 *
 * @example
 * await passwordInput(c, endpoint, opts, input); // input.password is set
 */
export async function passwordInput(
  c: Factory,
  endpoint: Endpoint,
  opts: Readonly<Record<string, unknown>>,
  input: Record<string, unknown>,
): Promise<void> {
  for (const [key, spec] of Object.entries(endpoint.payload ?? {}).filter(([name]) => isPasswordKey(name))) {
    const flag = flagOf(key);
    if (opts[attributeOf(flag)] !== undefined) throw passwordFlagRefusal(flag, ', or an --input file');
    const stdin = opts[attributeOf(stdinFlagOf(key))] === true;
    if (stdin && opts.input === '-')
      throw new CliError(
        `--${stdinFlagOf(key)} and --input -: both read standard input; put the ${key} in the --input file instead`,
        EXIT.usage,
      );
    // An optional password (a teacher's, set later if not now) is read only when given.
    if ((input[key] !== undefined || fieldInfo(spec).optional) && !stdin) continue;
    input[key] = await readPassword(c, {
      flag,
      stdin,
      question: setsPassword(endpoint)
        ? `New ${key.replace(/_/g, ' ')}:`
        : `${key.replace(/_/g, ' ').replace(/^./, (ch) => ch.toUpperCase())}:`,
      confirm: setsPassword(endpoint),
    });
  }
}
