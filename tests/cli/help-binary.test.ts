import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { isolatedEnv } from '../helpers/isolated-env.js';

// Black-box tests of the built binary's help, topics and completion (`node scripts/build.mjs` first).
const bin = fileURLToPath(new URL('../../bin/edshed.cjs', import.meta.url));
const configDir = mkdtempSync(join(tmpdir(), 'edshed-help-'));

const env = isolatedEnv(configDir);
const edshed = (args: string[]) => execa(process.execPath, [bin, ...args], { reject: false, input: '', env });

// No `edshed` on PATH: the scripts call the program that printed them (node and the launcher's path),
// as they must for someone who runs `npx edshed` or `node bin/edshed.cjs`.
const binDir = mkdtempSync(join(tmpdir(), 'edshed-bin-'));
const shellEnv = {
  ...env,
  PATH: (process.env.PATH ?? '')
    .split(':')
    .filter((dir) => !existsSync(join(dir, 'edshed')))
    .join(':'),
};
const has = (shell: string) =>
  execa('sh', ['-c', `command -v ${shell}`], { reject: false }).then((r) => r.exitCode === 0);

/** The file of the script `edshed completion SHELL` prints, as a user saves it (printed once per shell). */
const scripts = new Map<string, Promise<string>>();
function scriptFile(shell: string): Promise<string> {
  const save = async () => {
    const file = join(binDir, `completion.${shell}`);
    writeFileSync(file, (await edshed(['completion', shell])).stdout);
    return file;
  };
  if (!scripts.has(shell)) scripts.set(shell, save());
  return scripts.get(shell) as Promise<string>;
}

/** Runs bash's completion function as bash would for `line` (the cursor on its last word). */
async function bashComplete(line: string[]): Promise<string[]> {
  const words = line.map((w) => `'${w}'`).join(' ');
  const script = `source '${await scriptFile('bash')}'\nCOMP_WORDS=(${words}); COMP_CWORD=${line.length - 1}\n_edshed_complete\nprintf '%s\\n' "\${COMPREPLY[@]}"`;
  const result = await execa('bash', ['--norc', '-c', script], { env: shellEnv });
  return result.stdout.split('\n').filter(Boolean);
}

describe('edshed help output', () => {
  it("ends a generated command's help with an example, and keeps the route note out of it", async () => {
    const help = await edshed(['invoices', 'mark-paid', '--help']);
    expect(help.stdout).toMatch(/Calls POST superuser\/invoices\/\{id\}\/paid \(role: superuser\)/);
    expect(help.stdout).toMatch(/Example:\n {2}edshed invoices mark-paid 12 --method bacs --date 2026-11-02$/m);
    const inferred = await edshed(['auth', 'exchange-token', '--help']);
    expect(inferred.stdout).toMatch(/Example:\n {2}edshed auth exchange-token/);
    expect(inferred.stdout).not.toMatch(/Note:|mapped to/);
  });

  it('gives the route note in endpoints --json, only on rows that have one', async () => {
    const rows = JSON.parse((await edshed(['endpoints', '--json'])).stdout) as Record<string, string>[];
    expect(rows.find((r) => r.command === 'auth exchange-token')?.note).toMatch(/mapped to GET accesstoken/);
    expect(rows.find((r) => r.command === 'invoices mark-paid')).not.toHaveProperty('note');
  });

  it('searches endpoints by words in any order, exact command words first', async () => {
    const found = await edshed(['endpoints', '--search', 'paid mark', '--fields', 'command']);
    expect(found.exitCode).toBe(0);
    expect(found.stdout.split('\n')[1]).toBe('invoices mark-paid');
  });

  it("prints the help topics, and a command's own help for its words", async () => {
    const codes = await edshed(['help', 'exit-codes']);
    expect(codes.exitCode).toBe(0);
    expect(codes.stdout).toMatch(/^ {2}130 +interrupted/m);
    const environment = await edshed(['help', 'environment']);
    expect(environment.stdout).toMatch(/^ {2}EDSHED_STATE_DIR +directory of the audit log/m);
    expect(environment.stdout).toMatch(/1\. the --api-url flag\n {2}2\. the --env flag/);
    expect(environment.stdout).toMatch(/^ {2}sandbox +http:\/\/127\.0\.0\.1:8787\/$/m);
    const top = await edshed(['help']);
    expect(top.exitCode).toBe(0);
    expect(top.stdout).toMatch(/Usage: edshed \[options\] \[command\]/);
    expect(top.stdout).toMatch(/^ {2}help +Show help for a command, or a topic/m);
    expect(top.stdout).toMatch(/^ {2}completion +Print a shell completion script/m);
    expect(top.stdout).not.toMatch(/__complete/);
    const leaf = await edshed(['help', 'invoices', 'mark-paid']);
    expect(leaf.exitCode).toBe(0);
    expect(leaf.stdout).toMatch(/Usage: edshed invoices mark-paid \[options\] <id>/);
    expect((await edshed(['help', 'prices'])).stdout).toMatch(/show \[options\] +Show the per-locale price table/);
  });

  it('refuses an unknown topic or command with exit 2, a suggestion and the topics', async () => {
    const topic = await edshed(['help', 'exit-code']);
    expect(topic.exitCode).toBe(2);
    expect(topic.stdout).toBe('');
    expect(topic.stderr).toMatch(/no help topic or command "exit-code"\. Did you mean exit-codes\?/);
    expect(topic.stderr).toMatch(/^ {2}environment +/m);
    const verb = await edshed(['help', 'invoices', 'mark-payd']);
    expect(verb.exitCode).toBe(2);
    expect(verb.stderr).toMatch(/Did you mean invoices mark-paid\?/);
  });

  it('prints completion scripts, refusing an unknown shell with exit 2', async () => {
    for (const shell of ['bash', 'zsh', 'fish']) {
      const script = await edshed(['completion', shell]);
      expect(script.exitCode).toBe(0);
      expect(script.stdout).toContain(`'${process.execPath}' '${bin}' __complete --`);
    }
    const unknown = await edshed(['completion', 'tcsh']);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toMatch(/Allowed choices are bash, zsh, fish/);
    const file = join(binDir, 'completion.bash');
    writeFileSync(file, (await edshed(['completion', 'bash'])).stdout);
    expect((await execa('bash', ['-n', file], { reject: false })).exitCode).toBe(0);
  });

  it('completes `npx edshed ...` with the program that printed the script, and no other npx command', async () => {
    expect(await bashComplete(['npx', 'edshed', 'invoi'])).toEqual(['invoices']);
    expect(await bashComplete(['npx', 'edshed', 'invoices', 'mark-paid', '12', '--me'])).toEqual(['--method']);
    expect(await bashComplete(['npx', 'prettier', 'invoi'])).toEqual([]);
    expect(await bashComplete(['npx', 'edsh'])).toEqual([]);
    // The README's form, which never asks the registry: npx's own options before edshed are skipped.
    expect(await bashComplete(['npx', '--offline', 'edshed', 'invoi'])).toEqual(['invoices']);
    expect(await bashComplete(['npx', '--offline', 'edshed', 'invoices', 'mark-paid', '12', '--me'])).toEqual([
      '--method',
    ]);
    expect(await bashComplete(['npx', '--offline', 'prettier', 'invoi'])).toEqual([]);
    const registered = await execa('bash', ['--norc', '-c', `source '${await scriptFile('bash')}'; complete -p npx`], {
      env: shellEnv,
    });
    expect(registered.stdout).toBe('complete -o default -F _edshed_complete npx');
  });

  it("completes flag values: the table's choices (--method, --state), --env names and --format kinds", async () => {
    expect(await bashComplete(['edshed', 'invoices', 'mark-paid', '12', '--method', ''])).toEqual([
      'bacs',
      'card',
      'cheque',
      'cash',
      'direct_debit',
      'wire',
    ]);
    expect(await bashComplete(['edshed', 'invoices', 'mark-paid', '12', '--method', 'c'])).toEqual([
      'card',
      'cheque',
      'cash',
    ]);
    expect(await bashComplete(['edshed', 'invoices', 'list', '--state', 'p'])).toEqual(['promised', 'paid']);
    expect(await bashComplete(['edshed', '--env', 's'])).toEqual(['staging', 'sandbox']);
    expect(await bashComplete(['edshed', 'invoices', 'list', '--env', 'pr'])).toEqual(['production', 'preview']);
    expect(await bashComplete(['edshed', 'schools', 'list', '--format', ''])).toEqual([
      'table',
      'tsv',
      'csv',
      'json',
      'ndjson',
    ]);
    expect(await bashComplete(['edshed', 'invoices', 'mark', '8', 'paid', '--method', 'ch'])).toEqual(['cheque']);
    expect(await bashComplete(['edshed', 'invoices', 'list', '--fields', 'id,sta'])).toEqual(['id,state']);
    expect(await bashComplete(['edshed', 'subscriptions', 'list', '--fields', 'al'])).toEqual(['all']);
  });

  it('completes nouns, verbs, flags and choices when bash runs the script', async () => {
    expect(await bashComplete(['edshed', 'invoi'])).toEqual(['invoices']);
    expect(await bashComplete(['edshed', 'invoices', 'mark-pa'])).toEqual(['mark-paid']);
    expect(await bashComplete(['edshed', 'invoices', 'mark-paid', '12', '--me'])).toEqual(['--method']);
    expect(await bashComplete(['edshed', '--json', 'completion', ''])).toEqual(['bash', 'zsh', 'fish']);
    expect(await bashComplete(['edshed', 'help', 'environ'])).toEqual(['environment']);
    expect(await bashComplete(['edshed', 'zzz', ''])).toEqual([]);
    const registered = await execa(
      'bash',
      ['--norc', '-c', `source '${await scriptFile('bash')}'; complete -p edshed`],
      { env: shellEnv },
    );
    expect(registered.stdout).toBe('complete -o default -F _edshed_complete edshed');
  });

  it("prints zsh and fish scripts that register for edshed and npx and ask this program's __complete, in syntax their shells accept", async () => {
    const program = `'${process.execPath}' '${bin}'`;
    const zsh = (await edshed(['completion', 'zsh'])).stdout;
    expect(zsh).toMatch(/^#compdef edshed npx$/m);
    expect(zsh).toMatch(/^\s*compdef _edshed edshed npx$/m);
    expect(zsh).toContain(`${program} __complete -- "\${(@)typed}"`);
    const fish = (await edshed(['completion', 'fish'])).stdout;
    expect(fish).toMatch(/^complete -c edshed -f -a '\(__edshed_complete\)'$/m);
    expect(fish).toMatch(/^complete -c npx -n __edshed_after_npx -f -a '\(__edshed_complete\)'$/m);
    expect(fish).toContain(`${program} __complete -- $words "$current"`);
    // The shells' own syntax check. A missing shell fails the test rather than passing it unchecked:
    // .ci/run installs both (the README says how, for `npm test` by hand).
    for (const [shell, check, text] of [
      ['zsh', '-n', zsh],
      ['fish', '--no-execute', fish],
    ] as const) {
      expect(await has(shell), `${shell} is not installed: apt-get install -y ${shell} (or run bash .ci/run)`).toBe(
        true,
      );
      const file = join(binDir, `completion.${shell}`);
      writeFileSync(file, text);
      expect((await execa(shell, [check, file], { reject: false })).exitCode, shell).toBe(0);
    }
    // fish answers a command line's completions itself (`complete -C`): the script at work, npx included.
    const fishComplete = async (line: string) =>
      (
        await execa('fish', ['--no-config', '-c', `source '${await scriptFile('fish')}'; complete -C '${line}'`], {
          env: shellEnv,
        })
      ).stdout
        .split('\n')
        .filter(Boolean);
    expect(await fishComplete('edshed invoices mark-pa')).toEqual(['mark-paid']);
    expect(await fishComplete('npx edshed invoi')).toEqual(['invoices']);
    expect(await fishComplete('npx --offline edshed invoi')).toEqual(['invoices']);
    expect(await fishComplete('npx --offline prettier invoi')).toEqual([]);
    expect(await fishComplete('edshed invoices list --state pa')).toEqual(['paid']);
    expect(await fishComplete('edshed invoices list --fields id,due')).toEqual(['id,due_at']);
    // zsh runs the script's function with the words and cursor a completion gives it; compadd prints what it is handed.
    const zshComplete = async (words: string[]) => {
      const quoted = words.map((w) => `'${w}'`).join(' ');
      const script = `compdef() { :; }; _files() { :; }; compadd() { [[ $1 == -- ]] && shift; print -l -- "$@"; }\nsource '${await scriptFile('zsh')}'\nwords=(${quoted}); CURRENT=${words.length}\n_edshed`;
      return (await execa('zsh', ['-f', '-c', script], { env: shellEnv })).stdout.split('\n').filter(Boolean);
    };
    expect(await zshComplete(['edshed', 'invoices', 'mark-pa'])).toEqual(['mark-paid']);
    expect(await zshComplete(['edshed', 'invoices', 'list', '--fields', 'id,numb'])).toEqual(['id,number']);
    expect(await zshComplete(['npx', '--offline', 'edshed', 'invoices', 'mark-pa'])).toEqual(['mark-paid']);
  });
});
