/** `runs show` for a person: the run's title and counts, its settings, each item not done a line with its reason whole. */
import type { JournalProblem } from '../../bulk/journal-state.js';
import { wrap } from '../../output/fit.js';
import { listLines, type View, type ViewSection } from '../../output/view.js';

/** The run's facts as `runs show` gathers them from the journal. */
export interface RunFacts {
  readonly id: string;
  readonly command: string;
  readonly file: string;
  readonly created: string;
  readonly api: string;
  readonly profile: string;
  readonly concurrency: number | null;
  readonly rate: number | null;
  readonly resumes: number;
  readonly items: number;
  readonly pending: number;
  readonly done: number;
  readonly failed: number;
  readonly unknown: number;
  readonly skipped: number;
  /** Items not done without a line in the journal: the run stopped before it reached them. */
  readonly never_sent: number;
  readonly journal: string;
}

/**
 * The run as a view: the run id whole in the title, what it ran and where, then each item not done on a
 * line (its index and file line, natural key, status, HTTP status) with its reason whole under it, and the resume command.
 *
 * @example
 * renderView(runView(run, problems, 80), 80, colors)
 */
export function runView(run: RunFacts, problems: readonly JournalProblem[], width: number): View {
  const counts = (['done', 'failed', 'unknown', 'skipped', 'pending'] as const)
    .filter((k) => k === 'done' || run[k] > 0)
    .map((k) => `${run[k]} ${k}`);
  const lines = listLines(
    problems.map((p) => ({
      item: `#${p.index} line ${p.line}`,
      key: p.key ?? '',
      status: p.status,
      http: p.http_status ? `HTTP ${p.http_status}` : '',
      request: p.request_id ?? '',
    })),
    ['item', 'key', 'status', 'http', 'request'],
    width,
    { request: 2 },
  );
  // Each item's line, then its reason whole, wrapped under it.
  const items = problems.flatMap((p, i) => [
    lines[i] as string,
    ...(p.message ? wrap(p.message, width - 6).map((l) => `      ${l}`) : []),
  ]);
  const resume =
    run.failed + run.unknown + run.pending > 0
      ? [`Resume it: edshed runs resume ${run.id}${run.failed > 0 ? ' --retry-failed' : ''}`]
      : [];
  return {
    title: `Run ${run.id} · ${run.command} · ${counts.join(', ')} of ${run.items}`,
    facts: [
      ['file', run.file],
      ['started', run.created.replace(/\.\d+Z$/, 'Z')],
      ['api', `${run.api} (profile ${run.profile})`],
      [
        'settings',
        [
          run.concurrency === null ? undefined : `concurrency ${run.concurrency}`,
          run.rate === null ? undefined : `rate ${run.rate}/s`,
        ]
          .filter(Boolean)
          .join(' · '),
      ],
      ['resumed', run.resumes > 0 ? `${run.resumes} time${run.resumes === 1 ? '' : 's'}` : undefined],
      ['journal', run.journal],
    ],
    sections: problems.length + run.never_sent > 0 ? [notDone(items, problems.length, run.never_sent)] : [],
    next: resume,
  };
}

/** The section of the items not done: each listed one, and how many more the run never sent (no line to show). */
function notDone(lines: readonly string[], listed: number, neverSent: number): ViewSection {
  const items = (n: number) => `${n} item${n === 1 ? '' : 's'}`;
  const never = `${neverSent === 1 ? 'was' : 'were'} never sent`;
  if (listed === 0) return { heading: 'Not done', lines: [], empty: `${items(neverSent)} ${never}` };
  return {
    heading: 'Not done',
    lines,
    count: listed + neverSent,
    ...(neverSent > 0 ? { notes: [`and ${neverSent} more ${neverSent === 1 ? 'item' : 'items'} ${never}`] } : {}),
  };
}
