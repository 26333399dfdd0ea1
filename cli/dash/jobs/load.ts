import { z } from 'zod';
import type { ApiMethods } from '../../../core/endpoints/methods.js';
import { answerOf } from '../../read/records.js';
import { together } from '../../read/together.js';
import { snapshotRecord, type SnapshotRecord } from '../school/records.js';
import { emailStatsRecord, jobRecord, type EmailStatsRecord, type JobRecord } from './records.js';

/** Everything the jobs dashboard shows, as read (`--json` prints it). */
export interface JobsData {
  readonly jobs: readonly JobRecord[];
  /** Engagement snapshots, to name the period each snapshot job computes. */
  readonly snapshots: readonly SnapshotRecord[];
  readonly email: EmailStatsRecord;
}

/**
 * Reads the background jobs, the engagement snapshots and the email statistics at the same time.
 *
 * @example
 * const data = await loadJobs(await c.api());
 */
export async function loadJobs(api: ApiMethods): Promise<JobsData> {
  const [jobs, snapshots, email] = await together([
    api.jobs.list().then((r) => answerOf(r.data, 'jobs', z.array(jobRecord), 'GET jobs')),
    api.snapshots.list({ take: 100 }).then((r) => answerOf(r.data, 'snapshots', z.array(snapshotRecord), 'GET superuser/sales/reports/engagement/snapshots')),
    api.emails.stats().then((r) => answerOf(r.data, 'stats', emailStatsRecord, 'GET email/stats')),
  ]);
  return { jobs, snapshots, email };
}
