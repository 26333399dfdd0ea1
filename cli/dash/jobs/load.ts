import type { EndpointEntries } from '../../../core/endpoints/index.js';
import type { ApiMethods, ReplyOf } from '../../../core/endpoints/methods.js';
import type { Job, Snapshot } from '../../../core/shapes/types.js';
import { checkedAnswer } from '../../read/records.js';
import { together } from '../../read/together.js';

/** The email figures, as `GET email/stats` answers them (its entry's reply). */
export type EmailStats = ReplyOf<EndpointEntries['emails stats']>['stats'];

/** Everything the jobs dashboard shows, as read (`--json` prints it). */
export interface JobsData {
  readonly jobs: readonly Job[];
  /** Engagement snapshots, to name the period each snapshot job computes. */
  readonly snapshots: readonly Snapshot[];
  readonly email: EmailStats;
}

/**
 * Reads the background jobs, the engagement snapshots and the email statistics at the same time.
 *
 * @example
 * const data = await loadJobs(await c.api());
 */
export async function loadJobs(api: ApiMethods): Promise<JobsData> {
  const [jobs, snapshots, email] = await together([
    api.jobs.list().then(async (r) => (await checkedAnswer('jobs list', r, 'GET jobs')).jobs),
    api.snapshots
      .list({ take: 100 })
      .then(
        async (r) =>
          (await checkedAnswer('snapshots list', r, 'GET superuser/sales/reports/engagement/snapshots')).snapshots,
      ),
    api.emails.stats().then(async (r) => (await checkedAnswer('emails stats', r, 'GET email/stats')).stats),
  ]);
  return { jobs, snapshots, email };
}
