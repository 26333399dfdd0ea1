import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process.js';
import { leaks, SLOW, transcript, type Transcript } from '../helpers/transcript.js';

// Output: paged lists on the demo seed (11 invoices), colour only on a terminal
// and never with --no-color or NO_COLOR, and --quiet keeping stderr for errors only.
let sandbox: SandboxProcess;
let t: Transcript;
const ESC = '\u001b[';
const MORE = 'Showing 1-10 of 11; --all for every page or --limit N.';
const colourOn = { NO_COLOR: '' };
// util-linux `script` gives the CLI a terminal; without it the terminal half of the colour test is skipped.

/** Runs edshed with stdout and stdin on a pseudo-terminal (util-linux `script`), to see colour switch on. */
async function onTerminal(args: readonly string[], env: Readonly<Record<string, string>>): Promise<string> {
  const quoted = [process.execPath, BIN, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const result = await execa('script', ['-qec', quoted, '/dev/null'], {
    reject: false,
    env: { ...sandbox.env, ...env },
    input: '',
  });
  return String(result.stdout);
}

beforeAll(async () => {
  sandbox = await startSandboxProcess(['--db', ':memory:']);
  t = transcript(sandbox);
  expect(
    (await t.edshed(['login', '--api-url', sandbox.url, '-u', 'superuser', '--password-stdin'], { input: 'sandbox\n' }))
      .exitCode,
  ).toBe(0);
});
afterAll(async () => {
  expect(leaks(t)).toEqual([]);
  expect((await sandbox.stop()).exitCode).toBe(0);
});

describe('lists', { timeout: SLOW }, () => {
  it('shows the first page with a note on stderr saying how to see the rest', async () => {
    const run = await t.edshed(['invoices', 'list']);
    expect(run.exitCode).toBe(0);
    expect(run.stderr.trim()).toBe(MORE);
    expect(run.stdout.trim().split('\n')).toHaveLength(11); // a header and ten rows, tab-separated in a pipe
    expect(run.stdout.split('\n')[0]).toMatch(/^id\tnumber\t/);
  });

  it('gives every invoice in one JSON envelope, as a page has it, with --all --json', async () => {
    const run = await t.edshed(['invoices', 'list', '--all', '--json']);
    expect(run.exitCode).toBe(0);
    const body = JSON.parse(run.stdout) as { invoices: { id: number }[]; total: number };
    expect(body.total).toBe(11);
    const rows = body.invoices;
    expect(rows).toHaveLength(11);
    expect(new Set(rows.map((r) => r.id)).size).toBe(11);
    expect(run.stderr).not.toMatch(/Showing/);
  });

  it('gives N lines with --limit N --format ndjson, and one header line with --all --format csv', async () => {
    const ndjson = await t.edshed(['invoices', 'list', '--limit', '3', '--format', 'ndjson']);
    const lines = ndjson.stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines.map((l) => (JSON.parse(l) as { id: number }).id)).toHaveLength(3);
    const csv = await t.edshed(['invoices', 'list', '--all', '--format', 'csv']);
    const rows = csv.stdout.trim().split('\n');
    expect(rows.filter((r) => r.startsWith('id,number,'))).toHaveLength(1);
    expect(rows).toHaveLength(12);
  });

  it('refuses --limit with --all (exit 2)', async () => {
    const run = await t.edshed(['invoices', 'list', '--limit', '2', '--all']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/--limit and --all exclude each other/);
    expect(run.stdout).toBe('');
  });
});

describe('colour and quiet', { timeout: SLOW }, () => {
  const table = ['invoices', 'list', '--fields', 'id,state', '--limit', '4'];

  // A real terminal through util-linux `script` (Debian's bsdutils, an essential package).
  it('colours states on a terminal, never with --no-color or NO_COLOR', async () => {
    expect(await onTerminal(table, colourOn)).toContain(ESC);
    expect(await onTerminal([...table, '--no-color'], colourOn)).not.toContain(ESC);
    expect(await onTerminal(['--no-color', ...table], colourOn)).not.toContain(ESC);
    expect(await onTerminal(table, { NO_COLOR: '1' })).not.toContain(ESC);
  });

  it('prints no escape codes in a pipe, even without NO_COLOR', async () => {
    for (const args of [table, ['invoices', 'list'], ['whoami'], ['invoices', 'mark-paid', 'x/y']]) {
      const piped = await t.edshed(args, { env: colourOn });
      expect(piped.stdout + piped.stderr).not.toContain(ESC);
    }
  });

  it('drops the notes on stderr with --quiet, keeping the data and the errors', async () => {
    const list = await t.edshed(['invoices', 'list', '--quiet']);
    expect(list.stderr).toBe('');
    expect(list.stdout.trim().split('\n')).toHaveLength(11);
    const dry = await t.edshed([
      '-q',
      'invoices',
      'mark-paid',
      '8',
      '--method',
      'bacs',
      '--date',
      '2026-09-01',
      '--dry-run',
    ]);
    expect(dry.stderr).toBe('');
    expect(dry.stdout).toMatch(/^POST /);
    const login = await t.edshed(['login', '-u', 'superuser', '--password-stdin', '--quiet'], { input: 'sandbox\n' });
    expect(login.exitCode).toBe(0);
    expect(login.stderr).toBe('');
    const bad = await t.edshed(['invoices', 'list', '--limit', '0', '--quiet']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/--limit/);
  });
});
