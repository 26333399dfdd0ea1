/** `invoices reconcile --review`: the screen shown over the matched lines, and its decisions made the plan's. */
import { CliError, EXIT } from '../../errors/cli-error.js';
import type { Factory } from '../../factory/factory.js';
import { wantsColor } from '../../output/colors.js';
import { loadInk } from '../../ui/load-ink.js';
import type { Book, BookInvoice } from '../../../core/domain/reconcile/book.js';
import type { StatementLine } from '../../../core/domain/reconcile/line.js';
import { matchLines, type BookIndex, type Verdict } from '../../../core/domain/reconcile/match.js';
import type { ReconcileLine } from '../../../core/domain/reconcile/plan.js';
import { acceptanceProblem, acceptedVerdict } from './reconcile-accept.js';
import { rejectedVerdict, reviewItems, reviewOutcome, type AcceptCheck } from './reconcile-review.js';

export interface ReviewInput {
  readonly statementLines: readonly StatementLine[];
  /** The lines as matched (with `--accept`'s acceptances). */
  readonly lines: readonly ReconcileLine[];
  readonly book: Book;
  readonly index: BookIndex;
  /** `--accept`'s verdicts, by line position: they stand, as the person gave them. */
  readonly accepted: ReadonlyMap<number, Verdict>;
  readonly today: string;
}

/**
 * Shows the review screen and answers the plan's lines with its decisions: accepted lines confident with
 * the chosen invoices, rejected ones marking nothing, and every other line matched again around them (as
 * `--accept` does: a line whose invoice a person gave to another needs a person again). Leaving the
 * screen without writing (Esc, Ctrl-C) is exit 130 with nothing written, so a `&& edshed bulk apply`
 * after it does not apply an older plan.
 *
 * @example
 * lines = await reviewLines(c, { statementLines, lines, book, index, accepted, today });
 */
export async function reviewLines(c: Factory, input: ReviewInput): Promise<ReconcileLine[]> {
  const { statementLines, lines, book, index, accepted, today } = input;
  const terminal = c.io.terminal;
  if (terminal === undefined)
    throw new CliError('--review draws on a terminal, and this is not one; nothing was sent', EXIT.usage);
  const byId: ReadonlyMap<number, BookInvoice> = index.byId;
  const schools = new Map(book.schools.map((s) => [s.id, s.name] as const));
  const check: AcceptCheck = (item, ids) => {
    const invoices = ids.map((id) => byId.get(id));
    const missing = ids.find((_, k) => invoices[k] === undefined);
    if (missing !== undefined) return `invoice ${missing} is not among the invoices read`;
    return acceptanceProblem(statementLines[item.at] as StatementLine, invoices as BookInvoice[], index, today);
  };
  const items = reviewItems(lines, byId, (id) => schools.get(id));
  const { runInkReview } = await loadInk(() => import('../../ui/reconcile-review/ink-review.js'), process.env, {
    colour: wantsColor({ isTTY: true, env: c.env, flag: c.globals.color }),
  });
  const state = await runInkReview(items, check, terminal);
  if (state.done !== 'write')
    throw new CliError(
      `Left the review: no plan written (${state.decisions.size} decision${state.decisions.size === 1 ? '' : 's'} dropped); nothing was sent`,
      EXIT.interrupted,
    );
  const outcome = reviewOutcome(state);
  const fixed = new Map(accepted);
  for (const [at, decision] of outcome) {
    const line = lines[at] as ReconcileLine;
    fixed.set(
      at,
      decision.kind === 'reject'
        ? rejectedVerdict(line)
        : acceptedVerdict(
            line,
            decision.invoices.map((id) => byId.get(id) as BookInvoice),
            'accepted in the review',
          ),
    );
  }
  const verdicts = matchLines(statementLines, index, fixed, { today });
  if (!c.globals.quiet) {
    const counts = [...outcome.values()].reduce((n, d) => ({ ...n, [d.kind]: n[d.kind] + 1 }), {
      accept: 0,
      reject: 0,
    });
    c.io.stderr.write(
      `Reviewed: ${counts.accept} accepted, ${counts.reject} rejected, ${items.length - outcome.size} left as matched.\n`,
    );
  }
  return statementLines.map((line, k) => {
    const decision = outcome.get(k);
    const flags =
      decision?.kind === 'reject'
        ? { rejected: true }
        : decision !== undefined || accepted.has(k)
          ? { accepted: true }
          : {};
    return { ...line, ...(verdicts[k] as Verdict), ...flags };
  });
}
