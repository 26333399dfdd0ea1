import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journals, writes } from '../helpers/bulk-run.js';
import { BIN, startSignedInSandbox, type SandboxProcess } from '../helpers/sandbox-process.js';

// Bulk rows through the built binary: what a bulk run refuses before sending (a path argument the file
// contradicts, two rows changing one invoice two ways, a superuser's pupils without a school), what
// --skip-invalid sets aside (a value in an unknown column) and writes to --rejects (a dry run too), the
// files it writes (0600 whatever the umask) and CSV cells a spreadsheet would run.

const PAID = 'POST superuser/invoices/{id}/paid';
const HYPERLINK = '=HYPERLINK("http://evil.example","Pay here")';
let sandbox: SandboxProcess;
let open: { id: number; issued_at: string }[];
const today = new Date().toISOString().slice(0, 10);
const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);

/** `edshed` run under `umask 000`, as a careless shell profile would have it. */
const underUmask000 = (args: readonly string[]) =>
  execa('sh', ['-c', 'umask 000; exec "$0" "$@"', process.execPath, BIN, ...args], {
    reject: false,
    env: sandbox.env,
    input: '',
  });

beforeAll(async () => {
  sandbox = await startSignedInSandbox('superuser', ['--db', ':memory:', '--rate-limit', '1000000']);
  open = (
    JSON.parse(String((await sandbox.edshed(['invoices', 'list', '--state', 'open', '--json'])).stdout)) as {
      invoices: { id: number; issued_at: string }[];
    }
  ).invoices;
  expect(open.length).toBeGreaterThanOrEqual(3);
});
afterAll(async () => {
  await sandbox.stop();
});

const file = (name: string, text: string): string => {
  const path = join(sandbox.dir, name);
  writeFileSync(path, text);
  return path;
};

describe('bulk rows refused before anything is sent', () => {
  it("a path argument and the file's id column both: exit 2 naming the conflict", async () => {
    const csv = file('one.csv', `id,date\n${open[1]?.id},${today}\n`);
    const before = await writes(sandbox, PAID);
    const run = await sandbox.edshed(['invoices', 'mark-paid', String(open[0]?.id), '--from', csv, '--method', 'bacs']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain(
      `${csv}:1: id: given both as the <id> argument (${open[0]?.id}) and by the file; with --from, drop the argument (each row names its own id) or this column`,
    );
    expect(run.stderr).toMatch(/nothing was sent/);
    expect(await writes(sandbox, PAID)).toEqual(before);
  });

  it('two rows paying one invoice on different dates: exit 2 naming both lines, in the table command and the curated one', async () => {
    const id = open[0]?.id;
    const csv = file('conflict.csv', `id,date\n${id},${today}\n${open[1]?.id},${today}\n${id},${open[0]?.issued_at}\n`);
    const before = await writes(sandbox, PAID);
    const run = await sandbox.edshed(['invoices', 'mark-paid', '--from', csv, '--method', 'bacs', '--skip-invalid']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain(
      `${csv}:2: conflicts with line 4: both change POST superuser/invoices/${id}/paid, differently`,
    );
    expect(run.stderr).toContain(
      `${csv}:4: conflicts with line 2: both change POST superuser/invoices/${id}/paid, differently; keep the row you mean`,
    );
    // The curated command refuses them the same way.
    const curated = await sandbox.edshed(['invoices', 'mark', 'paid', '--from', csv, '--method', 'bacs']);
    expect(curated.exitCode).toBe(2);
    expect(curated.stderr).toContain(`${csv}:4: conflicts with line 2: both change invoice ${id}, differently`);
    expect(await writes(sandbox, PAID)).toEqual(before);
  });

  it("identical pupils generate rows are distinct creations; a superuser's rows without a school are refused before sending", async () => {
    const twice = file('classes.csv', 'amount,school\n2,1\n2,1\n');
    const dry = await sandbox.edshed([
      'pupils',
      'generate',
      '--from',
      twice,
      '--out',
      join(sandbox.dir, 'dry-pupils.csv'),
      '--dry-run',
    ]);
    expect(dry.exitCode, String(dry.stderr)).toBe(0);
    expect(dry.stdout).toContain('2 operations');
    const before = await writes(sandbox, 'POST users/me/school/pupils/generate');
    const noSchool = file('no-school.csv', 'amount,school\n2,\n3,1\n4,\n');
    // Whether a row may leave the school out depends on who is signed in: known only from GET users/me,
    // so exit 1 (a read was sent), each row named file:line: field as the local checks name theirs.
    const run = await sandbox.edshed([
      'pupils',
      'generate',
      '--from',
      noSchool,
      '--out',
      join(sandbox.dir, 'no-school-pupils.csv'),
    ]);
    expect(run.exitCode).toBe(1);
    const refused =
      'school: none given; a superuser names the school of every row (a school column, or --school for all)';
    expect(run.stderr).toBe(
      `${noSchool}:2: ${refused}\n${noSchool}:4: ${refused}\nedshed: 2 rows of ${noSchool} refused for superuser (a superuser) (read GET users/me); nothing was written`,
    );
    expect(journals(sandbox)).toEqual([]);
    expect(await writes(sandbox, 'POST users/me/school/pupils/generate')).toEqual(before);
    const planned = await sandbox.edshed([
      'pupils',
      'generate',
      '--from',
      noSchool,
      '--out',
      join(sandbox.dir, 'dry-no-school.csv'),
      '--dry-run',
    ]);
    expect(planned.exitCode).toBe(1);
    expect(planned.stderr).toContain(
      `${noSchool}:4: ${refused}\nedshed: 2 rows of ${noSchool} refused for superuser (a superuser) (read GET users/me); nothing would be written`,
    );
  });

  it("pupils generate --from: a row's local problem is found before any request, even with rows only users/me could judge", async () => {
    const mixed = file('mixed-classes.csv', 'amount,school\n2,\n9999,1\n');
    const run = await sandbox.edshed([
      'pupils',
      'generate',
      '--from',
      mixed,
      '--out',
      join(sandbox.dir, 'mixed-pupils.csv'),
      '--verbose',
    ]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(new RegExp(`^${mixed.replaceAll('.', '\\.')}:3: amount: `, 'm'));
    expect(run.stderr).toContain(`1 problem in ${mixed}; nothing was sent`);
    // --verbose prints every request: there was none, not even GET users/me.
    expect(run.stderr).not.toMatch(/^> /m);
    expect(run.stderr).not.toContain(':2: school');
  });

  it("pupils generate --from: a school admin's rows may leave the school out (theirs is meant)", async () => {
    const admin = await startSignedInSandbox('admin');
    try {
      const csv = join(admin.dir, 'own-school.csv');
      writeFileSync(csv, 'amount\n1\n');
      const dry = await admin.edshed([
        'pupils',
        'generate',
        '--from',
        csv,
        '--out',
        join(admin.dir, 'own.csv'),
        '--dry-run',
      ]);
      expect(dry.exitCode, String(dry.stderr)).toBe(0);
    } finally {
      await admin.stop();
    }
  });
});

describe('--skip-invalid, --rejects and the files a run writes', () => {
  it('sets aside the rows with a value in an unknown column, on a dry run too (--rejects written), files 0600 under umask 000, formulas neutralised', async () => {
    // The seed has three open invoices: the row that runs pays the third; the two set aside name the others.
    const csv = file(
      'extra.csv',
      `id,date,note\n${open[0]?.id},${today},"${HYPERLINK.replace(/"/g, '""')}"\n${open[2]?.id},${today},\n${open[1]?.id},someday,\n`,
    );
    const dryRejects = join(sandbox.dir, 'dry-rejects.csv');
    const plan = join(sandbox.dir, 'extra-plan.json');
    const dry = await underUmask000([
      'invoices',
      'mark-paid',
      '--from',
      csv,
      '--method',
      'bacs',
      '--skip-invalid',
      '--rejects',
      dryRejects,
      '--dry-run',
      '--plan',
      plan,
    ]);
    expect(dry.exitCode, String(dry.stderr)).toBe(0);
    expect(dry.stdout).toContain('1 operation');
    expect(dry.stdout).toContain(`2 bad rows would be set aside (--skip-invalid), written to ${dryRejects}`);
    const rejected = readFileSync(dryRejects, 'utf8');
    expect(rejected).toContain(
      `,"'=HYPERLINK(""http://evil.example"",""Pay here"")","line 2: note: unknown column; expected id, method, date (its value would not be sent)"`,
    );
    expect(rejected).toContain('line 4: date: expected an ISO 8601 date');
    expect(mode(dryRejects)).toBe('600');
    expect(mode(plan)).toBe('600');

    const results = join(sandbox.dir, 'results.csv');
    const rejects = join(sandbox.dir, 'rejects.csv');
    const run = await underUmask000([
      'invoices',
      'mark-paid',
      '--from',
      csv,
      '--method',
      'bacs',
      '--skip-invalid',
      '--rejects',
      rejects,
      '--results',
      results,
    ]);
    expect(run.exitCode, String(run.stderr)).toBe(0);
    expect(run.stderr).toMatch(/1 done, 0 failed, 0 skipped \(drift\), 0 unknown, 2 set aside of 3/);
    expect(mode(results)).toBe('600');
    expect(mode(rejects)).toBe('600');
    expect(readFileSync(rejects, 'utf8')).toBe(rejected);
  });

  it('a CSV export neutralises a formula a spreadsheet would run', async () => {
    const id = open[0]?.id;
    expect((await sandbox.edshed(['invoices', 'mark-promised', String(id), '--reference', HYPERLINK])).exitCode).toBe(
      0,
    );
    const csv = await sandbox.edshed([
      'invoices',
      'list',
      '--state',
      'promised',
      '--take',
      '100',
      '--format',
      'csv',
      '--fields',
      'id,promised_reference',
    ]);
    expect(csv.stdout).toContain(`${id},"'=HYPERLINK(""http://evil.example"",""Pay here"")"`);
    const tsv = await sandbox.edshed([
      'invoices',
      'list',
      '--state',
      'promised',
      '--take',
      '100',
      '--format',
      'tsv',
      '--fields',
      'id,promised_reference',
    ]);
    expect(tsv.stdout).toContain(`${id}\t'${HYPERLINK}`);
  });
});
