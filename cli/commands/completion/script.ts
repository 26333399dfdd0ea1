import { realpathSync } from 'node:fs';
import { Argument, type Command } from 'commander';
import { completionScript, SHELLS } from '../../completion/scripts.js';
import type { Factory } from '../../factory/factory.js';
import type { DefineCommand } from '../define.js';

/**
 * The words that run this very CLI: node and the launcher's real path (`npx --offline edshed` and a linked
 * `edshed` both resolve to it), so the script completes with the program that printed it.
 */
function thisProgram(): string[] {
  const script = process.argv[1];
  if (script === undefined) return ['edshed'];
  try {
    return [process.execPath, realpathSync(script)];
  } catch {
    return [process.execPath, script];
  }
}

export interface CompletionScriptOptions {
  /** One of `SHELLS` (commander checks the choice). */
  readonly shell: string;
}

/**
 * Prints the completion script of a shell, running this very program.
 *
 * @example
 * await runCompletionScript(f, { shell: 'bash' });
 */
export async function runCompletionScript(f: Factory, options: CompletionScriptOptions): Promise<void> {
  const { shell } = options;
  f.io.stdout.write(completionScript(shell, thisProgram()) ?? '');
}

const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description(`Print a shell completion script: ${SHELLS.join(', ')}`)
    .addArgument(new Argument('<shell>', 'the shell').choices(SHELLS))
    .addHelpText(
      'after',
      '\nNouns, verbs, flags and flag values are completed by the CLI itself, so the script never goes stale. The script\n' +
        'runs the program that printed it (node and its path), and completes `edshed ...` and\n' +
        "`npx --offline edshed ...` alike (npx's own options before edshed are skipped).\n\nExamples:\n" +
        '  edshed completion bash > ~/.local/share/bash-completion/completions/edshed\n' +
        "  echo 'source <(edshed completion bash)' >> ~/.bashrc   # without the bash-completion package\n" +
        "  npx --offline edshed completion bash > ~/.edshed.bash   # in the toolkit's directory\n" +
        "  echo 'source ~/.edshed.bash' >> ~/.bashrc\n" +
        "  echo 'source <(edshed completion zsh)' >> ~/.zshrc    # after compinit\n" +
        '  edshed completion fish > ~/.config/fish/completions/edshed.fish',
    );
  cmd.action(async (shell: string) => {
    await runCompletionScript(f, { shell });
  });
};

export default define;
