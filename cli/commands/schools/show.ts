import type { Command } from 'commander';
import { CliError, EXIT } from '../../cli-error.js';
import type { Factory } from '../../factory.js';
import { addCommonOptions, leafFactory } from '../../flags.js';
import { positiveId } from '../../ids.js';
import { chooseFormat } from '../../output/render.js';
import type { DefineCommand } from '../index.js';
import { readSchoolView, type SchoolView } from './school-view.js';
import { renderSchoolView } from './show-output.js';

export interface ShowSchoolOptions {
  readonly id: number;
}

/**
 * Shows one school with its subscriptions and seats, its unpaid invoices with totals per currency, and
 * its teacher and pupil counts, read concurrently. For superusers: anyone else gets the API's refusal
 * (exit 4). Answers the view it printed.
 *
 * @example
 * const view = await runShowSchool(c, { id: 1 });
 */
export async function runShowSchool(c: Factory, options: ShowSchoolOptions): Promise<SchoolView> {
  const format = chooseFormat(c.globals, c.io.stdoutIsTTY);
  if (c.globals.fields !== undefined) throw new CliError('--fields: schools show prints several sections; use --json and pick with jq (nothing was sent)', EXIT.usage);
  const today = c.now().toISOString().slice(0, 10);
  const view = await readSchoolView(await c.api(), options.id, today);
  c.io.stdout.write(await renderSchoolView(view, { format, today, colors: c.colors, columns: c.io.columns }));
  return view;
}

const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description('Show a school with its subscriptions, seats, unpaid invoices and totals, teacher and pupil counts')
    .argument('<id>', 'school id (`edshed schools find NAME` finds it)')
    .addHelpText(
      'after',
      '\nFor superusers. Reads GET schools/{id}, GET schoolsubscriptions and GET subscriptions/invoices (open and\n' +
        'promised) at the same time. A table on a terminal, TSV sections (# heading) in a pipe, one JSON object with\n' +
        '--json (amounts in minor units, as the API gives them). The school record alone, for any teacher of the\n' +
        'school: edshed api GET schools/ID.\n\n' +
        'Examples:\n  edshed schools show 1\n  edshed schools show 1 --json | jq .invoice_totals',
    );
  // Several sections: --fields has nothing single to pick from (the global form before the noun is refused in runShowSchool).
  addCommonOptions(cmd, new Set(['fields']));
  cmd.action(async (idArg: string) => {
    const c = leafFactory(f, cmd);
    await runShowSchool(c, { id: positiveId(idArg, 'school id', 'a school id') });
  });
};

export default define;
