import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedInSandbox, type SandboxProcess } from '../helpers/sandbox-process.js';

// Engagement snapshots through the built CLI against a started sandbox.
interface Snapshot {
  id: number;
  start: string;
  end: string;
  state: string;
  progress: number;
}

let sandbox: SandboxProcess;
const json = (text: unknown) => JSON.parse(String(text)) as Record<string, unknown>;
const writesTotal = async () => json((await sandbox.edshed(['api', 'GET', '__sandbox/writes'])).stdout).total as number;

async function createDone(start: string, end: string): Promise<Snapshot> {
  const created = await sandbox.edshed([
    'snapshots',
    'create',
    '--start',
    start,
    '--end',
    end,
    '--wait',
    '--interval',
    '0.2',
    '--json',
  ]);
  expect(created.exitCode, String(created.stderr)).toBe(0);
  return json(created.stdout).snapshot as Snapshot;
}

beforeAll(async () => {
  sandbox = await startSignedInSandbox('superuser');
});
afterAll(async () => {
  expect((await sandbox.stop()).exitCode).toBe(0);
});

describe('edshed snapshots', { timeout: 60_000 }, () => {
  it('creates a snapshot and waits for its job, then lists, shows and prints its rows as CSV', async () => {
    const snapshot = await createDone('2026-09-01', '2026-11-01');
    expect(snapshot).toMatchObject({ start: '2026-09-01', end: '2026-11-01', state: 'done', progress: 100 });

    const listed = json((await sandbox.edshed(['snapshots', 'list', '--json'])).stdout).snapshots as Snapshot[];
    expect(listed.map((s) => s.id)).toContain(snapshot.id);
    const shown = await sandbox.edshed(['snapshots', 'show', String(snapshot.id), '--json']);
    expect(json(shown.stdout).snapshot).toMatchObject({ id: snapshot.id, state: 'done' });

    const csv = await sandbox.edshed(['snapshots', 'data', String(snapshot.id), '--format', 'csv']);
    expect(csv.exitCode).toBe(0);
    const lines = String(csv.stdout).trimEnd().split('\n');
    expect(lines[0]).toMatch(/^school_id,school_name,country,pupils,/);
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual([
      'Oakfield Primary School',
      'Maple Elementary School',
      'Wattle Public School',
    ]);
  });

  it('downloads a snapshot to a file, leaves no temporary file, and does not replace a file without --force', async () => {
    const snapshot = await createDone('2026-06-01', '2026-08-31');
    const dir = join(sandbox.dir, 'downloads');
    mkdirSync(dir);
    const file = join(dir, 'engagement.csv');
    const saved = await sandbox.edshed(['snapshots', 'download', String(snapshot.id), '-o', file]);
    expect(saved.exitCode, String(saved.stderr)).toBe(0);
    const answer = json(
      (await sandbox.edshed(['api', 'GET', `superuser/sales/reports/engagement/snapshots/${snapshot.id}/download`]))
        .stdout,
    );
    expect(readFileSync(file, 'utf8')).toBe((answer.download as { content: string }).content);
    expect(readdirSync(dir)).toEqual(['engagement.csv']);

    writeFileSync(file, 'keep me\n');
    const again = await sandbox.edshed(['snapshots', 'download', String(snapshot.id), '-o', file]);
    expect(again.exitCode).toBe(2);
    expect(again.stderr).toMatch(/exists; pass --force/);
    expect(readFileSync(file, 'utf8')).toBe('keep me\n');
    expect((await sandbox.edshed(['snapshots', 'download', String(snapshot.id), '-o', file, '--force'])).exitCode).toBe(
      0,
    );
    expect(readFileSync(file, 'utf8')).toMatch(/^school_id,/);
    expect(readdirSync(dir)).toEqual(['engagement.csv']);
  });

  it('refuses to delete off a terminal without --yes before any request, naming the snapshot; deletes with --yes', async () => {
    const snapshot = await createDone('2026-01-05', '2026-02-05');
    const before = await writesTotal();
    const refused = await sandbox.edshed(['snapshots', 'delete', String(snapshot.id), '--verbose']);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toBe(
      `edshed: Delete engagement snapshot ${snapshot.id}: pass --yes to confirm (no terminal to ask on); nothing was sent`,
    );
    expect(await writesTotal()).toBe(before);
    expect((await sandbox.edshed(['snapshots', 'show', String(snapshot.id)])).exitCode).toBe(0);

    const deleted = await sandbox.edshed(['snapshots', 'delete', String(snapshot.id), '--yes']);
    expect(deleted.exitCode, String(deleted.stderr)).toBe(0);
    const gone = await sandbox.edshed(['snapshots', 'show', String(snapshot.id)]);
    expect(gone.exitCode).toBe(1);
    expect(gone.stderr).toMatch(/not found/i);
  });

  it.each([
    [['--start', '2026-02-30', '--end', '2026-03-10'], /--start: 2026-02-30 is not a day of the calendar/],
    [['--start', '2026-09-01', '--end', '2026-08-01'], /--end 2026-08-01 is before --start 2026-09-01/],
    [['--start', '1/9/2026', '--end', '2026-10-01'], /--start: expected a date as YYYY-MM-DD/],
  ])('refuses bad dates %j with exit 2 and sends nothing', async (dates, message) => {
    const before = await writesTotal();
    const result = await sandbox.edshed(['snapshots', 'create', ...dates, '--wait']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toMatch(/nothing was sent/);
    expect(await writesTotal()).toBe(before);
  });
});
