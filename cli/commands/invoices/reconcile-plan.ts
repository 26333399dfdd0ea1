/**
 * The plan file of `invoices reconcile`, written as a stream: a bulk plan of `invoices mark paid` over
 * the items file beside it, with the lines. Its text is exactly `JSON.stringify(plan, null, 1)` (and
 * `--json` prints exactly `JSON.stringify(plan)`), but its long lists are written item by item, so
 * the plan is never one string in memory.
 */
import { resolve } from 'node:path';
import type { Factory } from '../../factory/factory.js';
import { writeFileAtomic } from '../../write/atomic-file.js';
import type { BookInvoice } from '../../../core/domain/reconcile/book.js';
import type { ReconcileLine } from '../../../core/domain/reconcile/plan.js';
import { hashFile, pinOf, type Plan } from '../../bulk/plan-file.js';
import { markBulkCommand } from './mark-bulk.js';
import { newRunId } from '../../bulk/journal.js';

/** A list written item by item: made again each time it is written. */
class Streamed {
  constructor(readonly items: () => Iterable<unknown>) {}
}

type PlanParts = { readonly [K in keyof Plan]: Plan[K] | Streamed };

/**
 * An object's JSON in pieces, as `JSON.stringify(value, null, space)` writes it, its Streamed values as
 * arrays written one item at a time.
 *
 * @example
 * [...jsonPieces({ a: new Streamed(() => [1, 2]) }, 1)].join('') === JSON.stringify({ a: [1, 2] }, null, 1)
 */
function* jsonPieces(value: Readonly<Record<string, unknown>>, space: number | undefined): Generator<string> {
  const nl = space === undefined ? '' : '\n';
  const pad = ' '.repeat(space ?? 0);
  const nested = (v: unknown, depth: number): string => {
    const text = JSON.stringify(v, null, space);
    return nl === '' ? text : text.replaceAll('\n', `\n${pad.repeat(depth)}`);
  };
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  yield `{${nl}`;
  for (const [k, [key, v]] of entries.entries()) {
    yield `${pad}${JSON.stringify(key)}:${nl === '' ? '' : ' '}`;
    if (v instanceof Streamed) {
      let first = true;
      for (const item of v.items()) {
        yield `${first ? `[${nl}` : `,${nl}`}${pad.repeat(2)}${nested(item, 2)}`;
        first = false;
      }
      yield first ? '[]' : `${nl}${pad}]`;
    } else yield nested(v, 1);
    yield k < entries.length - 1 ? `,${nl}` : nl;
  }
  yield '}';
}

/**
 * The items file a plan writes beside itself (`plan.json`: `plan.items.csv`), its path made absolute.
 *
 * @example
 * planItemsPath('plan.json') // '/home/jane/plan.items.csv'
 */
export const planItemsPath = (file: string): string => resolve(`${file.replace(/\.json$/i, '')}.items.csv`);

/**
 * Writes the plan file and the items file beside it that `edshed bulk apply` replays as `invoices mark
 * paid` rows; answers the plan's JSON in pieces (for `--json`).
 *
 * @example
 * const json = await savePlan(c, 'plan.json', lines, byId, hashes); for (const piece of json()) process.stdout.write(piece);
 */
export async function savePlan(
  c: Factory,
  file: string,
  lines: readonly ReconcileLine[],
  byId: ReadonlyMap<number, BookInvoice>,
  statements: { path: string; sha256: string }[],
): Promise<() => Iterable<string>> {
  const itemsPath = planItemsPath(file);
  const command = markBulkCommand('paid');
  function* rows(): Generator<{ id: number; method: NonNullable<ReconcileLine['method']>; date: string }> {
    for (const line of lines)
      for (const id of line.invoices) yield { id, method: line.method ?? 'bacs', date: line.date };
  }
  let count = 0;
  function* csv(): Generator<string> {
    yield 'id,method,date\n';
    for (const r of rows()) {
      count += 1;
      yield `${r.id},${r.method},${r.date}\n`;
    }
  }
  await writeFileAtomic(itemsPath, csv(), { mode: 0o600, force: true });
  function* items(): Generator<Plan['items'][number]> {
    let k = 0;
    // As a dry run of `invoices mark paid --from` pins each row (cli/bulk/plan.ts): path, body hash, state.
    for (const row of rows()) {
      yield {
        index: k,
        line: k + 2,
        target_id: row.id,
        ...pinOf(command, row),
        state: byId.get(row.id)?.state ?? null,
      };
      k += 1;
    }
  }
  const plan: PlanParts = {
    type: 'edshed-plan',
    version: 1,
    plan_id: newRunId(c.now()),
    created: c.now().toISOString(),
    command: 'invoices mark paid',
    bulk: { kind: 'invoices mark', args: { action: 'paid' } },
    defaults: {},
    input: { path: itemsPath, sha256: await hashFile(itemsPath), rows: count },
    items: new Streamed(items),
    lines: new Streamed(() => lines),
    statements,
  };
  await writeFileAtomic(
    file,
    (function* () {
      yield* jsonPieces(plan, 1);
      yield '\n';
    })(),
    { mode: 0o600, force: true },
  );
  return () => jsonPieces(plan, undefined);
}

/**
 * `--json` without a plan file: `{ "lines": [...] }` in pieces.
 *
 * @example
 * for (const piece of linesJson(lines)) process.stdout.write(piece);
 */
export function linesJson(lines: readonly ReconcileLine[]): Iterable<string> {
  return jsonPieces({ lines: new Streamed(() => lines) }, undefined);
}
