import { CliError, EXIT } from '../errors/cli-error.js';
import type { Factory } from '../factory/factory.js';
import type { BulkCommand } from './bulk-command.js';
import { issueText } from './validate.js';

/**
 * Runs a command's checks that depend on who is signed in (`preflight`), once every row passed its
 * local checks: rows it refuses are printed as `file:line: column: message`, as the local checks print
 * theirs, and the run stops with exit 1, not 2 (a read was sent to know), saying nothing was written.
 *
 * @example
 * await runPreflight(c, command, 'classes.csv', 'nothing was written'); // classes.csv:3: school: ...
 */
export async function runPreflight<Row>(
  c: Factory,
  command: BulkCommand<Row>,
  file: string,
  outcome: string,
): Promise<void> {
  const refusal = await command.preflight?.(c);
  if (refusal === undefined || refusal.issues.length === 0) return;
  for (const issue of refusal.issues) c.io.stderr.write(`${issueText(file, issue.line, issue)}\n`);
  const count = refusal.issues.length;
  throw new CliError(
    `${count} row${count === 1 ? '' : 's'} of ${file} refused for ${refusal.who} (read ${refusal.read}); ${outcome}`,
    EXIT.requestFailed,
  );
}
