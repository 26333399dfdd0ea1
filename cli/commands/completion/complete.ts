import type { Command } from 'commander';
import { completeWords } from '../../completion/candidates.js';
import { HELP_TOPICS } from '../../help/topics.js';
import type { Factory } from '../../factory/factory.js';
import type { DefineCommand } from '../define.js';

/**
 * The candidates for the last of `words` (the words after `edshed`), one a line. `help` completes
 * topics and then the words of a command, as the command itself would be completed without flags.
 */
async function candidates(f: Parameters<DefineCommand>[1], words: readonly string[]): Promise<string[]> {
  const { buildProgram, commandWord } = await import('../../main.js');
  const forHelp = words[0] === 'help' && words.length > 1;
  const target = forHelp ? words.slice(1) : words;
  // Built as a run of these words builds it: the noun in full, so its verbs and flags are known.
  const found = completeWords(await buildProgram(f, commandWord(target.slice(0, -1))), target);
  if (!forHelp) return found;
  const topics = target.length === 1 ? Object.keys(HELP_TOPICS).filter((t) => t.startsWith(target[0] as string)) : [];
  return [...topics, ...found.filter((word) => !word.startsWith('-'))];
}

export interface CompleteOptions {
  /** The words after `edshed`, the last one being completed. */
  readonly words: readonly string[];
}

/**
 * Prints the candidates for the last word, one a line.
 *
 * @example
 * await runComplete(f, { words: ['invoices', 'mark-'] });
 */
export async function runComplete(f: Factory, options: CompleteOptions): Promise<void> {
  const { words } = options;
  f.io.stdout.write((await candidates(f, words)).map((word) => `${word}\n`).join(''));
}

const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description('Print the completions of the last word, one a line (used by `edshed completion` scripts)')
    .argument('[words...]', 'the words after edshed, the last one being completed (pass them after --)')
    .allowUnknownOption()
    .addHelpText('after', '\nExample:\n  edshed __complete -- invoices mark-paid 12 --me');
  cmd.action(async (words: string[]) => {
    await runComplete(f, { words });
  });
};

export default define;
