/** What `edshed invoices mark` prints: the question before a void, the planned requests, the result lines. */
import type { ApiRequest } from '../../../core/api/types.js';
import { formatMoney } from '../../../core/domain/money.js';
import { EXIT } from '../../errors/cli-error.js';
import type { Factory } from '../../factory/factory.js';
import type { OutputPlan } from '../../output/plan.js';
import { render } from '../../output/render.js';
import type { MarkTarget } from './mark-item.js';
import type { MarkResult } from './mark-item.js';

/** The keys of a result line under `--json`, which `--fields` picks from. */
export const RESULT_FIELDS = [
  'id',
  'number',
  'before',
  'after',
  'total',
  'currency',
  'status',
  'message',
  'request_id',
] as const;

const NAMED = 20;

/**
 * An amount in minor units for people (`£540.00`), or the raw figures when the currency is unknown.
 *
 * @example
 * money(54000, 'gbp') // '£540.00'
 */
export const money = (total: number | null, currency: string | null): string => {
  if (total === null || currency === null) return '';
  try {
    return formatMoney(total, currency);
  } catch {
    return `${total} ${currency}`;
  }
};

/**
 * The one question before a destructive run: the count, the invoice numbers and their total per currency.
 *
 * @example
 * markQuestion('Void', [7, 8], invoices) // 'Void 2 invoices (INV-000007, INV-000008; $520.00, A$940.50)?'
 */
export function markQuestion(verb: string, ids: readonly number[], invoices: ReadonlyMap<number, MarkTarget>): string {
  const names = ids.map((id) => invoices.get(id)?.number ?? `#${id} (not found)`);
  const shown = names.length > NAMED ? [...names.slice(0, NAMED), `and ${names.length - NAMED} more`] : names;
  const sums = new Map<string, number>();
  for (const invoice of ids.map((id) => invoices.get(id))) {
    if (invoice) sums.set(invoice.currency, (sums.get(invoice.currency) ?? 0) + invoice.total);
  }
  const totals = [...sums].map(([currency, total]) => money(total, currency));
  return `${verb} ${ids.length} invoice${ids.length === 1 ? '' : 's'} (${shown.join(', ')}${totals.length > 0 ? `; ${totals.join(', ')}` : ''})?`;
}

/** A result as a person reads it: `INV-000008  8  open -> paid  A$940.50  done`. */
function displayRow(r: MarkResult): Record<string, unknown> {
  const change = r.status === 'failed' ? (r.before ?? '?') : `${r.before ?? '?'} -> ${r.after ?? '?'}`;
  return {
    invoice: r.number ?? `#${r.id}`,
    id: r.id,
    change,
    total: money(r.total, r.currency),
    status: r.status,
    message: r.message,
  };
}

/**
 * Prints the result lines: a table on a terminal, TSV in a pipe, the result objects with `--json`,
 * `--format ndjson` or `--fields`.
 *
 * @example
 * await printResults(c, plan, results);
 */
export async function printResults(f: Factory, plan: OutputPlan, results: readonly MarkResult[]): Promise<void> {
  const raw = plan.fields !== undefined || plan.format === 'json' || plan.format === 'ndjson';
  const rows = raw ? results : results.map(displayRow);
  f.io.stdout.write(
    await render(rows, {
      format: plan.format,
      ...(plan.fields ? { fields: plan.fields } : {}),
      ...(f.io.columns ? { columns: f.io.columns } : {}),
      colors: f.colors,
    }),
  );
}

/**
 * Prints the requests a run would send, one a line (`POST <url> <body>`), or as objects with `--json`.
 *
 * @example
 * await printPlanned(c, plan, [{ id: 8, request }]);
 */
export async function printPlanned(
  f: Factory,
  plan: OutputPlan,
  planned: readonly { id: number; request: ApiRequest }[],
): Promise<void> {
  const client = await f.client();
  const lines = planned.map(({ id, request }) => ({ id, request, preview: client.preview(request) }));
  if (plan.format === 'json' || plan.format === 'ndjson') {
    const objects = lines.map(({ id, request, preview }) => ({
      id,
      method: preview.method,
      url: preview.url,
      body: request.body ?? null,
      idempotency_key: request.idempotencyKey ?? null,
    }));
    f.io.stdout.write(await render(objects, { format: plan.format }));
  } else
    f.io.stdout.write(
      lines
        .map(
          ({ preview }) => `${preview.method} ${preview.url}${preview.body === undefined ? '' : ` ${preview.body}`}\n`,
        )
        .join(''),
    );
  if (!f.globals.quiet)
    f.io.stderr.write(
      `Dry run: ${planned.length} request${planned.length === 1 ? '' : 's'} planned; nothing was sent.\n`,
    );
}

/**
 * The exit code of a run: 0 when every invoice was done or unchanged, 3 when some failed, 1 when all
 * failed, 4 when the server refused the session (401/403), 130 when interrupted.
 *
 * @example
 * markExitCode([{ status: 'done' }, { status: 'failed' }], { stopped: false, interrupted: false }) // 3
 */
export function markExitCode(
  results: readonly Pick<MarkResult, 'status'>[],
  outcome: { readonly stopped: boolean; readonly interrupted: boolean },
): number {
  if (outcome.stopped) return EXIT.auth;
  if (outcome.interrupted) return EXIT.interrupted;
  const failed = results.filter((r) => r.status === 'failed').length;
  if (failed === 0) return EXIT.ok;
  return failed === results.length ? EXIT.requestFailed : EXIT.bulkPartial;
}
