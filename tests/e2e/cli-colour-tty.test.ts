import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, startSignedInSandbox, type SandboxProcess } from '../helpers/sandbox-process.js';

// The colour decision through the built binary, on a real pseudo-terminal (util-linux `script` gives
// the command one and passes on its raw output, escape codes included): `invoices list` colours the
// state column on a terminal, and must not on TERM=dumb or with NO_COLOR.

let sandbox: SandboxProcess;
const ESC = '\u001b[';

beforeAll(async () => {
  sandbox = await startSignedInSandbox('superuser');
});
afterAll(async () => {
  await sandbox.stop();
});

const LIST = ['invoices', 'list', '--state', 'open'];
/** The sandbox's environment without the variables under test. */
const baseEnv = () =>
  Object.fromEntries(
    Object.entries(sandbox.env).filter(([name]) => !['NO_COLOR', 'FORCE_COLOR', 'TERM'].includes(name)),
  );

/** `edshed invoices list` on a pseudo-terminal with `env` set; its raw output. */
async function onTerminal(env: Readonly<Record<string, string>>): Promise<string> {
  const command = [process.execPath, BIN, ...LIST].map((word) => `'${word.replaceAll("'", `'\\''`)}'`).join(' ');
  const base = baseEnv();
  const result = await execa('script', ['-q', '-e', '-c', command, '/dev/null'], {
    reject: false,
    input: '',
    env: { ...base, ...env },
    extendEnv: false,
  });
  expect(result.exitCode, String(result.stderr)).toBe(0);
  expect(String(result.stdout)).toContain('open');
  return String(result.stdout);
}

describe('colour on a terminal', { timeout: 60_000 }, () => {
  it('is on for an ordinary terminal', async () => {
    expect(await onTerminal({ TERM: 'xterm-256color' })).toContain(ESC);
  });

  it('is off with TERM=dumb, and with NO_COLOR, on a terminal too', async () => {
    expect(await onTerminal({ TERM: 'dumb' })).not.toContain(ESC);
    expect(await onTerminal({ TERM: 'xterm-256color', NO_COLOR: '1' })).not.toContain(ESC);
  });

  it('FORCE_COLOR, set explicitly, wins over TERM=dumb and over a pipe; FORCE_COLOR=0 turns it off', async () => {
    expect(await onTerminal({ TERM: 'dumb', FORCE_COLOR: '1' })).toContain(ESC);
    expect(await onTerminal({ TERM: 'xterm-256color', FORCE_COLOR: '0' })).not.toContain(ESC);
    // A table, not the TSV a pipe gets by default: TSV cells are data and are never coloured.
    const piped = (force: Readonly<Record<string, string>>) =>
      execa(process.execPath, [BIN, ...LIST, '--format', 'table'], {
        reject: false,
        input: '',
        env: { ...baseEnv(), ...force },
        extendEnv: false,
      });
    expect(String((await piped({})).stdout)).not.toContain(ESC);
    expect(String((await piped({ FORCE_COLOR: '1' })).stdout)).toContain(ESC);
  });
});
