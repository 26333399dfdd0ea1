import { z } from 'zod';
import type { ApiMethods } from '../../../core/endpoints/methods.js';
import { readSchoolView, type SchoolView } from '../../commands/schools/school-view.js';
import type { Caller } from '../../read/caller.js';
import { collectPages } from '../../read/pages.js';
import { readSchool } from '../../read/reads.js';
import { answerOf, subscriptionRecord, type SchoolRecord, type SubscriptionRecord } from '../../read/records.js';
import { together } from '../../read/together.js';
import { engagementRecord, groupActivityRecord, homeworkRecord, snapshotRecord, type EngagementRecord, type GroupActivityRecord, type HomeworkRecord, type SnapshotRecord } from './records.js';

/** Everything the school dashboard shows, as read (`--json` prints it). */
export interface SchoolData {
  readonly today: string;
  readonly school: SchoolRecord;
  readonly subscriptions: readonly SubscriptionRecord[];
  /** Homework of the school (its own admins only: the API has no superuser route to it). */
  readonly homework: readonly HomeworkRecord[] | null;
  /** Plays per group in the last 7 and 30 days (its own admins). */
  readonly activity: readonly GroupActivityRecord[] | null;
  /** The school's row of the latest engagement snapshot (superusers), with the snapshot's period. */
  readonly engagement: { readonly snapshot: SnapshotRecord; readonly row: EngagementRecord | null } | null;
  /** What `schools show` reads (superusers): unpaid invoices and their totals. */
  readonly view: SchoolView | null;
}

const list = <T>(key: string, schema: z.ZodType<T>, call: string) => (r: { readonly data: unknown }): T[] => answerOf(r.data, key, z.array(schema), call);

/**
 * The latest engagement snapshot computed, and this school's row of it (null when there is none yet).
 *
 * @example
 * const engagement = await latestEngagement(api, 1);
 */
export async function latestEngagement(api: ApiMethods, schoolId: number): Promise<SchoolData['engagement']> {
  const snapshots = await api.snapshots.list({ take: 20 }).then(list('snapshots', snapshotRecord, 'GET superuser/sales/reports/engagement/snapshots'));
  const snapshot = snapshots.find((s) => s.state === 'done');
  if (!snapshot) return null;
  const rows = await collectPages((page) => api.snapshots.data({ id: snapshot.id, ...page }), 'data', engagementRecord, `GET snapshots/${snapshot.id}/data`);
  return { snapshot, row: rows.find((r) => r.school_id === schoolId) ?? null };
}

/**
 * A superuser's view of any school: `schools show`'s reads (school, subscriptions, unpaid invoices)
 * and the school's row of the latest engagement snapshot.
 *
 * @example
 * const data = await loadSchoolAsSuperuser(api, 1, new Date(), caller);
 */
export async function loadSchoolAsSuperuser(api: ApiMethods, id: number, now: Date, caller: Caller): Promise<SchoolData> {
  const today = now.toISOString().slice(0, 10);
  const [view, engagement] = await together([readSchoolView(api, id, today, caller), latestEngagement(api, id)]);
  return { today, school: view.school, subscriptions: view.subscriptions ?? [], homework: null, activity: null, engagement, view };
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
    collectPages((page) => api.schoolSubscriptions.list({ ...page }), 'subscriptions', subscriptionRecord, 'GET users/me/school/subscriptions'),
    api.homework.list().then(list('homework', homeworkRecord, 'GET homework')),
    api.schools.activity().then(list('groups', groupActivityRecord, 'GET users/me/school/activity')),
  ]);
  return { today: now.toISOString().slice(0, 10), school, subscriptions, homework, activity, engagement: null, view: null };
}
