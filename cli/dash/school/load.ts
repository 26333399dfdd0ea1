import type { EndpointEntries } from '../../../core/endpoints/index.js';
import type { ReplyOf } from '../../../core/endpoints/methods.js';
import type { EngagementRow, Homework, School, Snapshot, Subscription } from '../../../core/shapes/types.js';
import type { ApiMethods } from '../../../core/endpoints/methods.js';
import { readSchoolView, type SchoolView } from '../../commands/schools/school-view.js';
import type { Caller } from '../../read/caller.js';
import { collectPages } from '../../read/pages.js';
import { readSchool } from '../../read/reads.js';

import { together } from '../../read/together.js';
import { checkedAnswer } from '../../read/records.js';

/** One group's play counts, as `GET users/me/school/activity` answers them (its entry's reply). */
export type GroupActivity = ReplyOf<EndpointEntries['schools activity']>['groups'][number];

/** Everything the school dashboard shows, as read (`--json` prints it). */
export interface SchoolData {
  readonly today: string;
  readonly school: School;
  readonly subscriptions: readonly Subscription[];
  /** Homework of the school (its own admins only: the API has no superuser route to it). */
  readonly homework: readonly Homework[] | null;
  /** Plays per group in the last 7 and 30 days (its own admins). */
  readonly activity: readonly GroupActivity[] | null;
  /** The school's row of the latest engagement snapshot (superusers), with the snapshot's period. */
  readonly engagement: { readonly snapshot: Snapshot; readonly row: EngagementRow | null } | null;
  /** What `schools show` reads (superusers): unpaid invoices and their totals. */
  readonly view: SchoolView | null;
}

/**
 * The latest engagement snapshot computed, and this school's row of it (null when there is none yet).
 *
 * @example
 * const engagement = await latestEngagement(api, 1);
 */
export async function latestEngagement(api: ApiMethods, schoolId: number): Promise<SchoolData['engagement']> {
  const { snapshots } = await checkedAnswer(
    'snapshots list',
    await api.snapshots.list({ take: 20 }),
    'GET superuser/sales/reports/engagement/snapshots',
  );
  const snapshot = snapshots.find((s) => s.state === 'done');
  if (!snapshot) return null;
  const rows = await collectPages(
    (page) => api.snapshots.data({ id: snapshot.id, ...page }),
    'snapshots data',
    'data',
    `GET snapshots/${snapshot.id}/data`,
  );
  return { snapshot, row: rows.find((r) => r.school_id === schoolId) ?? null };
}

/**
 * A superuser's view of any school: `schools show`'s reads (school, subscriptions, unpaid invoices)
 * and the school's row of the latest engagement snapshot.
 *
 * @example
 * const data = await loadSchoolAsSuperuser(api, 1, new Date(), caller);
 */
export async function loadSchoolAsSuperuser(
  api: ApiMethods,
  id: number,
  now: Date,
  caller: Caller,
): Promise<SchoolData> {
  const today = now.toISOString().slice(0, 10);
  const [view, engagement] = await together([readSchoolView(api, id, today, caller), latestEngagement(api, id)]);
  return {
    today,
    school: view.school,
    subscriptions: view.subscriptions ?? [],
    homework: null,
    activity: null,
    engagement,
    view,
  };
}

/**
 * A school admin's view of their own school: the school with its counts, its subscriptions, its
 * homework and its groups' activity.
 *
 * @example
 * const data = await loadOwnSchool(api, 1, new Date());
 */
export async function loadOwnSchool(api: ApiMethods, id: number, now: Date): Promise<SchoolData> {
  const [school, subscriptions, homework, activity] = await together([
    readSchool(api, id),
    collectPages(
      (page) => api.schoolSubscriptions.list({ ...page }),
      'school-subscriptions list',
      'subscriptions',
      'GET users/me/school/subscriptions',
    ),
    api.homework.list().then(async (r) => (await checkedAnswer('homework list', r, 'GET homework')).homework),
    api.schools
      .activity()
      .then(async (r) => (await checkedAnswer('schools activity', r, 'GET users/me/school/activity')).groups),
  ]);
  return {
    today: now.toISOString().slice(0, 10),
    school,
    subscriptions,
    homework,
    activity,
    engagement: null,
    view: null,
  };
}
