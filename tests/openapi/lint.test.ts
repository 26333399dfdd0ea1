/**
 * The document passes Redocly CLI's lint (the recommended rules, less those `redocly.yaml` turns off and
 * says why) with no errors.
 */
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/consumer-dir.js';
import { writtenDocument } from './document-file.js';

interface LintProblem {
  readonly ruleId: string;
  readonly severity: 'error' | 'warn';
  readonly message: string;
}

describe('Redocly CLI lint of the OpenAPI document', () => {
  it('finds 0 errors', async () => {
    const { path } = await writtenDocument();
    const result = await execa(
      join(ROOT, 'node_modules/.bin/redocly'),
      ['lint', path, '--config', join(ROOT, 'redocly.yaml'), '--format', 'json', '--max-problems', '10000'],
      { cwd: ROOT, reject: false },
    );
    const report = JSON.parse(result.stdout) as {
      totals: { errors: number; warnings: number };
      problems: LintProblem[];
    };
    const errors = report.problems.filter((p) => p.severity === 'error');
    expect(errors.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals.errors).toBe(0);
    // The JSON report is Redocly's verdict, not an empty run: it did read the operations (warnings are listed).
    console.log(
      `redocly lint: ${report.totals.errors} errors, ${report.totals.warnings} warnings (${[...new Set(report.problems.map((p) => p.ruleId))].join(', ') || 'none'})`,
    );
    expect(result.exitCode).toBe(0);
  }, 60_000);
});
