import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { transform } from 'esbuild';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeConsumerDir, ROOT, type ConsumerDir } from '../helpers/consumer-dir.js';
import { BIN, startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process.js';
import { privateTmux } from '../helpers/tmux.js';
import { codeBlocks, edshedWords, otherCommands, type CodeBlock } from './markdown.js';

// The README's examples run as written. Blocks marked `<!-- runnable: sandbox -->` run in order
// against one throwaway sandbox (in memory, on a free port), signed in through the built CLI first:
// - `sh` blocks line by line in bash (pipefail), from the checkout, with a config directory of our own.
//   `npx --offline edshed` there runs this checkout's own bin (npx links the package itself); a bare `edshed` is a
//   shim on PATH for the same built binary, as `npm link` would make it.
//   A sign-in that asks for the password runs in a pseudo-terminal (tmux on its own socket), where the
//   test types the sandbox's password at the prompt.
// - `ts` blocks are type-checked against the built package's declarations, then run with node from a
//   project outside the checkout where `edshed-toolkit` is the built package: as written when the code is
//   also JavaScript (the README says it may be saved as .mjs), else as esbuild strips its types.
// The README's `--env sandbox` means http://127.0.0.1:8787/; here EDSHED_SANDBOX_URL (documented in the
// README) moves it to the throwaway sandbox, so the test never touches a sandbox someone runs on 8787.
// Every other `edshed` command in the README must parse: the built binary shows the leaf command's help.
// npm test builds before vitest runs.
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const blocks = codeBlocks(README);
const runnable = blocks.filter((block) => block.runnable !== undefined);

/** `edshed` commands in the README that the --help check cannot take, each with the reason. */
const NOT_CHECKED = new Map([
  ['edshed <noun> <verb> [path params...] [--payload-key value...]', 'the synopsis: placeholders, not a command'],
]);

let sandbox: SandboxProcess;
let consumer: ConsumerDir;
let env: Record<string, string>;
const tmux = privateTmux();
/** The seeded accounts' password (the README says so). */
const SANDBOX_PASSWORD = 'sandbox';

beforeAll(async () => {
  sandbox = await startSandboxProcess(['--db', ':memory:']);
  consumer = makeConsumerDir();
  const shims = join(sandbox.dir, 'bin');
  mkdirSync(shims);
  writeFileSync(join(shims, 'edshed'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(join(shims, 'edshed'), 0o755);
  env = {
    ...sandbox.env,
    XDG_CONFIG_HOME: join(sandbox.dir, 'xdg-config'),
    XDG_STATE_HOME: join(sandbox.dir, 'state'),
    EDSHED_STATE_DIR: join(sandbox.dir, 'state/edshed'),
    EDSHED_ENV: '',
    EDSHED_PROFILE: '',
    EDSHED_PASSWORD: '',
    EDSHED_SANDBOX_URL: sandbox.url,
    PATH: `${shims}${delimiter}${process.env.PATH ?? ''}`,
  };
  const login = await execa(
    process.execPath,
    [BIN, 'auth', 'login', '--api-url', sandbox.url, '-u', 'superuser', '--password-stdin'],
    { env, input: 'sandbox\n', reject: false },
  );
  expect(login.stderr).toMatch(/Signed in as superuser/);
}, 60_000);

afterAll(async () => {
  await tmux.close();
  consumer?.remove();
  const stopped = await sandbox?.stop();
  expect(stopped?.exitCode).toBe(0);
});

/** A failed step's whole story, for the assertion message. */
const story = (what: string, result: { exitCode?: number; stdout: unknown; stderr: unknown }) =>
  `${what}\nexit ${result.exitCode}\nstdout: ${String(result.stdout)}\nstderr: ${String(result.stderr)}`;

/** A sign-in that asks for the password (no --password-stdin): it needs a terminal. */
const asksPassword = (line: string): boolean => /\blogin\b/.test(line) && !line.includes('--password-stdin');

/**
 * Runs a line that asks for the password in a pseudo-terminal (tmux), as a user would: waits for the
 * prompt, types the sandbox's password, and checks that it was not echoed and the line exited 0.
 */
async function runInTerminal(line: string, where: string): Promise<void> {
  // EDSHED_PASSWORD (empty here, for the other lines) would stand in for the prompt.
  const { EDSHED_PASSWORD: _password, ...rest } = env;
  const session = await tmux.shell(line, { env: rest, cwd: ROOT, unset: ['EDSHED_PASSWORD'] });
  const prompt = await tmux.waitFor(session, /Password for \S+:|EXIT=\d+/);
  expect(prompt, `${where}: no password prompt\n${prompt}`).toMatch(/Password for \S+:/);
  await tmux.type(session, SANDBOX_PASSWORD);
  await tmux.keys(session, 'Enter');
  const screen = await tmux.waitFor(session, /EXIT=\d+/);
  expect(screen, `${where}\n${screen}`).toContain('EXIT=0');
  expect(screen, `${where}\n${screen}`).toMatch(/Signed in as \S+/);
  expect(screen, `${where}: the password was echoed\n${screen}`).not.toMatch(
    new RegExp(`Password for \\S+:.*${SANDBOX_PASSWORD}`),
  );
}

async function runShell(block: CodeBlock): Promise<void> {
  for (const line of block.code.split('\n')) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (asksPassword(line)) {
      await runInTerminal(line, `README line ${block.line}: ${line}`);
      continue;
    }
    const result = await execa('bash', ['-o', 'pipefail', '-c', line], {
      cwd: ROOT,
      env,
      reject: false,
      timeout: 120_000,
    });
    expect(result.exitCode, story(`README line ${block.line}: ${line}`, result)).toBe(0);
  }
}

/** The code as node runs it: as written when it is JavaScript too, else with its types stripped. */
async function javaScriptOf(code: string): Promise<string> {
  try {
    await transform(code, { loader: 'js', format: 'esm' });
    return code;
  } catch {
    return (await transform(code, { loader: 'ts', format: 'esm' })).code;
  }
}

async function runTypeScript(block: CodeBlock): Promise<void> {
  const name = `readme-line-${block.line}`;
  writeFileSync(join(consumer.dir, `${name}.mts`), block.code);
  const checked = await consumer.typecheck(`${name}.mts`);
  expect(checked.exitCode, story(`README line ${block.line}: tsc`, checked)).toBe(0);
  const result = await consumer.run(`${name}.mjs`, await javaScriptOf(block.code), env);
  expect(result.exitCode, story(`README line ${block.line}: node ${name}.mjs`, result)).toBe(0);
}

describe('the README', () => {
  it('opens with the two commands that work on a fresh machine', () => {
    const first = blocks[0]?.code ?? '';
    expect(first).toMatch(/^npm install && npm start\s/m);
    expect(first).toMatch(/^npm ci && npm test\s/m);
  });

  it('marks runnable blocks of a kind and language the test knows, a shell and a script one at least', () => {
    for (const block of runnable)
      expect([block.runnable, ['sh', 'ts'].includes(block.lang)], `line ${block.line}`).toEqual(['sandbox', true]);
    expect(new Set(runnable.map((block) => block.lang))).toEqual(new Set(['sh', 'ts']));
  });
});

describe('runnable README blocks, in order, against a sandbox', () => {
  for (const block of runnable) {
    it(
      `runs the ${block.lang} block at line ${block.line}`,
      () => (block.lang === 'ts' ? runTypeScript(block) : runShell(block)),
      240_000,
    );
  }
});

describe('the npm scripts and script files the README and docs/ name', () => {
  it('exist: each `npm run X` is a script of package.json, each `node path.mjs` of the checkout a file', () => {
    const scripts = Object.keys(
      (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts,
    );
    const texts = [
      README,
      ...readdirSync(join(ROOT, 'docs')).map((name) => readFileSync(join(ROOT, 'docs', name), 'utf8')),
    ];
    const named = texts.flatMap((text) =>
      [...text.matchAll(/\bnpm run ([\w:-]+)/g)].map((found) => found[1] as string),
    );
    expect(named).toContain('dev:site');
    expect([...new Set(named)].filter((name) => !scripts.includes(name))).toEqual([]);
    const files = texts.flatMap((text) =>
      [...text.matchAll(/\bnode ((?:bench|scripts)\/[\w./-]+\.mjs)/g)].map((found) => found[1] as string),
    );
    expect(files.length).toBeGreaterThan(2);
    expect(files.filter((file) => !existsSync(join(ROOT, file)))).toEqual([]);
  });
});

describe('every other edshed command in the README', () => {
  it('names a command the built binary knows (its --help, exit 0)', async () => {
    const commands = otherCommands(README);
    for (const known of NOT_CHECKED.keys()) expect(commands, `stale exception: ${known}`).toContain(known);
    const failures: string[] = [];
    for (const command of commands.filter((c) => !NOT_CHECKED.has(c))) {
      const problem = await parseProblem(command);
      if (problem) failures.push(`${command}: ${problem}`);
    }
    expect(failures).toEqual([]);
    expect(commands.length).toBeGreaterThan(8);
  }, 120_000);
});

/**
 * Why `command` does not parse, or undefined when it does. With `--help` appended, commander prints the
 * help of the deepest command it recognised: it must be a leaf (no `[command]`) named by the line, or a
 * group named by the whole line, so a misspelt noun or verb fails. A line of options alone
 * (`edshed --version`) runs as written.
 */
async function parseProblem(command: string): Promise<string | undefined> {
  const words = edshedWords(command) ?? [];
  if (words.every((word) => word.startsWith('-'))) {
    const result = await execa(process.execPath, [BIN, ...words], { env, reject: false });
    return result.exitCode === 0 ? undefined : story('run as written', result);
  }
  const result = await execa(process.execPath, [BIN, ...words, '--help'], { env, reject: false });
  // `Usage: edshed invoices mark-paid [options] <id>`, or with a usage of its own: `edshed invoices mark ID... ACTION [options]`.
  const usage = /^Usage: edshed ((?:[a-z_][\w-]* )*)(?:[A-Z][A-Z_]*(?:\.\.\.)? )*\[options\](.*)$/m.exec(
    String(result.stdout),
  );
  if (result.exitCode !== 0 || !usage) return story('--help', result);
  const path = (usage[1] ?? '').trim().split(' ').filter(Boolean);
  const at = words.findIndex((_, i) => path.length > 0 && path.every((part, j) => words[i + j] === part));
  if (at < 0) return `the help shown is for "edshed ${path.join(' ')}"`;
  const rest = words.slice(at + path.length).filter((word) => !word.startsWith('-'));
  if ((usage[2] ?? '').includes('[command]') && rest.length > 0)
    return `"${rest[0]}" is not a command of "edshed ${path.join(' ')}"`;
  return undefined;
}
