import { Help, type Command, type Option } from 'commander';
import { valueCandidates } from './values.js';

const help = new Help();

/** Long and short forms of an option (`--yes`, `-y`). */
const formsOf = (option: Option): string[] =>
  [option.long, option.short].filter((form): form is string => form !== undefined);

/** The command path's options, innermost first: commander accepts the program's options anywhere. */
const optionsOf = (path: readonly Command[]): Option[] =>
  [...path].reverse().flatMap((cmd) => help.visibleOptions(cmd));

/**
 * What may stand in place of the last word, given the words before it (the words after `edshed`; the
 * last may be empty): subcommand names, option flags (when the word starts with `-`), or the choices of
 * an argument or of the option before it. Walks the commander tree as built, so it knows every noun,
 * verb and flag without a list of its own; hidden commands and options are left out.
 *
 * @example
 * completeWords(program, ['invoices', 'mark-p']); // ['mark-paid']
 * completeWords(program, ['invoices', 'mark-paid', '12', '--me']); // ['--method']
 */
export function completeWords(program: Command, words: readonly string[]): string[] {
  const current = words.at(-1) ?? '';
  const path: Command[] = [program];
  const used = new Set<string>();
  let positionals = 0;
  let valueOf: Option | undefined;
  for (const word of words.slice(0, -1)) {
    if (valueOf) {
      valueOf = undefined;
      continue;
    }
    const cmd = path.at(-1) as Command;
    if (word.startsWith('-') && word !== '-') {
      const [flag] = word.split('=') as [string];
      const option = optionsOf(path).find((o) => formsOf(o).includes(flag));
      if (option && !option.variadic && !option.parseArg) used.add(flag);
      if (option?.required && !word.includes('=')) valueOf = option;
      continue;
    }
    const sub =
      positionals === 0 ? cmd.commands.find((c) => c.name() === word || c.aliases().includes(word)) : undefined;
    if (sub) path.push(sub);
    else positionals += 1;
  }
  const matching = (candidates: readonly string[]) => [...new Set(candidates)].filter((c) => c.startsWith(current));
  if (valueOf) return valueCandidates(valueOf, current);
  if (current.startsWith('-')) {
    return matching(optionsOf(path).flatMap((o) => (formsOf(o).some((form) => used.has(form)) ? [] : formsOf(o))));
  }
  const cmd = path.at(-1) as Command;
  if (positionals === 0 && cmd.commands.length > 0) return matching(help.visibleCommands(cmd).map((c) => c.name()));
  const args = cmd.registeredArguments;
  const arg = args[positionals] ?? (args.at(-1)?.variadic ? args.at(-1) : undefined);
  return matching(arg?.argChoices ?? []);
}
