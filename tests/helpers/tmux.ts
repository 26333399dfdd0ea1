import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { execa } from 'execa';
import { BIN, type SandboxProcess } from './sandbox-process.js';

const quote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

/** A tmux server of our own (its own socket), for driving the built binary in a real pseudo-terminal. */
export interface Tmux {
  /** Runs `edshed args` (with CI=true set, as on a CI runner) in a new session of this size; the pane stays after it exits, showing EXIT=<code>. */
  open(
    sandbox: SandboxProcess,
    args: readonly string[],
    size?: { readonly columns: number; readonly rows: number },
  ): Promise<string>;
  /**
   * Runs a shell line (bash, pipefail) in a new session, in `cwd` with exactly `env` set on top of the
   * server's (and the variables of `unset` removed); the pane stays after it exits, showing EXIT=<code>.
   */
  shell(
    line: string,
    options: {
      readonly env: Readonly<Record<string, string>>;
      readonly cwd: string;
      readonly unset?: readonly string[];
    },
  ): Promise<string>;
  /** The pane as text (-J joins lines the terminal wrapped). */
  capture(session: string): Promise<string>;
  /** The whole pane: its history (what scrolled off the top) and the screen. */
  history(session: string): Promise<string>;
  /** Polls the pane until `pattern` shows (a generous bound, never a timing assertion); every capture seen. */
  waitFor(session: string, pattern: RegExp, frames?: string[]): Promise<string>;
  keys(session: string, ...keys: string[]): Promise<void>;
  /** Types text literally (no key names). */
  type(session: string, text: string): Promise<void>;
  resize(session: string, columns: number, rows: number): Promise<void>;
  /** Ends every session and the server, and removes the socket. */
  close(): Promise<void>;
}

/**
 * Starts using a private tmux server (created with the first session).
 *
 * @example
 * const tmux = privateTmux(); const s = await tmux.open(sandbox, ['dash', 'billing']); await tmux.waitFor(s, /EdShed billing/);
 */
export function privateTmux(): Tmux {
  const socket = join(tmpdir(), `edshed-tmux-${randomBytes(4).toString('hex')}`);
  const tmux = (...args: string[]) => execa('tmux', ['-S', socket, ...args], { reject: false });
  const capture = async (session: string) => String((await tmux('capture-pane', '-p', '-J', '-t', session)).stdout);
  /** A new detached session running `command`, then its exit code, kept on screen. */
  const session = async (command: string, size: { readonly columns: number; readonly rows: number }) => {
    const name = `ink-${randomBytes(4).toString('hex')}`;
    const started = await tmux(
      'new-session',
      '-d',
      '-s',
      name,
      '-x',
      String(size.columns),
      '-y',
      String(size.rows),
      `${command}; echo EXIT=$?; sleep 600`,
    );
    if (started.exitCode !== 0) throw new Error(`tmux: ${String(started.stderr)}`);
    return name;
  };
  return {
    capture,
    history: async (session) => String((await tmux('capture-pane', '-p', '-J', '-S', '-', '-t', session)).stdout),
    async open(sandbox, args, size = { columns: 100, rows: 30 }) {
      // CI=true as CI runners and some shells set it: Ink 6 then draws nothing until the view ends,
      // unless the view is loaded through cli/ui/load-ink.ts. Every terminal test runs with it set.
      const env = Object.entries({ ...sandbox.env, CI: 'true', TERM: 'xterm-256color' }).map(
        ([k, v]) => `${k}=${quote(v)}`,
      );
      return session(
        `env ${env.join(' ')} ${quote(process.execPath)} ${quote(BIN)} ${args.map(quote).join(' ')}`,
        size,
      );
    },
    async shell(line, { env, cwd, unset = [] }) {
      const vars = Object.entries({ ...env, TERM: 'xterm-256color' }).map(([k, v]) => `${k}=${quote(v)}`);
      return session(
        `cd ${quote(cwd)} && env ${unset.map((name) => `-u ${name} `).join('')}${vars.join(' ')} bash -o pipefail -c ${quote(line)}`,
        { columns: 160, rows: 30 },
      );
    },
    async waitFor(session, pattern, frames = []) {
      for (let i = 0; i < 600; i += 1) {
        const screen = await capture(session);
        frames.push(screen);
        if (pattern.test(screen)) return screen;
        await sleep(100);
      }
      throw new Error(`never saw ${pattern} on the terminal:\n${frames.at(-1) ?? ''}`);
    },
    async keys(session, ...keys) {
      await tmux('send-keys', '-t', session, ...keys);
    },
    async type(session, text) {
      await tmux('send-keys', '-t', session, '-l', text);
    },
    async resize(session, columns, rows) {
      await tmux('resize-window', '-t', session, '-x', String(columns), '-y', String(rows));
    },
    async close() {
      await tmux('kill-server');
      rmSync(socket, { force: true });
    },
  };
}
