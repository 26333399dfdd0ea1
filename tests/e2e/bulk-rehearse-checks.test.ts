import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyOfProduction, startProduction, stopProduction, writes } from '../helpers/rehearse.js';
import type { SandboxProcess } from '../helpers/sandbox-process.js';

// What `bulk rehearse` checks before it copies anything or starts a server: each refusal exits 2 and leaves
// production and the rehearsals' temporary folder as they were.

describe('bulk rehearse: local checks exit 2 before anything starts', () => {
  let production: SandboxProcess;
  let dir: string;
  let temp: string;
  let db: string;
  let plan: string;
  beforeAll(async () => {
    ({ production, dir, temp, db } = await startProduction('demo'));
    const csv = join(dir, 'payments.csv');
    plan = join(dir, 'plan.json');
    writeFileSync(csv, 'id,date\n8,2026-11-02\n');
    expect(
      (
        await production.edshed([
          'invoices',
          'mark-paid',
          '--from',
          csv,
          '--method',
          'bacs',
          '--dry-run',
          '--plan',
          plan,
        ])
      ).exitCode,
    ).toBe(0);
  });
  afterAll(() => stopProduction(production));

  it('refuses a missing FILE, a file that is no database, a plan that is no plan and a --results path it cannot write', async () => {
    const before = await writes(production);
    const file = await copyOfProduction(db, join(dir, 'copy.db'));
    const text = join(dir, 'notes.txt');
    writeFileSync(text, 'not a database\n');
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, readFileSync(plan, 'utf8').replace('"version": 1', '"version": "one"'));
    const cases: [string[], RegExp][] = [
      [
        ['bulk', 'rehearse', plan, '--db', join(dir, 'missing.db')],
        /--db .*missing\.db: no such file; nothing was sent/,
      ],
      [['bulk', 'rehearse', plan, '--db', text], /--db .*notes\.txt: not a database/],
      [['bulk', 'rehearse', broken, '--db', file], /broken\.json: not a valid plan \(version/],
      [['bulk', 'rehearse', join(dir, 'none.json'), '--db', file], /none\.json: cannot read the plan/],
      [['bulk', 'rehearse', plan, '--db', file, '--results', join(dir, 'out.txt')], /--results/],
      [
        ['bulk', 'rehearse', plan, '--db', file, '--results', join(dir, 'no-such-folder', 'out.csv')],
        /--results .*out\.csv: cannot write there/,
      ],
      [['bulk', 'rehearse', plan], /--db/],
    ];
    for (const [args, message] of cases) {
      const run = await production.edshed(args);
      expect({ args, exit: run.exitCode }).toEqual({ args, exit: 2 });
      expect(String(run.stderr)).toMatch(message);
    }
    expect(readdirSync(temp)).toEqual([]);
    expect(await writes(production)).toEqual(before);
  });

  it('teaches in --help', async () => {
    const help = await production.edshed(['bulk', 'rehearse', '--help']);
    expect(help.exitCode).toBe(0);
    expect(help.stdout).toContain('--db <file>');
    expect(help.stdout).toContain('edshed bulk rehearse plan.json --db production-copy.db');
    expect(help.stdout).toMatch(/nothing is sent to the plan's real target/);
  });
});
