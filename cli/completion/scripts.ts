/**
 * Shell completion scripts. Each asks `edshed __complete -- <words>` for the candidates of the word
 * under the cursor, so the scripts know no command or flag themselves and stay right as commands change.
 * With no candidate, bash and zsh fall back to file names (for `--input file.json`).
 */

const bash = `# edshed completion for bash: source <(edshed completion bash)
_edshed_complete() {
  local IFS=$'\\n'
  COMPREPLY=($(edshed __complete -- "\${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null))
}
complete -o default -F _edshed_complete edshed
`;

const zsh = `#compdef edshed
# edshed completion for zsh: source <(edshed completion zsh), after compinit
_edshed() {
  local -a candidates
  candidates=(\${(f)"$(edshed __complete -- "\${(@)words[2,CURRENT]}" 2>/dev/null)"})
  if (( \${#candidates} )); then
    compadd -- "\${candidates[@]}"
  else
    _files
  fi
}
if [[ "\${funcstack[1]}" == "_edshed" ]]; then
  _edshed "$@"
else
  compdef _edshed edshed
fi
`;

const fish = `# edshed completion for fish: edshed completion fish > ~/.config/fish/completions/edshed.fish
function __edshed_complete
    set -l words (commandline -opc)
    set -e words[1]
    # Quoted, so that an empty current word is still passed as the word to complete.
    set -l current (commandline -ct)
    edshed __complete -- $words "$current" 2>/dev/null
end
complete -c edshed -f -a '(__edshed_complete)'
`;

/** The completion script of each supported shell. */
export const COMPLETION_SCRIPTS: Readonly<Record<string, string>> = { bash, zsh, fish };

/** The shells `edshed completion` supports. */
export const SHELLS = Object.keys(COMPLETION_SCRIPTS);
