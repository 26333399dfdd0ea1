/** The reconcile plan written as a stream is, byte for byte, the JSON it was as one string. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { savePlan, linesJson } from '../../cli/commands/invoices/reconcile-plan.js';
import { readPlan } from '../../cli/bulk/plan-file.js';
import type { ReconcileLine } from '../../core/domain/reconcile/plan.js';
import { fakeFactory } from '../helpers/fake-factory.js';

const dir = mkdtempSync(join(tmpdir(), 'edshed-reconcile-plan-'));
const line = (k: number, invoices: number[]): ReconcileLine => ({
  id: `h:${k}`,
  date: '2026-11-02',
  amount: 12000 + k,
  currency: 'gbp',
  text: `OAK "PRIMARY" ${k}`,
  file: 'nov.csv',
  line: k + 2,
  class: invoices.length > 0 ? 'confident' : 'ambiguous',
  invoices,
  note: 'n',
  candidates:
    invoices.length > 0
      ? [{ invoices, score: 80, signals: [{ signal: 'reference', points: 50, detail: 'INV-1' }] }]
      : [],
  ...(k % 2 === 0 ? { method: 'cheque' as const } : {}),
});

describe('savePlan', () => {
  it('writes JSON.stringify(plan, null, 1) exactly, and --json gets JSON.stringify(plan)', async () => {
    const lines = [line(0, [8, 9]), line(1, []), line(2, [12])];
    const file = join(dir, 'plan.json');
    const json = await savePlan(fakeFactory(), file, lines, new Map(), [
      { path: '/tmp/nov.csv', sha256: 'b'.repeat(64) },
    ]);
    const text = readFileSync(file, 'utf8');
    const plan = await readPlan(file);
    // JSON.parse keeps the written order of keys (readPlan's schema orders them its way).
    const parsed: unknown = JSON.parse(text);
    expect(text).toBe(`${JSON.stringify(parsed, null, 1)}\n`);
    expect([...json()].join('')).toBe(JSON.stringify(parsed));
    expect(plan.items.map((i) => [i.index, i.line, i.target_id])).toEqual([
      [0, 2, 8],
      [1, 3, 9],
      [2, 4, 12],
    ]);
    expect(plan.lines).toEqual(lines);
    expect(Object.keys(parsed as object)).toEqual([
      'type',
      'version',
      'plan_id',
      'created',
      'command',
      'bulk',
      'defaults',
      'input',
      'items',
      'lines',
      'statements',
    ]);
    expect(readFileSync(join(dir, 'plan.items.csv'), 'utf8')).toBe(
      'id,method,date\n8,cheque,2026-11-02\n9,cheque,2026-11-02\n12,cheque,2026-11-02\n',
    );
    expect(plan.input.rows).toBe(3);
  });

  it('writes empty lists as [] and lines without a plan as { lines }', async () => {
    const file = join(dir, 'empty.json');
    await savePlan(fakeFactory(), file, [line(1, [])], new Map(), []);
    const plan = await readPlan(file);
    const text = readFileSync(file, 'utf8');
    expect(text).toBe(`${JSON.stringify(JSON.parse(text), null, 1)}\n`);
    expect(plan.items).toEqual([]);
    expect([...linesJson([])].join('')).toBe('{"lines":[]}');
    expect([...linesJson([line(3, [1])])].join('')).toBe(JSON.stringify({ lines: [line(3, [1])] }));
  });
});
