/** Exit codes of the `edshed` command (README, "Exit codes"). */
export const EXIT = {
  ok: 0,
  requestFailed: 1,
  usage: 2,
  bulkPartial: 3,
  auth: 4,
  interrupted: 130,
} as const;

/**
 * An error the CLI reports as one line on stderr with a chosen exit code (no stack trace).
 *
 * @example
 * throw new CliError('--quantity must be a whole number, got "ten"', EXIT.usage);
 */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.requestFailed,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
