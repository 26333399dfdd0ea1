import { emptyLine, type Line, type Pane, type Row } from '../pane.js';
import type { Job } from '../../../core/shapes/types.js';
import type { JobsData } from './load.js';

const ACTIVE = ['running', 'queued', 'waiting', 'active', 'delayed'];
const percent = (rate: number | null | undefined): string =>
  typeof rate === 'number' ? `${Math.round(rate * 1000) / 10}%` : '?';

/** What a job is: the snapshot's period, or its kind and namespace. */
function jobWhat(job: Job, data: JobsData): string {
  const snapshot = data.snapshots.find((s) => s.job_id === job.id);
  return snapshot
    ? `snapshot ${snapshot.start} to ${snapshot.end}`
    : `${job.kind}${job.namespace_id ? ` (${job.namespace_id})` : ''}`;
}

function jobRow(job: Job, data: JobsData): Row {
  const what = jobWhat(job, data);
  return {
    key: `job-${job.id}`,
    id: job.id,
    text: `#${String(job.id).padEnd(3)} ${what.slice(0, 34).padEnd(34)} ${job.state.padEnd(7)}`,
    bar: job.progress / 100,
    after: `${Math.round(job.progress)}%`,
    note: job.error ?? undefined,
    tone:
      job.state === 'failed' ? 'bad' : ACTIVE.includes(job.state) ? 'warn' : job.state === 'done' ? undefined : 'dim',
  };
}

function jobsPane(title: string, jobs: readonly Job[], data: JobsData, none: string): Pane {
  const rows = jobs.map((j) => jobRow(j, data));
  return { title, summary: rows.length > 0 ? rows : [emptyLine(none)], rows };
}

/**
 * The failed jobs: what each is and its error, which is what a person reads them for; no progress bar,
 * so the error is not cut at 80 columns.
 */
function failedPane(jobs: readonly Job[], data: JobsData): Pane {
  const width = Math.min(34, Math.max(0, ...jobs.map((j) => jobWhat(j, data).length)));
  const rows = jobs.map((j): Row => ({
    ...jobRow(j, data),
    text: `#${String(j.id).padEnd(3)} ${jobWhat(j, data).slice(0, width).padEnd(width)} ${j.state}`,
    bar: undefined,
    after: undefined,
  }));
  return { title: 'Failed', summary: rows.length > 0 ? rows : [emptyLine('none')], rows };
}

function emailPane(data: JobsData): Pane {
  const e = data.email;
  const by = (status: keyof typeof e.by_status) => e.by_status[status];
  const bounced = by('bounced');
  const summary: Line[] = [
    { text: `${e.total} sent · ${by('delivered')} delivered · ${by('opened')} opened · ${by('failed')} failed` },
    { text: `${bounced} bounced · ${e.suppressions} addresses suppressed`, tone: bounced > 0 ? 'warn' : undefined },
    { text: `delivery rate ${percent(e.delivery_rate)} · open rate ${percent(e.open_rate)}`, bar: e.delivery_rate },
  ];
  return {
    title: 'Email statistics',
    summary,
    rows: summary.map((l, i) => ({ ...l, key: `email-${i}` })),
    counted: false,
  };
}

/**
 * The jobs dashboard's panes: jobs running or queued with progress bars, engagement snapshot jobs,
 * failed jobs, every job, and email statistics.
 *
 * @example
 * jobsPanes(data).map((p) => p.title) // ['Running and queued', 'Engagement snapshots', ...]
 */
export function jobsPanes(data: JobsData): Pane[] {
  const newest = [...data.jobs].sort((a, b) => b.id - a.id);
  return [
    jobsPane(
      'Running and queued',
      newest.filter((j) => ACTIVE.includes(j.state)),
      data,
      'nothing running',
    ),
    jobsPane(
      'Engagement snapshot jobs',
      newest.filter((j) => j.kind === 'engagement-snapshot'),
      data,
      'none yet (edshed snapshots create)',
    ),
    failedPane(
      newest.filter((j) => j.state === 'failed'),
      data,
    ),
    emailPane(data),
    jobsPane('All jobs', newest, data, 'none'),
  ];
}
