/**
 * What the move warnings are judged on, read before anything is written: for one move, the school it
 * leaves's subscriptions (one list); for a bulk run, one walk of the subscription list and each school
 * named once, whatever the number of rows.
 */
import type { ApiMethods } from '../../../core/endpoints/methods.js';
import type { School, Subscription } from '../../../core/shapes/types.js';
import { collectPages } from '../../read/pages.js';
import { readSchool } from '../../read/reads.js';
import { destinationText, moveWarnings, type MoveWarning, type PlannedMove } from './move-warnings.js';

/** Schools read at once. */
const SCHOOL_READS = 4;

/**
 * Every subscription of one school (`GET schoolsubscriptions?school_id=`), a page at a time.
 *
 * @example
 * const subs = await schoolSubscriptions(api, 1);
 */
export async function schoolSubscriptions(api: ApiMethods, schoolId: number): Promise<Subscription[]> {
  return collectPages(
    (page) => api.subscriptions.list({ school_id: schoolId, ...page }),
    'subscriptions list',
    'subscriptions',
    'GET schoolsubscriptions',
  );
}

/**
 * The warnings of one move, its subscription and both schools already read: one more read, the list of
 * the school it leaves.
 *
 * @example
 * const warnings = await singleMoveWarnings(api, { sub, from, to });
 */
export async function singleMoveWarnings(api: ApiMethods, move: PlannedMove): Promise<MoveWarning[]> {
  return moveWarnings([move], await schoolSubscriptions(api, move.from.id));
}

/** Schools by id, each read once, a few at a time; one not found is left out (the row's own run says so). */
async function readSchools(api: ApiMethods, ids: readonly number[]): Promise<Map<number, School>> {
  const schools = new Map<number, School>();
  for (let start = 0; start < ids.length; start += SCHOOL_READS) {
    const part = ids.slice(start, start + SCHOOL_READS);
    const read = await Promise.all(part.map((id) => readSchool(api, id).catch(() => undefined)));
    for (const school of read) if (school) schools.set(school.id, school);
  }
  return schools;
}

/** What a bulk run of moves would change besides the school ids, and where it moves them. */
export interface BulkMoveWarnings {
  readonly warnings: readonly MoveWarning[];
  /** `to Maple Elementary School (school 2, US)`: the schools moved to, for the prompt. */
  readonly destination: string | undefined;
}

/**
 * The warnings of a bulk run's moves, judged together (a school keeps access when another row moves a
 * subscription of the product in): one walk of `GET schoolsubscriptions`, then each school once. Rows
 * whose subscription or school is not found, or already at that school, give none.
 *
 * @example
 * const { warnings, destination } = await bulkMoveWarnings(api, [{ id: 13, to: 2 }]);
 */
export async function bulkMoveWarnings(
  api: ApiMethods,
  rows: Iterable<{ readonly id: number; readonly to: number }>,
): Promise<BulkMoveWarnings> {
  const wanted = [...rows];
  const all = await collectPages(
    (page) => api.subscriptions.list({ ...page }),
    'subscriptions list',
    'subscriptions',
    'GET schoolsubscriptions',
  );
  const byId = new Map(all.map((s) => [s.id, s]));
  const schoolIds = new Set<number>();
  for (const row of wanted) {
    schoolIds.add(row.to);
    const sub = byId.get(row.id);
    if (sub) schoolIds.add(sub.school_id);
  }
  const schools = await readSchools(api, [...schoolIds]);
  const moves: PlannedMove[] = wanted.flatMap((row) => {
    const sub = byId.get(row.id);
    const from = sub && schools.get(sub.school_id);
    const to = schools.get(row.to);
    return sub && from && to && from.id !== to.id ? [{ sub, from, to }] : [];
  });
  const sources = new Set(moves.map((m) => m.from.id));
  const destinations = wanted.flatMap((row) => schools.get(row.to) ?? []);
  return {
    warnings: moveWarnings(
      moves,
      all.filter((s) => sources.has(s.school_id)),
    ),
    destination: destinations.length > 0 ? destinationText(destinations) : undefined,
  };
}
