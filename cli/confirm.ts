import { createInterface } from 'node:readline/promises';
import { CliError, EXIT } from './cli-error.js';
import type { Factory } from './factory.js';

/**
 * Asks before a destructive call. Without a terminal there is nobody to ask: the call is refused
 * unless `--yes` was given, so a script never deletes by accident.
 */
export async function confirmDestructive(f: Factory, what: string): Promise<void> {
  if (!f.io.stdinIsTTY) {
    throw new CliError(`${what} is destructive: pass --yes to confirm (no terminal to ask on)`, EXIT.usage);
  }
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await rl.question(`${what} is destructive. Type "yes" to go on: `);
    if (answer.trim().toLowerCase() !== 'yes') throw new CliError('Cancelled; nothing was sent', EXIT.usage);
  } finally {
    rl.close();
  }
}
