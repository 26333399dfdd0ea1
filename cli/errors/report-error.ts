import {
  ApiError,
  ForbiddenError,
  InvalidDataError,
  LoginAttemptsError,
  NetworkError,
  UnauthorisedError,
} from '../../core/api/errors/index.js';
import { InvalidInputError, type InputIssue } from '../../core/endpoints/invalid-input-error.js';
import { ENVIRONMENTS } from '../../core/api/environments.js';
import { errorCode } from '../../core/api/network.js';
import { CliError, EXIT } from './cli-error.js';
import type { Factory } from '../factory/factory.js';
import { flagOf } from '../input/flags.js';
import { redact } from '../output/redact.js';
import { HintedError } from '../write/hinted-error.js';

/**
 * Prints an error as the user should see it and returns the exit code: 2 for bad input (nothing was
 * sent), 4 for not signed in or not allowed (a refused sign-in too), 1 for a failed request. Response
 * data is shown with `--verbose`, secrets redacted.
 */
export function reportError(error: unknown, f: Factory): number {
  const err = (line: string) => f.io.stderr.write(`${line}\n`);
  if (error instanceof HintedError) {
    const code = reportError(error.cause, f);
    err(error.hint);
    return code;
  }
  if (error instanceof CliError) {
    err(`edshed: ${error.message}`);
    return error.exitCode;
  }
  if (error instanceof InvalidInputError) {
    err(`edshed: invalid input for ${error.command}; nothing was sent:`);
    for (const issue of error.issues) err(`  ${issue.path ? `${fieldName(issue)}: ` : ''}${issue.message}`);
    return EXIT.usage;
  }
  if (error instanceof NetworkError) {
    err(`edshed: ${error.message}`);
    const hint = notRunningHint(error, f.env);
    if (hint) err(hint);
    return EXIT.requestFailed;
  }
  if (error instanceof ApiError) {
    const ref = [
      error.status ? `status ${error.status}` : '',
      error.requestId ? `request ${error.requestId}` : '',
      error.errorReference && error.errorReference !== error.requestId ? `reference ${error.errorReference}` : '',
    ]
      .filter(Boolean)
      .join(', ');
    err(`edshed: ${error.message}${ref ? ` (${ref})` : ''}`);
    const fieldErrors = error instanceof InvalidDataError ? Object.entries(error.fieldErrors) : [];
    const serverMessage = serverMessageOf(error.data);
    if (serverMessage && fieldErrors.length === 0 && !error.message.includes(serverMessage)) err(`  ${serverMessage}`);
    if (fieldErrors.length > 0) {
      for (const [field, messages] of fieldErrors) err(`  ${field ? `${field}: ` : ''}${messages.join('; ')}`);
    }
    if (f.globals.verbose && error.data !== undefined) err(JSON.stringify(redact(error.data), null, 2));
    if (error instanceof LoginAttemptsError) {
      const left = attemptsLeftOf(error.data);
      err(
        `Check the username and password${left === undefined ? '' : ` (${left} attempt${left === 1 ? '' : 's'} left)`}.`,
      );
      return EXIT.auth;
    }
    if (error instanceof UnauthorisedError) {
      err('Sign in with `edshed login`, or pass --token / EDSHED_TOKEN.');
      return EXIT.auth;
    }
    if (error instanceof ForbiddenError) return EXIT.auth;
    return EXIT.requestFailed;
  }
  err(`edshed: ${error instanceof Error ? error.message : String(error)}`);
  return EXIT.requestFailed;
}

/**
 * For a refused connection to the sandbox's address (or another loopback one, where a sandbox started
 * with --port listens): that the sandbox is not running, and how to start it.
 */
function notRunningHint(error: NetworkError, env: Factory['env']): string | undefined {
  if (errorCode(error.cause) !== 'ECONNREFUSED' || error.url === undefined) return undefined;
  const called = parsedUrl(error.url);
  const sandbox = parsedUrl(env.EDSHED_SANDBOX_URL || ENVIRONMENTS.sandbox)?.origin;
  if (called === undefined) return undefined;
  if (called.origin === sandbox) {
    // EDSHED_SANDBOX_URL moved it off the default port: the sandbox is to be started there.
    const moved =
      called.port !== '' && called.port !== parsedUrl(ENVIRONMENTS.sandbox)?.port ? ` --port ${called.port}` : '';
    return `The sandbox is not running at ${sandbox}/: start it with \`npm start${moved ? ` --${moved}` : ''}\` in the toolkit's directory, or \`edshed sandbox start${moved}\` in another terminal.`;
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(called.hostname);
  if (!loopback || called.origin === parsedUrl(ENVIRONMENTS.dev)?.origin) return undefined;
  return `Nothing listens at ${called.origin}/. If it is a sandbox, start it with \`edshed sandbox start --port ${called.port || (called.protocol === 'https:' ? '443' : '80')}\`.`;
}

function parsedUrl(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/** A payload key as the flag that gives it (`po_number.x` is `--po-number.x`); a path parameter by its name. */
function fieldName(issue: InputIssue): string {
  if (issue.in !== 'payload') return issue.path;
  const [key = '', ...rest] = issue.path.split('.');
  return [`--${flagOf(key)}`, ...rest].join('.');
}

/** The `message` of an error body, when the server sent one (the 422 catalogue text hides it otherwise). */
function serverMessageOf(data: unknown): string | undefined {
  const message = data !== null && typeof data === 'object' ? (data as Record<string, unknown>).message : undefined;
  return typeof message === 'string' && message !== '' ? message : undefined;
}

/** The sign-in attempts the server says are left (`attempts_remaining`), when it says. */
function attemptsLeftOf(data: unknown): number | undefined {
  const left =
    data !== null && typeof data === 'object' ? (data as Record<string, unknown>).attempts_remaining : undefined;
  return typeof left === 'number' ? left : undefined;
}
