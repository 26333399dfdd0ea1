import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process.js';

// Issue 9: on a terminal a bulk run draws the Ink progress view on stderr. The built binary runs in a
// tmux pane (a real pseudo-terminal) against a sandbox whose latency makes the run last seconds.

// A tmux server of our own, on a socket we remove after.
const SOCKET = join(tmpdir(), `edshed-tmux-${randomBytes(4).toString('hex')}`);
const tmux = (...args: string[]) => execa('tmux', ['-S', SOCKET, ...args], { reject: false });
// -J joins lines the terminal wrapped.
const capture = async (session: string) => String((await tmux('capture-pane', '-p', '-J', '-t', session)).stdout);
/** The whole pane: its history (what scrolled off the top) and the screen. */
const history = async (session: string) => String((await tmux('capture-pane', '-p', '-J', '-S', '-', '-t', session)).stdout);
const quote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

/** Polls the pane until `pattern` shows (a generous bound, never a timing assertion); every capture seen. */
async function waitFor(session: string, pattern: RegExp, frames: string[] = []): Promise<string> {
  for (let i = 0; i < 600; i += 1) {
    const screen = await capture(session);
    frames.push(screen);
    if (pattern.test(screen)) return screen;
    await sleep(100);
  }
  throw new Error(`never saw ${pattern} on the terminal:\n${frames.at(-1) ?? ''}`);
}

/** Runs `edshed args` in a new 100x30 tmux session; the pane stays after it exits, showing EXIT=<code>. */
async function inTerminal(sandbox: SandboxProcess, args: readonly string[]): Promise<string> {
  const session = `ink-${randomBytes(4).toString('hex')}`;
  // Ink draws only the last frame when it thinks it runs in CI.
  const env = Object.entries({ ...sandbox.env, CI: 'false', TERM: 'xterm-256color' }).map(([k, v]) => `${k}=${quote(v)}`);
  const command = `env ${env.join(' ')} ${quote(process.execPath)} ${quote(BIN)} ${args.map(quote).join(' ')}; echo EXIT=$?; sleep 600`;
  const started = await tmux('new-session', '-d', '-s', session, '-x', '100', '-y', '30', command);
  if (started.exitCode !== 0) throw new Error(`tmux: ${String(started.stderr)}`);
  return session;
}

function notesFile(sandbox: SandboxProcess, name: string, count: number): string {
  const file = join(sandbox.dir, name);
  const lines = Array.from({ length: count }, (_, i) => JSON.stringify({ target: { type: 'pupil', id: 1 }, data: { text: `${name} ${i}` } }));
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

describe('the bulk progress view in a terminal', () => {
  let sandbox: SandboxProcess;
  const sessions: string[] = [];
  beforeAll(async () => {
    sandbox = await startSandboxProcess(['--db', ':memory:', '--faults', 'latency=20-40', '--rate-limit', '100000']);
    const login = await sandbox.edshed(['auth', 'login', '--api-url', sandbox.url, '-u', 'superuser', '--password-stdin'], 'sandbox\n');
    expect(login.exitCode, String(login.stderr)).toBe(0);
  });
  afterAll(async () => {
    for (const session of sessions) await tmux('kill-session', '-t', session);
    await sandbox?.stop();
    rmSync(SOCKET, { force: true });
  });

  it('draws the bar and counts in place while it runs, then the summary below the last frame', async () => {
    const session = await inTerminal(sandbox, ['notes', 'create', '--from', notesFile(sandbox, 'tty.ndjson', 150), '--yes', '--concurrency', '2']);
    sessions.push(session);
    const frames: string[] = [];
    await waitFor(session, /Sending notes create/, frames);
    const end = await waitFor(session, /EXIT=\d+/, frames);
    expect(frames.some((f) => /█*░+ +\d+\/150 +\d+%/.test(f) && /\d+ done {2}0 failed {2}0 unknown {2}0 skipped {2}\d+ in flight/.test(f))).toBe(true);
    expect(end).toMatch(/█{20,} 150\/150 100%/);
    expect(end).toMatch(/150 done {2}0 failed {2}0 unknown {2}0 skipped {2}0 in flight/);
    expect(end).toMatch(/\d+\.\d\/s {2}ETA 0s {2}elapsed \d+s/);
    expect(end).toMatch(/Run \S+ \(notes create, .*\): 150 done, 0 failed, 0 skipped \(drift\), 0 unknown/);
    expect(end).toContain('EXIT=0');
    // Redrawn in place: one view on screen, not a frame per update.
    expect(end.match(/Sending notes create/g)).toHaveLength(1);
  });

  it('writes --verbose lines above the view, which stays one frame drawn in place', async () => {
    const session = await inTerminal(sandbox, ['notes', 'create', '--from', notesFile(sandbox, 'verbose.ndjson', 40), '--yes', '--concurrency', '1', '--verbose']);
    sessions.push(session);
    const frames: string[] = [];
    await waitFor(session, /Sending notes create/, frames);
    const end = await waitFor(session, /EXIT=\d+/, frames);
    expect(end).toContain('EXIT=0');
    // A line written past Ink leaves a stale copy of the frame behind at each redraw (scrolled up).
    const lines = (await history(session)).split('\n');
    expect(lines.filter((line) => line.includes('Sending notes create'))).toHaveLength(1);
    const view = lines.findIndex((line) => line.includes('Sending notes create'));
    expect(lines.slice(0, view).some((line) => /^< 201 POST http:\/\/127\.0\.0\.1:\d+\/notes \(\d+ ms\)$/.test(line))).toBe(true);
    expect(lines.slice(0, view).some((line) => /^> POST http:\/\/127\.0\.0\.1:\d+\/notes$/.test(line))).toBe(true);
    expect(lines.slice(view).some((line) => /^[<>] /.test(line))).toBe(false);
    expect(end).toMatch(/40 done {2}0 failed/);
  });

  it('on Ctrl-C shows that it is stopping, lets in-flight requests finish and exits 130', async () => {
    const session = await inTerminal(sandbox, ['notes', 'create', '--from', notesFile(sandbox, 'stop.ndjson', 2_000), '--yes', '--concurrency', '2']);
    sessions.push(session);
    await waitFor(session, /\b([1-9]\d*)\/2000\b/);
    await tmux('send-keys', '-t', session, 'C-c');
    const end = await waitFor(session, /EXIT=\d+/);
    expect(end).toContain('EXIT=130');
    expect(end).toMatch(/Stopp(ing: finishing \d+ in flight; Ctrl-C again to quit now|ed: nothing in flight)/);
    expect(end).toMatch(/interrupted; in-flight requests finished and were recorded/);
    expect(end).toMatch(/\d+ not sent yet of 2000/);
    // The view says it: the interrupt handler's own line would break the frame.
    expect(end).not.toContain('no new requests');
  });
});
