import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { BIN, type SandboxProcess } from './sandbox-process.js';

/** The time limit of a test that runs the binary several times: generous for a busy machine, not a speed check. */
export const SLOW = 60_000;

export interface Run {
  readonly exitCode: number | undefined;
  readonly signal: string | undefined;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs the built `edshed` against a sandbox and keeps everything it printed, so a test file can prove
 * at the end that no output ever showed a secret. After each run it reads the credentials files of the
 * config directories it knows, so every session token the CLI ever stored is on its list of secrets.
 */
export interface Transcript {
  /** `edshed` with the sandbox's environment (plus `env`, which may blank a variable with ''). */
  edshed(
    args: readonly string[],
    options?: { readonly input?: string; readonly env?: Readonly<Record<string, string>> },
  ): Promise<Run>;
  /** Also read this config directory's credentials after each run. */
  watchConfigDir(dir: string): void;
  /** Adds a text that no output may contain (a password). */
  addSecret(secret: string): void;
  /** Every stdout and stderr so far, each with the command that printed it. */
  readonly outputs: readonly { readonly command: string; readonly text: string }[];
  readonly secrets: ReadonlySet<string>;
}

/**
 * The tokens stored in a config directory's credentials.json.
 *
 * @example
 * storedTokens(sandbox.env.EDSHED_CONFIG_DIR) // { default: 'o8jA...' }
 */
export function storedTokens(configDir: string): Record<string, string> {
  const file = join(configDir, 'credentials.json');
  if (!existsSync(file)) return {};
  const data = JSON.parse(readFileSync(file, 'utf8')) as { profiles?: Record<string, { token?: string }> };
  return Object.fromEntries(
    Object.entries(data.profiles ?? {}).flatMap(([name, c]) => (c.token ? [[name, c.token]] : [])),
  );
}

/**
 * A transcript of `edshed` runs against `sandbox`.
 *
 * @example
 * const t = transcript(sandbox);
 * await t.edshed(['whoami', '--json']);
 * expect(leaks(t)).toEqual([]);
 */
export function transcript(sandbox: SandboxProcess): Transcript {
  const outputs: { command: string; text: string }[] = [];
  const secrets = new Set<string>();
  const dirs = new Set<string>([sandbox.env.EDSHED_CONFIG_DIR as string]);
  const collect = () => {
    for (const dir of dirs) for (const token of Object.values(storedTokens(dir))) secrets.add(token);
  };
  return {
    outputs,
    secrets,
    watchConfigDir: (dir) => dirs.add(dir),
    addSecret: (secret) => secrets.add(secret),
    async edshed(args, options = {}) {
      collect();
      const result = await execa(process.execPath, [BIN, ...args], {
        reject: false,
        env: { ...sandbox.env, ...options.env },
        input: options.input ?? '',
      });
      collect();
      const command = `edshed ${args.join(' ')}`;
      outputs.push({ command, text: String(result.stdout) }, { command, text: String(result.stderr) });
      return {
        exitCode: result.exitCode,
        signal: result.signal,
        stdout: String(result.stdout),
        stderr: String(result.stderr),
      };
    },
  };
}

/**
 * The outputs (and extra files) that show one of the transcript's secrets: `command: secret...`.
 *
 * @example
 * expect(leaks(t, [auditFile])).toEqual([]);
 */
export function leaks(t: Transcript, files: readonly string[] = []): string[] {
  const texts = [
    ...t.outputs,
    ...files.filter((file) => existsSync(file)).map((file) => ({ command: file, text: readFileSync(file, 'utf8') })),
  ];
  return texts.flatMap(({ command, text }) =>
    [...t.secrets].filter((secret) => text.includes(secret)).map((secret) => `${command}: ${secret.slice(0, 4)}...`),
  );
}

/**
 * How many times the sandbox applied a write to `target` (its `__sandbox/writes` log, read through the CLI).
 *
 * @example
 * expect(await appliedWrites(t, 'superuser/invoices/8/paid')).toBe(1);
 */
export async function appliedWrites(t: Transcript, target: string): Promise<number> {
  const run = await t.edshed(['api', 'GET', '__sandbox/writes', '-F', `target=${target}`]);
  if (run.exitCode !== 0) throw new Error(`__sandbox/writes: ${run.stderr}`);
  const { writes } = JSON.parse(run.stdout) as { writes: { target: string; count: number }[] };
  return writes.filter((w) => w.target === target).reduce((sum, w) => sum + w.count, 0);
}

/** The audit log's lines (parsed) in a state directory's `edshed/audit.jsonl`; none when it is missing. */
export function auditLines(stateHome: string): Record<string, unknown>[] {
  const file = join(stateHome, 'edshed', 'audit.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
