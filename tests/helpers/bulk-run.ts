import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SandboxProcess } from './sandbox-process.js';

// Shared by the black-box tests of bulk runs. `notes create` is a plain POST that adds a record
// on every call, so the sandbox's write count shows an item applied twice, or lost.

/** Parses a JSON answer printed by the CLI. */
export const json = (text: unknown) => JSON.parse(String(text)) as Record<string, unknown>;

/**
 * The sandbox's applied-write counts for one route, per target.
 *
 * @example
 * (await writes(sandbox, 'POST notes')).get('notes') // 30
 */
export async function writes(sandbox: SandboxProcess, route: string): Promise<Map<string, number>> {
  const rows = json((await sandbox.edshed(['api', 'GET', '__sandbox/writes'])).stdout).writes as {
    route: string;
    target: string;
    count: number;
  }[];
  return new Map(rows.filter((w) => w.route === route).map((w) => [w.target, w.count]));
}

/** Notes the sandbox has applied so far. */
export const notesApplied = async (sandbox: SandboxProcess) => (await writes(sandbox, 'POST notes')).get('notes') ?? 0;

/**
 * Writes an NDJSON file of `count` `notes create` items in the sandbox's folder; resolves to its path.
 *
 * @example
 * const file = notesFile(sandbox, 'killed.ndjson', 400);
 */
export function notesFile(sandbox: SandboxProcess, name: string, count: number): string {
  const file = join(sandbox.dir, name);
  const lines = Array.from({ length: count }, (_, i) =>
    JSON.stringify({ target: { type: 'pupil', id: i + 1 }, data: { text: `${name} ${i}` } }),
  );
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

/** The folder of run journals of the CLI that talks to this sandbox. */
export const runsDir = (sandbox: SandboxProcess) => join(sandbox.env.XDG_STATE_HOME ?? '', 'edshed', 'runs');

/** The journal files (not the items files) there now. */
export const journals = (sandbox: SandboxProcess) =>
  existsSync(runsDir(sandbox))
    ? readdirSync(runsDir(sandbox)).filter((name) => name.endsWith('.jsonl') && !name.endsWith('.items.jsonl'))
    : [];

/**
 * The item lines of a run's journal, parsed (a line cut short by a kill is left out).
 *
 * @example
 * journalItems(sandbox, '20261102-100000-8000').filter((o) => o.status === 'done').length
 */
export function journalItems(
  sandbox: SandboxProcess,
  runId: string,
): { index: number; status: string; message: string }[] {
  const file = join(runsDir(sandbox), `${runId}.jsonl`);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.includes('"type":"item"') && line.endsWith('}'))
    .map((line) => JSON.parse(line) as { index: number; status: string; message: string });
}

/** An invoice as `invoices list --json` prints it: what a run's totals are made of. */
export interface ListedInvoice {
  readonly id: number;
  readonly total: number;
  readonly currency: string;
}

/**
 * Invoice totals per currency (lower case, minor units), as a bulk run's `--json` summary gives them (`done_totals`).
 *
 * @example
 * invoiceTotals([{ id: 8, total: 54000, currency: 'GBP' }]) // { gbp: 54000 }
 */
export function invoiceTotals(invoices: readonly ListedInvoice[]): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const { total, currency } of invoices)
    totals[currency.toLowerCase()] = (totals[currency.toLowerCase()] ?? 0) + total;
  return totals;
}
