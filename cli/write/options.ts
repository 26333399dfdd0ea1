import type { Command } from 'commander';
import { CliError, EXIT } from '../errors/cli-error.js';

/** The options every write command takes (generated, curated and `api`). */
export interface WriteFlags {
  readonly idempotencyKey?: string | undefined;
  readonly dryRun?: boolean | undefined;
  readonly yes?: boolean | undefined;
}

/**
 * Adds `--dry-run`, `--idempotency-key` and, for destructive commands, `--yes`.
 *
 * @example
 * addWriteOptions(cmd, { destructive: true });
 */
export function addWriteOptions(
  cmd: Command,
  options: { readonly destructive: boolean; readonly idempotencyKey?: boolean },
): Command {
  cmd.option('--dry-run', 'print the exact request (token redacted) and send nothing');
  if (options.idempotencyKey !== false)
    cmd.option('--idempotency-key <key>', 'make the write safe to retry (default: a fresh key per run)');
  if (options.destructive) cmd.option('-y, --yes', 'do not ask for confirmation (needed off a terminal)');
  return cmd;
}

/**
 * Reads and checks the write options (an empty idempotency key is an error, exit 2).
 *
 * @example
 * const flags = writeFlags(cmd.opts());
 */
export function writeFlags(opts: Readonly<Record<string, unknown>>): WriteFlags {
  const key = opts.idempotencyKey as string | undefined;
  if (key !== undefined && key.trim() === '')
    throw new CliError('--idempotency-key: give a non-empty key (or leave it out for a fresh one)', EXIT.usage);
  if (key !== undefined && (key.length > 255 || /[\r\n]/.test(key)))
    throw new CliError('--idempotency-key: at most 255 characters on one line', EXIT.usage);
  return { idempotencyKey: key, dryRun: opts.dryRun === true, yes: opts.yes === true };
}

/**
 * Parses `--limit N` (a whole number from 1) and `--all` for paged lists; they exclude each other.
 *
 * @example
 * pageFlags({ limit: '25' }) // { limit: 25, all: false }
 */
export function pageFlags(opts: Readonly<Record<string, unknown>>): { limit: number | undefined; all: boolean } {
  const all = opts.all === true;
  const raw = opts.limit as string | undefined;
  if (raw === undefined) return { limit: undefined, all };
  if (!/^[1-9]\d*$/.test(raw.trim()))
    throw new CliError(`--limit: expected a whole number from 1, got "${raw}"`, EXIT.usage);
  if (all) throw new CliError('--limit and --all exclude each other: --all fetches every page', EXIT.usage);
  return { limit: Number(raw), all };
}
