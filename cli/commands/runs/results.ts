import type { Command } from 'commander';
import { readOutcomes } from '../../bulk/journal-state.js';
import { resultsText, type ResultsFormat } from '../../bulk/results-file.js';
import { CliError, EXIT } from '../../errors/cli-error.js';
import { addCommonOptions, leafFactory } from '../../input/flags.js';
import type { DefineCommand } from '../define.js';
import type { Factory } from '../../factory/factory.js';

const FORMATS: readonly ResultsFormat[] = ['csv', 'ndjson'];

export interface RunResultsOptions {
  readonly id: string;
  /** `csv` or `ndjson`; anything else is exit 2. */
  readonly format: string;
}

/**
 * Prints every item's last outcome of a run, from its journal alone (no request).
 *
 * @example
 * await runRunResults(c, { id: '20261102-100000-8000', format: 'csv' });
 */
export async function runRunResults(c: Factory, options: RunResultsOptions): Promise<void> {
  if (!(FORMATS as readonly string[]).includes(options.format))
    throw new CliError(`--format ${options.format}: use csv or ndjson`, EXIT.usage);
  const { outcomes } = await readOutcomes(c.env, options.id);
  c.io.stdout.write(resultsText(outcomes, options.format as ResultsFormat));
}

/** `edshed runs results ID [--format csv|ndjson]`: every item's last outcome across the run and its resumes, from the journal alone. */
const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description(
      "Print every item's last outcome across a run and all its resumes (index, line, key, status, HTTP status, message, request id)",
    )
    .argument('<id>', 'run id (edshed runs list)')
    .option('--format <format>', 'csv (with a header) or ndjson', 'csv')
    .addHelpText(
      'after',
      "\nBuilt from the run's journal: no request is sent. Items never tried yet are not listed.\n\nExamples:\n  edshed runs results 20261102-100000-8000 > results.csv\n  edshed runs results 20261102-100000-8000 --format ndjson | jq 'select(.status != \"done\")'",
    );
  // Its own --format: the results' two formats, not the output formats of other commands.
  addCommonOptions(cmd, new Set(['format', 'json', 'fields']), { connection: false });
  cmd.action(async (id: string) => {
    await runRunResults(leafFactory(f, cmd), { id, format: String(cmd.opts<Record<string, unknown>>().format) });
  });
};

export default define;
