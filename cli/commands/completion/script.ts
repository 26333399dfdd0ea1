import { Argument, type Command } from 'commander';
import { COMPLETION_SCRIPTS, SHELLS } from '../../completion/scripts.js';
import type { DefineCommand } from '../index.js';

const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description(`Print a shell completion script: ${SHELLS.join(', ')}`)
    .addArgument(new Argument('<shell>', 'the shell').choices(SHELLS))
    .addHelpText(
      'after',
      '\nNouns, verbs and flags are completed from the CLI itself, so the script never goes stale.\n\nExamples:\n' +
        '  edshed completion bash > ~/.local/share/bash-completion/completions/edshed\n' +
        "  echo 'source <(edshed completion bash)' >> ~/.bashrc   # without the bash-completion package\n" +
        "  echo 'source <(edshed completion zsh)' >> ~/.zshrc    # after compinit\n" +
        '  edshed completion fish > ~/.config/fish/completions/edshed.fish',
    );
  cmd.action((shell: string) => {
    f.io.stdout.write(COMPLETION_SCRIPTS[shell] ?? '');
  });
};

export default define;
