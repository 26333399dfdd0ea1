import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process.js';
import { privateTmux } from '../helpers/tmux.js';

// On a terminal a bulk run draws the Ink progress view on stderr. The built binary runs in a
// tmux pane (a real pseudo-terminal) against a sandbox whose latency makes the run last seconds.

const tmux = privateTmux();
const inTerminal = (sandbox: SandboxProcess, args: readonly string[]) => tmux.open(sandbox, args);
const waitFor = (session: string, pattern: RegExp, frames?: string[]) => tmux.waitFor(session, pattern, frames);

function notesFile(sandbox: SandboxProcess, name: string, count: number): string {
  const file = join(sandbox.dir, name);
  const lines = Array.from({ length: count }, (_, i) =>
    JSON.stringify({ target: { type: 'pupil', id: 1 }, data: { text: `${name} ${i}` } }),
  );
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

describe('the bulk progress view in a terminal', () => {
  let sandbox: SandboxProcess;
  beforeAll(async () => {
    sandbox = await startSandboxProcess(['--db', ':memory:', '--faults', 'latency=20-40', '--rate-limit', '100000']);
    const login = await sandbox.edshed(
      ['auth', 'login', '--api-url', sandbox.url, '-u', 'superuser', '--password-stdin'],
      'sandbox\n',
    );
    expect(login.exitCode, String(login.stderr)).toBe(0);
  });
  afterAll(async () => {
    await tmux.close();
    await sandbox?.stop();
  });

  it('draws the bar and counts in place while it runs, then the summary below the last frame', async () => {
    const session = await inTerminal(sandbox, [
      'notes',
      'create',
      '--from',
      notesFile(sandbox, 'tty.ndjson', 150),
      '--yes',
      '--concurrency',
      '2',
    ]);
    const frames: string[] = [];
    await waitFor(session, /Sending notes create/, frames);
    const end = await waitFor(session, /EXIT=\d+/, frames);
    expect(
      frames.some(
        (f) =>
          /█*░+ +\d+\/150 +\d+%/.test(f) && /\d+ done {2}0 failed {2}0 unknown {2}0 skipped {2}\d+ in flight/.test(f),
      ),
    ).toBe(true);
    expect(end).toMatch(/█{20,} 150\/150 100%/);
    expect(end).toMatch(/150 done {2}0 failed {2}0 unknown {2}0 skipped {2}0 in flight/);
    expect(end).toMatch(/\d+\.\d\/s {2}ETA 0s {2}elapsed \d+s/);
    expect(end).toMatch(/Run \S+ \(notes create, .*\): 150 done, 0 failed, 0 skipped \(drift\), 0 unknown/);
    expect(end).toContain('EXIT=0');
    // Redrawn in place: one view on screen, not a frame per update.
    expect(end.match(/Sending notes create/g)).toHaveLength(1);
  });

  it('writes --verbose lines above the view, which stays one frame drawn in place', async () => {
    const session = await inTerminal(sandbox, [
      'notes',
      'create',
      '--from',
      notesFile(sandbox, 'verbose.ndjson', 40),
      '--yes',
      '--concurrency',
      '1',
      '--verbose',
    ]);
    const frames: string[] = [];
    await waitFor(session, /Sending notes create/, frames);
    const end = await waitFor(session, /EXIT=\d+/, frames);
    expect(end).toContain('EXIT=0');
    // A line written past Ink leaves a stale copy of the frame behind at each redraw (scrolled up).
    const lines = (await tmux.history(session)).split('\n');
    expect(lines.filter((line) => line.includes('Sending notes create'))).toHaveLength(1);
    const view = lines.findIndex((line) => line.includes('Sending notes create'));
    expect(
      lines.slice(0, view).some((line) => /^< 201 POST http:\/\/127\.0\.0\.1:\d+\/notes \(\d+ ms\)$/.test(line)),
    ).toBe(true);
    expect(lines.slice(0, view).some((line) => /^> POST http:\/\/127\.0\.0\.1:\d+\/notes$/.test(line))).toBe(true);
    expect(lines.slice(view).some((line) => /^[<>] /.test(line))).toBe(false);
    expect(end).toMatch(/40 done {2}0 failed/);
  });

  it('on Ctrl-C shows that it is stopping, lets in-flight requests finish and exits 130', async () => {
    const session = await inTerminal(sandbox, [
      'notes',
      'create',
      '--from',
      notesFile(sandbox, 'stop.ndjson', 2_000),
      '--yes',
      '--concurrency',
      '2',
    ]);
    await waitFor(session, /\b([1-9]\d*)\/2000\b/);
    await tmux.keys(session, 'C-c');
    const end = await waitFor(session, /EXIT=\d+/);
    expect(end).toContain('EXIT=130');
    expect(end).toMatch(/Stopp(ing: finishing \d+ in flight; Ctrl-C again to quit now|ed: nothing in flight)/);
    expect(end).toMatch(/interrupted; in-flight requests finished and were recorded/);
    expect(end).toMatch(/\d+ not sent yet of 2000/);
    // The view says it: the interrupt handler's own line would break the frame.
    expect(end).not.toContain('no new requests');
  });
});
