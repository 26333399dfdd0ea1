/**
 * Shell completion scripts. Each asks the CLI itself (`__complete -- <words>`) for the candidates of the
 * word under the cursor, so the scripts know no command or flag themselves and stay right as commands
 * change. They call the very program that printed them (node and the script's path), so completion works
 * whether `edshed` is on PATH, run as `npx --offline edshed` or as `node bin/edshed.cjs`; they complete both
 * `edshed ...` and `npx [npx options] edshed ...`. With no candidate, bash and zsh fall back to file names (`--input file.json`).
 */

/** `word` quoted for a POSIX shell (bash, zsh): single quotes, a single quote as '\''. */
const posixQuote = (word: string): string => `'${word.replace(/'/g, `'\\''`)}'`;

/** `word` quoted for fish, whose single quotes take \\ and \' as escapes. */
const fishQuote = (word: string): string => `'${word.replace(/[\\']/g, (c) => `\\${c}`)}'`;

const bash = (program: string) => `# edshed completion for bash: source <(edshed completion bash)
_edshed_complete() {
  local IFS=$'\\n' first=1
  # npx [--offline...] edshed ...: the words after edshed; any other npx command completes file names.
  if [[ \${COMP_WORDS[0]} == npx ]]; then
    while (( first < COMP_CWORD )) && [[ \${COMP_WORDS[first]} == -* ]]; do (( first++ )); done
    if [[ \${COMP_WORDS[first]} != edshed ]] || (( COMP_CWORD <= first )); then COMPREPLY=(); return; fi
    (( first++ ))
  fi
  COMPREPLY=($(${program} __complete -- "\${COMP_WORDS[@]:first:COMP_CWORD-first+1}" 2>/dev/null))
}
complete -o default -F _edshed_complete edshed npx
`;

const zsh = (program: string) => `#compdef edshed npx
# edshed completion for zsh: source <(edshed completion zsh), after compinit
_edshed() {
  local -a candidates typed
  typed=("\${(@)words[2,CURRENT]}")
  # npx [--offline...] edshed ...: the words after edshed; any other npx command completes file names.
  if [[ "\${words[1]}" == npx ]]; then
    local at=2
    while (( at < CURRENT )) && [[ "\${words[at]}" == -* ]]; do (( at++ )); done
    if [[ "\${words[at]}" != edshed ]] || (( CURRENT <= at )); then
      _files
      return
    fi
    typed=("\${(@)words[at+1,CURRENT]}")
  fi
  candidates=(\${(f)"$(${program} __complete -- "\${(@)typed}" 2>/dev/null)"})
  if (( \${#candidates} )); then
    compadd -- "\${candidates[@]}"
  else
    _files
  fi
}
if [[ "\${funcstack[1]}" == "_edshed" ]]; then
  _edshed "$@"
else
  compdef _edshed edshed npx
fi
`;

const fish = (
  program: string,
) => `# edshed completion for fish: edshed completion fish > ~/.config/fish/completions/edshed.fish
function __edshed_complete
    set -l words (commandline -opc)
    set -e words[1]
    # npx [--offline...] edshed ...: the words after edshed.
    if test (commandline -opc)[1] = npx
        while test (count $words) -ge 1; and string match -q -- '-*' $words[1]
            set -e words[1]
        end
        set -e words[1]
    end
    # Quoted, so that an empty current word is still passed as the word to complete.
    set -l current (commandline -ct)
    ${program} __complete -- $words "$current" 2>/dev/null
end
function __edshed_after_npx
    set -l words (commandline -opc)
    set -e words[1]
    while test (count $words) -ge 1; and string match -q -- '-*' $words[1]
        set -e words[1]
    end
    test (count $words) -ge 1; and test "$words[1]" = edshed
end
complete -c edshed -f -a '(__edshed_complete)'
complete -c npx -n __edshed_after_npx -f -a '(__edshed_complete)'
`;

const SCRIPTS = {
  bash: (program: readonly string[]) => bash(program.map(posixQuote).join(' ')),
  zsh: (program: readonly string[]) => zsh(program.map(posixQuote).join(' ')),
  fish: (program: readonly string[]) => fish(program.map(fishQuote).join(' ')),
} as const;

/** The shells `edshed completion` supports. */
export const SHELLS = Object.keys(SCRIPTS);

/**
 * The completion script of a shell, calling `program` (the words that run this CLI) for candidates.
 *
 * @example
 * completionScript('bash', ['/usr/bin/node', '/opt/edshed/bin/edshed.cjs']);
 * // '... COMPREPLY=($('/usr/bin/node' '/opt/edshed/bin/edshed.cjs' __complete -- ...'
 */
export function completionScript(shell: string, program: readonly string[]): string | undefined {
  return Object.hasOwn(SCRIPTS, shell) ? SCRIPTS[shell as keyof typeof SCRIPTS](program) : undefined;
}
