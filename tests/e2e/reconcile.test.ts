/**
 * `edshed invoices reconcile` end to end through the built binary against a real sandbox process (large
 * seed): a generated statement of the sandbox's own invoices is reconciled, its plan applied with
 * `edshed bulk apply`, and reconciled again.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedInSandbox, type SandboxProcess } from '../helpers/sandbox-process.js';

interface PlanLine {
  readonly id: string;
  readonly class: string;
  readonly invoices: number[];
  readonly note: string;
}
interface Truth {
  readonly lines: readonly {
    readonly index: number;
    readonly invoices: readonly number[];
    readonly settles: boolean;
  }[];
}

let sandbox: SandboxProcess;
beforeAll(async () => {
  sandbox = await startSignedInSandbox('superuser', ['--db', ':memory:', '--seed', 'large']);
}, 120_000);
afterAll(async () => {
  await sandbox?.stop();
});

describe('invoices reconcile against the sandbox', () => {
  it('plans only right invoices, applies them once with bulk apply, and plans nothing when read again', async () => {
    const statement = join(sandbox.dir, 'statement.csv');
    const made = await sandbox.edshed(['sandbox', 'statement', '--seed', '3', '--lines', '12', '--out', statement]);
    expect(made.exitCode, String(made.stderr)).toBe(0);
    expect(String(made.stderr)).toBe(`Wrote 12 lines to ${statement} (csv); the truth is in ${statement}.truth.json`);
    const truth = JSON.parse(readFileSync(`${statement}.truth.json`, 'utf8')) as Truth;

    const planFile = join(sandbox.dir, 'plan.json');
    const first = await sandbox.edshed(['invoices', 'reconcile', statement, '--plan', planFile, '--json']);
    expect(first.exitCode, String(first.stderr)).toBe(0);
    const plan = JSON.parse(String(first.stdout)) as { lines: PlanLine[]; items: { target_id: number }[] };
    expect(plan.lines).toHaveLength(truth.lines.length);
    const marked = plan.lines.flatMap((line, k) => line.invoices.map((id) => ({ id, k })));
    expect(marked.length).toBeGreaterThan(0);
    // Never a wrong invoice: each one a line marks is one the truth says the line settles.
    for (const { id, k } of marked)
      expect(truth.lines[k]?.settles && truth.lines[k]?.invoices.includes(id), `line ${k} marks ${id}`).toBe(true);
    expect(plan.items.map((i) => i.target_id).sort()).toEqual(marked.map((m) => m.id).sort());

    const applied = await sandbox.edshed(['bulk', 'apply', planFile, '--yes']);
    expect(applied.exitCode, String(applied.stderr)).toBe(0);

    // Read again: every line that was a write is now already paid, and the plan has no writes.
    const again = await sandbox.edshed([
      'invoices',
      'reconcile',
      statement,
      '--plan',
      join(sandbox.dir, 'plan2.json'),
      '--json',
    ]);
    expect(again.exitCode, String(again.stderr)).toBe(0);
    const second = JSON.parse(String(again.stdout)) as { lines: PlanLine[]; items: unknown[] };
    expect(second.items).toEqual([]);
    plan.lines.forEach((line, k) => {
      if (line.invoices.length > 0) expect(second.lines[k]).toMatchObject({ id: line.id, class: 'already-paid' });
    });
    const empty = await sandbox.edshed(['bulk', 'apply', join(sandbox.dir, 'plan2.json'), '--yes']);
    expect([empty.exitCode, String(empty.stderr)]).toEqual([0, expect.stringContaining('no writes')]);

    // The first plan once more: every invoice is paid now, so each item is skipped for drift; nothing is paid twice.
    const replay = await sandbox.edshed(['bulk', 'apply', planFile, '--yes']);
    expect(replay.exitCode).toBe(3);
    expect(String(replay.stderr)).toMatch(/drift: was (open|promised), now paid/);
  }, 240_000);

  it('says so when the open invoices run out before the lines asked, and how many it wrote', async () => {
    const statement = join(sandbox.dir, 'short.csv');
    const made = await sandbox.edshed([
      'sandbox',
      'statement',
      '--lines',
      '100000',
      // As banks write it: the code in any case.
      '--currency',
      'NZD',
      '--out',
      statement,
    ]);
    expect(made.exitCode, String(made.stderr)).toBe(0);
    const written = readFileSync(statement, 'utf8')
      .split('\n')
      .filter((row) => /^\d\d\/\d\d\/\d{4},/.test(row)).length;
    expect(written).toBeGreaterThan(0);
    expect(written).toBeLessThan(100_000);
    expect(String(made.stderr)).toContain(
      `Wrote ${written} line${written === 1 ? '' : 's'} to ${statement} (csv); the truth is in ${statement}.truth.json`,
    );
    expect(String(made.stderr)).toContain(
      `Only ${written} of the 100000 lines asked: the API's open NZD invoices ran out (each is paid once).`,
    );
    // This sandbox has the large seed: the advice is another currency, not the seed it already has.
    expect(String(made.stderr)).toMatch(
      /\nMore open invoices in [A-Z]{3} \(\d+\)(, [A-Z]{3} \(\d+\))*: --currency [a-z]{3}\.$/m,
    );
    expect(String(made.stderr)).not.toContain('--seed large');
  });

  it('refuses a statement --out that cannot be written with exit 2 naming it, before reading the invoices', async () => {
    const out = join(sandbox.dir, 'no-such-folder', 'november.csv');
    const made = await sandbox.edshed(['sandbox', 'statement', '--out', out, '--verbose']);
    expect(made.exitCode).toBe(2);
    expect(String(made.stderr)).toContain(`--out ${out}: its directory does not exist`);
    expect(String(made.stderr)).not.toContain('> GET ');
  });

  it('refuses a bad statement with exit 2 naming the file and line, before any request', async () => {
    const bad = join(sandbox.dir, 'bad.csv');
    writeFileSync(bad, 'Date,Amount,Reference\n2026-11-02,10.00,INV-000001\n2026-11-03,ten,INV-000002\n');
    const result = await sandbox.edshed(['invoices', 'reconcile', bad]);
    expect(result.exitCode).toBe(2);
    expect(String(result.stderr)).toContain(`${bad}:3: amount "ten" is not an amount; nothing was sent`);
    const ambiguous = join(sandbox.dir, 'ambiguous.csv');
    writeFileSync(ambiguous, 'Date,Amount,Reference\n03/04/2026,10.00,A\n');
    const refused = await sandbox.edshed(['invoices', 'reconcile', ambiguous]);
    expect(refused.exitCode).toBe(2);
    expect(String(refused.stderr)).toMatch(/ambiguous\.csv:2: every date reads both .* --date-format/);
  }, 60_000);
});
