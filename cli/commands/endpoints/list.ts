import { Option, type Command } from 'commander';
import { offerValues } from '../../completion/values.js';
import { ROLES, type Endpoint } from '../../../core/endpoints/define.js';
import { CliError, EXIT } from '../../errors/cli-error.js';
import { addCommonOptions, leafFactory } from '../../input/flags.js';
import { rankBySearch } from '../../help/search.js';
import { tableEntries } from '../../table/table-nouns.js';
import type { Factory } from '../../factory/factory.js';
import type { DefineCommand } from '../define.js';

/** One row of `edshed endpoints --json`. */
export interface EndpointRow {
  readonly name: string;
  readonly method: string;
  readonly path: string;
  readonly area: string;
  readonly role: string;
  readonly command: string;
  readonly summary: string;
  /** How the route was inferred where the spec does not show it; only on such rows. */
  readonly note?: string;
}

/** The rows of the table's entries, filtered by area and role; with a search text, only matching rows, best match first. */
export function endpointRows(
  entries: readonly Endpoint[],
  filter: { area?: string; role?: string; search?: string } = {},
): EndpointRow[] {
  const chosen = entries.filter(
    (e) => (!filter.area || e.area === filter.area) && (!filter.role || e.role === filter.role),
  );
  return (filter.search ? rankBySearch(chosen, filter.search) : chosen).map((e) => ({
    name: `${e.noun}.${e.verb}`,
    method: e.method,
    path: e.path,
    area: e.area,
    role: e.role,
    command: e.command,
    summary: e.summary,
    ...(e.note ? { note: e.note } : {}),
  }));
}

export interface EndpointsListOptions {
  readonly area?: string | undefined;
  readonly role?: string | undefined;
  readonly search?: string | undefined;
}

/**
 * Prints the table's operations, filtered and searched; an unknown area or role is exit 2.
 *
 * @example
 * await runEndpointsList(c, { area: 'superuser-billing' });
 */
export async function runEndpointsList(c: Factory, options: EndpointsListOptions): Promise<void> {
  // The table's data, not its code: this path is benchmarked for cold start (cli/table/table-nouns.ts).
  const entries = await tableEntries();
  if (options.area && !entries.some((e) => e.area === options.area)) {
    throw new CliError(
      `--area: no area "${options.area}" (areas: ${[...new Set(entries.map((e) => e.area))].join(', ')})`,
      EXIT.usage,
    );
  }
  if (options.role && !(ROLES as readonly string[]).includes(options.role))
    throw new CliError(`--role: "${options.role}" is not one of ${ROLES.join(', ')}`, EXIT.usage);
  const rows = endpointRows(entries, options);
  if (c.globals.json && !c.globals.fields && !c.globals.format) {
    // The documented --json shape, written directly: this path is benchmarked for cold start.
    c.io.stdout.write(`${JSON.stringify(rows.map(({ summary: _summary, ...row }) => row))}\n`);
    return;
  }
  const out =
    !c.globals.fields && !c.globals.json && !c.globals.format
      ? c.withGlobals({ ...c.globals, fields: 'command,method,path,role' })
      : c;
  const { printResponse } = await import('../../output/print-response.js');
  await printResponse(out, rows);
}

const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description('List every API operation: its command, method, path, area and required role')
    .option('--area <area>', 'only this area (e.g. superuser-billing)')
    .addOption(offerValues(new Option('--role <role>', `only this role (${ROLES.join(', ')})`), ROLES))
    .option(
      '--search <text>',
      'only operations matching every word, in any order, in their command, path or summary; best first',
    )
    .addHelpText(
      'after',
      '\nExamples:\n  edshed endpoints --area superuser-billing\n  edshed endpoints --search "mark paid" --fields command,method,path\n  edshed endpoints --json | jq length',
    );
  addCommonOptions(cmd);
  cmd.action(async (opts: { area?: string; role?: string; search?: string } & Record<string, unknown>) => {
    await runEndpointsList(leafFactory(f, cmd), { area: opts.area, role: opts.role, search: opts.search });
  });
};

export default define;
