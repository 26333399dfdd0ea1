import { Command, CommanderError, Option } from 'commander';
import { ENVIRONMENT_NAMES } from '../core/api/environments.js';
import { COLOR_HELP, envOption, formatOption, TIMEOUT_HELP } from './input/flags.js';
import type { Endpoint } from '../core/endpoints/define.js';
import { reflowHelp } from './help/reflow.js';
import { nounEntries, tableNouns } from './table/table-nouns.js';
import { CURATED, CURATED_NOUNS } from './commands/index.js';
import type { CuratedCommand } from './commands/define.js';
import type { Factory } from './factory/factory.js';
import { createFactory } from './factory/default-factory.js';
import { processIo } from './factory/io.js';
import { terminalPrompter } from './prompt/terminal-prompter.js';

/** Global options that take a value: their value is not the command word. */
const VALUE_OPTIONS = new Set(['--api-url', '--env', '--token', '--profile', '--format', '--fields', '--timeout']);

/** The words of argv that are not options or options' values: the noun being run, then its verb. */
function commandWords(argv: readonly string[]): string[] {
  const words: string[] = [];
  for (let i = 0; i < argv.length && words.length < 2; i += 1) {
    const arg = argv[i] as string;
    if (arg === '--') return [...words, ...argv.slice(i + 1, i + 3 - words.length)];
    if (VALUE_OPTIONS.has(arg)) i += 1;
    else if (!arg.startsWith('-')) words.push(arg);
  }
  return words;
}

/** The first word of argv that is not an option or an option's value: the noun being run. */
export function commandWord(argv: readonly string[]): string | undefined {
  return commandWords(argv)[0];
}

function verbOf(endpoint: Endpoint): string {
  return endpoint.command.split(' ')[1] as string;
}

function nounSummary(noun: string, endpoints: readonly Endpoint[], curated: readonly string[]): string {
  if (endpoints.length === 0) return CURATED_NOUNS[noun] ?? `${curated.join(', ')}`;
  const verbs = [...new Set([...endpoints.map((e) => e.command.split(' ')[1] as string), ...curated])];
  const shown = verbs.slice(0, 6).join(', ');
  return `${verbs.length} command${verbs.length > 1 ? 's' : ''}: ${shown}${verbs.length > 6 ? ', ...' : ''}`;
}

async function defineCurated(cmd: Command, entry: CuratedCommand, f: Factory): Promise<void> {
  const module = await entry.load();
  module.default(cmd, f);
}

/**
 * Builds the program. Only the noun being run is built in full (its verbs, their options, curated
 * modules), and of a known verb only that verb; the other nouns are one-line stubs so `edshed --help`
 * and suggestions still list them.
 */
export async function buildProgram(f: Factory, word: string | undefined, verb?: string): Promise<Command> {
  const program = new Command('edshed')
    .description('EdShed platform toolkit: every API operation, billing workflows, and a local sandbox server.')
    .version(f.version, '-V, --version')
    .option('--api-url <url>', 'API base URL (env EDSHED_API_URL)')
    .addOption(envOption(`named environment: ${ENVIRONMENT_NAMES.join(', ')} (env EDSHED_ENV)`))
    .option('--token <token>', 'session token (env EDSHED_TOKEN); prefer `edshed login`')
    .option('--profile <name>', 'credentials profile (env EDSHED_PROFILE, default "default")')
    .addOption(new Option('--json', 'print JSON').conflicts('format'))
    .addOption(formatOption())
    .option('--fields <list>', 'only these fields, comma-separated')
    .addOption(
      new Option('--verbose', 'print request and response lines to stderr (token redacted)').conflicts('quiet'),
    )
    .option('--timeout <seconds>', TIMEOUT_HELP)
    .addOption(
      new Option('-q, --quiet', 'print data only: no notes on stderr (errors still go there)').conflicts('verbose'),
    )
    .option('--no-color', COLOR_HELP)
    .showSuggestionAfterError(true)
    // Options before the noun are the program's; after the command they are the leaf's. Without this a
    // payload key named like a global option (`parent-learners verification-status --token T`) would be
    // taken by the global option and never reach the payload.
    .enablePositionalOptions()
    .addHelpText(
      'after',
      '\nExit codes: 0 ok, 1 request failed, 2 bad usage or input (nothing sent), 3 bulk\nrun with failures, 4 not signed in or not allowed, 130 interrupted\n(`edshed help exit-codes`).',
    );

  const alone = word === undefined ? undefined : CURATED[word];
  if (alone?.standalone) {
    // A command that is not a table noun (`api`, `whoami`...) needs neither the table nor the other
    // nouns' stubs: a one-off call's start-up is what support staff feel most.
    await defineCurated(program.command(word as string).description(alone.summary), alone, f);
    return program;
  }
  // With a known command word only that command is built, from its own entries of the table; stubs for
  // every noun (the whole table) are needed only for `edshed --help` and for suggestions after a typo.
  const entries = word === undefined ? [] : await nounEntries(word);
  const known =
    word !== undefined &&
    (entries.length > 0 || Object.keys(CURATED).some((w) => w === word || w.startsWith(`${word} `)));
  const table = known ? new Map(entries.length > 0 ? [[word as string, entries]] : []) : await tableNouns();
  const wanted = (noun: string) => !known || noun === word;
  const curatedByNoun = new Map<string, [string, CuratedCommand][]>();
  for (const [words, entry] of Object.entries(CURATED)) {
    const [noun, sub] = words.split(' ') as [string, string | undefined];
    if (sub === undefined) {
      if (!wanted(noun)) continue;
      const cmd = program.command(noun, entry.hidden ? { hidden: true } : {}).description(entry.summary);
      if (word === noun) await defineCurated(cmd, entry, f);
      continue;
    }
    curatedByNoun.set(noun, [...(curatedByNoun.get(noun) ?? []), [sub, entry]]);
  }

  const nouns = [...new Set([...table.keys(), ...curatedByNoun.keys()])].sort();
  if (word === undefined) await leadWithWorkflows(program, table, f);
  for (const noun of nouns.filter(wanted)) {
    const endpoints = table.get(noun) ?? [];
    const curated = curatedByNoun.get(noun) ?? [];
    const group = program.command(noun).description(
      nounSummary(
        noun,
        endpoints,
        curated.map(([v]) => v),
      ),
    );
    if (word !== noun) continue;
    group.showSuggestionAfterError(true);
    const curatedVerbs = new Set(curated.map(([name]) => name));
    const generated = endpoints.filter((endpoint) => !curatedVerbs.has(verbOf(endpoint)));
    // A known verb is built alone: commander needs no sibling to run it, and its help names only itself.
    const alone =
      verb !== undefined && (curatedVerbs.has(verb) || generated.some((endpoint) => verbOf(endpoint) === verb));
    const built = (name: string) => !alone || name === verb;
    const toGenerate = generated.filter((endpoint) => built(verbOf(endpoint)));
    if (toGenerate.length > 0) {
      // Loaded only when a table noun runs: `endpoints`, `prices` and `--version` never need it.
      const { defineEndpointCommand } = await import('./commands/generated/command.js');
      for (const endpoint of toGenerate) defineEndpointCommand(group.command(verbOf(endpoint)), endpoint, f);
    }
    for (const [name, entry] of curated.filter(([name]) => built(name))) {
      await defineCurated(group.command(name, entry.isDefault ? { isDefault: true } : {}), entry, f);
    }
  }
  return program;
}

/**
 * `edshed` and `edshed help` for people: the daily workflows with an example each, then the nouns in
 * groups and the CLI's own commands, instead of commander's list of about 150 nouns a line each.
 */
async function leadWithWorkflows(
  program: Command,
  table: ReadonlyMap<string, readonly Endpoint[]>,
  f: Factory,
): Promise<void> {
  const { startHelp } = await import('./help/start.js');
  const own = Object.entries(CURATED)
    .filter(([words, entry]) => !words.includes(' ') && entry.hidden !== true)
    .map(([name, entry]) => ({ name, summary: entry.summary }));
  program.configureHelp({ visibleCommands: () => [] });
  program.addHelpText(
    'after',
    startHelp([...table.values()].flat(), own, Object.keys(CURATED_NOUNS), f.io.columns ?? 80),
  );
}

/**
 * Runs the CLI and returns the exit code. Errors become one clear line on stderr.
 *
 * @example
 * const code = await run(['invoices', 'list', '--json'], factory);
 */
export async function run(argv: readonly string[], f: Factory): Promise<number> {
  const [word, verb] = commandWords(argv);
  try {
    const program = await buildProgram(f, word, verb);
    // Commander's own errors (unknown option, missing argument) read like ours: `edshed: ...`, not `error: ...`.
    // Help (and only help: an error is one line as it was said) is wrapped to the terminal's width.
    const width = f.io.columns ?? 80;
    const output = {
      writeOut: (s: string) => f.io.stdout.write(reflowHelp(s, width)),
      writeErr: (s: string) => f.io.stderr.write(reflowHelp(s, width)),
      outputError: (s: string) => f.io.stderr.write(s.replace(/^error: /, 'edshed: ')),
    };
    const configure = (cmd: Command): void => {
      cmd.exitOverride().configureOutput(output);
      for (const sub of cmd.commands) configure(sub);
    };
    configure(program);
    await program.parseAsync([...argv], { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return 0;
      // Help shown because a command was missing (`edshed`, `edshed invoices`) is a usage error.
      if (error.code === 'commander.help') return error.exitCode === 0 ? 0 : 2;
      return 2;
    }
    const { reportError } = await import('./errors/report-error.js');
    return reportError(error, f);
  }
}

/** Runs the CLI on the process's own streams and environment. */
export function runProcess(argv: readonly string[], version: string): Promise<number> {
  return run(
    argv,
    createFactory(
      processIo(),
      process.env,
      version,
      terminalPrompter(
        () => process.stdin,
        () => process.stderr,
      ),
    ),
  );
}
