import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa, type ResultPromise } from 'execa';
import { isolatedEnv } from './isolated-env.js';

/** The built `edshed` binary (npm test builds before vitest runs). */
export const BIN = fileURLToPath(new URL('../../bin/edshed.cjs', import.meta.url));

export interface SandboxProcess {
  readonly url: string;
  readonly dir: string;
  readonly env: Readonly<Record<string, string>>;
  /** Runs `edshed` with this sandbox's config directory; never rejects. */
  edshed(args: readonly string[], input?: string): ReturnType<typeof execa>;
  /** SIGTERM, then the exit result (stdout has the request log of a sandbox started with --log). */
  stop(): Promise<{ exitCode?: number; stdout: unknown; stderr: unknown }>;
}

/** Where a sandbox process runs from: its folder, another `edshed` launcher than the checkout's, more environment. */
export interface SandboxProcessOptions {
  readonly dir?: string;
  /** An installed package's launcher (tests/e2e/pack-install.test.ts), instead of the checkout's BIN. */
  readonly bin?: string;
  /** Added to the isolated environment; with `bin`, the process gets only these two (no inherited variables). */
  readonly env?: Readonly<Record<string, string>>;
}

/**
 * Starts `edshed sandbox start` on an ephemeral port (unless `args` name one) as a subprocess, with its own
 * config and data directories (or those of `options.dir`), and resolves once it prints the URL it listens on.
 */
export async function startSandboxProcess(
  args: readonly string[] = [],
  options: SandboxProcessOptions = {},
): Promise<SandboxProcess> {
  // The same folder again (config, state and data) restarts a sandbox of a file database with the CLI still signed in.
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'edshed-e2e-'));
  const env = { ...isolatedEnv(dir), ...options.env };
  const bin = options.bin ?? BIN;
  const extendEnv = options.bin === undefined;
  const child: ResultPromise = execa(process.execPath, [bin, 'sandbox', 'start', '--port', '0', ...args], {
    reject: false,
    env,
    extendEnv,
  });
  const url = await new Promise<string>((resolve, reject) => {
    let seen = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const m = /listening at (http:\/\/\S+\/)/.exec(seen);
      if (m?.[1]) resolve(m[1]);
    });
    void child.then((result) => reject(new Error(`sandbox exited early (${result.exitCode}): ${seen}`)));
  });
  return {
    url,
    dir,
    env,
    edshed: (cliArgs, input) =>
      execa(process.execPath, [bin, ...cliArgs], { reject: false, env, extendEnv, input: input ?? '' }),
    stop: async () => {
      child.kill('SIGTERM');
      return child;
    },
  };
}

/**
 * A sandbox (on `:memory:` unless other arguments are given) with the CLI signed in as one of the seeded
 * accounts (password `sandbox`).
 *
 * @example
 * const sandbox = await startSignedInSandbox('superuser');
 */
export async function startSignedInSandbox(
  username = 'superuser',
  args: readonly string[] = ['--db', ':memory:'],
): Promise<SandboxProcess> {
  const sandbox = await startSandboxProcess(args);
  // A few tries: a sandbox started with faults may fail the sign-in itself.
  let login: Awaited<ReturnType<SandboxProcess['edshed']>> | undefined;
  for (let attempt = 1; attempt <= 6 && login?.exitCode !== 0; attempt += 1) {
    login = await sandbox.edshed(['login', '--api-url', sandbox.url, '-u', username, '--password-stdin'], 'sandbox\n');
  }
  if (login?.exitCode !== 0) {
    await sandbox.stop();
    throw new Error(`login as ${username} failed (${login?.exitCode}): ${String(login?.stderr)}`);
  }
  return sandbox;
}
