import type { Command } from 'commander';
import { CliError, EXIT } from '../../errors/cli-error.js';
import { commandWords, similarWords } from '../../help/suggest.js';
import { reflowHelp } from '../../help/reflow.js';
import { HELP_TOPICS, topicLines } from '../../help/topics.js';
import type { Factory } from '../../factory/factory.js';
import type { DefineCommand } from '../define.js';

/** Refuses words that are neither a topic nor a command, suggesting the nearest ones. */
function checkCommand(words: readonly string[]): void {
  const [noun, verb] = words as [string, string | undefined];
  const known = commandWords();
  const verbs = known.get(noun);
  if (verbs && (verb === undefined || verbs.size === 0 || verbs.has(verb))) return;
  const near = verbs
    ? similarWords(verb as string, [...verbs]).map((v) => `${noun} ${v}`)
    : similarWords(noun, [...Object.keys(HELP_TOPICS), ...known.keys()]);
  const what = verbs
    ? `no command "${noun} ${verb}" (see \`edshed ${noun} --help\`)`
    : `no help topic or command "${noun}"`;
  const suggestion = near.length ? ` Did you mean ${near.slice(0, 3).join(', ')}?` : '';
  throw new CliError(`help: ${what}.${suggestion}${verbs ? '' : `\nTopics:\n${topicLines()}`}`, EXIT.usage);
}

export interface HelpOptions {
  /** A topic, or the words of a command (noun, verb); none for the whole program's help. */
  readonly words: readonly string[];
}

/**
 * Prints a help topic, or a command's help as `edshed <noun> [verb] --help` does; unknown words are exit 2 with the nearest ones.
 *
 * @example
 * await runHelp(f, { words: ['exit-codes'] });
 */
export async function runHelp(f: Factory, options: HelpOptions): Promise<void> {
  const { words } = options;
  const topic = words[0] === undefined ? undefined : HELP_TOPICS[words[0]];
  if (topic) {
    if (words.length > 1) throw new CliError(`help ${words[0]}: a topic takes no further words`, EXIT.usage);
    // A topic is wrapped to the terminal as a command's help is (its examples never broken).
    f.io.stdout.write(reflowHelp(topic.text(), f.io.columns ?? 80));
    return;
  }
  if (words.length > 0) checkCommand(words);
  // Commander shows the command's own help, built the way `edshed <noun> [verb] --help` builds it.
  const { run } = await import('../../main.js');
  const code = await run([...words, '--help'], f);
  if (code !== EXIT.ok) throw new CliError(`help: cannot show help for "${words.join(' ')}"`, code);
}

const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description(`Show help for a command, or a topic: ${Object.keys(HELP_TOPICS).join(', ')}`)
    .argument('[words...]', 'a topic, or the words of a command (noun, verb)')
    .addHelpText(
      'after',
      `\nTopics:\n${topicLines()}\n\nExamples:\n  edshed help invoices mark-paid\n  edshed help exit-codes`,
    );
  cmd.action(async (words: string[]) => {
    await runHelp(f, { words });
  });
};

export default define;
