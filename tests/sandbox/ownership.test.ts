/**
 * Whose record it is, generated from the endpoint table: every route of the generic store that names a
 * record, a user, a group or a school in its path is called by users of school 1 (teacher, pupil, admin,
 * and a guest) on school 2's: each must answer 404, exactly like a missing one, and change nothing; the
 * record's owner then makes the same call and is answered. Lists of shared collections must not show
 * school 2's private records, and a record addressed by id in the body is not reached either. Only routes
 * whose entry says `reach: 'everyone'` (the catalogue) may cross schools.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, type Endpoint } from '../../core/endpoints/index.js';
import { createRecord } from '../../sandbox/generic/records.js';
import { genericTable, shapeOf } from '../../sandbox/generic/shape.js';
import { servedGenerically } from '../../sandbox/routes/areas.js';
import {
  passesRole,
  plantPath,
  recordsSnapshot,
  schoolTwo,
  signIn,
  type Caller,
  type SchoolTwo,
} from './helpers/ownership.js';
import { asQuery, samplePayload } from './helpers/sample-payload.js';
import { testSandbox, type CallResult, type TestSandbox } from './helpers/sandbox.js';

const table = genericTable(ENDPOINTS);
const GENERIC = ENDPOINTS.filter(servedGenerically);
const ATTACKERS = ['teacher', 'pupil', 'admin', 'guest'] as const;
/** Each test makes hundreds of calls: a limit for a machine under load, not a claim about speed. */
const MANY_CALLS = 180_000;

/** Routes that name something in their path, and do not say they cross schools. */
const PATH_ROUTES = GENERIC.filter(
  (e) => e.params.length > 0 && e.reach !== 'everyone' && shapeOf(e, table.collections).scope.kind !== 'me',
);
/** Shared collections (no parameter) read or written by id in the payload. */
const SHARED = GENERIC.filter(
  (e) => e.params.length === 0 && e.reach !== 'everyone' && shapeOf(e, table.collections).scope.kind === 'shared',
);

function send(
  t: TestSandbox,
  endpoint: Endpoint,
  path: string,
  caller: Caller,
  extra: Readonly<Record<string, unknown>> = {},
): Promise<CallResult> {
  const payload = samplePayload(endpoint, { title: 'changed by school 1', ...extra });
  const query = endpoint.method === 'GET' || endpoint.method === 'DELETE';
  return t.call(endpoint.method, path, {
    token: caller.token,
    ...(query ? { query: asQuery({ ...payload, ...extra }) } : { body: payload }),
  });
}

describe('ownership across schools, from the endpoint table', () => {
  let t: TestSandbox;
  let two: SchoolTwo;
  const callers = new Map<string, Caller>();
  const caller = (name: string): Caller => callers.get(name) as Caller;

  beforeAll(async () => {
    t = testSandbox({ rateLimit: 1_000_000 });
    two = schoolTwo(t);
    for (const name of [...ATTACKERS, 'teacher2a', 'teacher2b', 'superuser']) callers.set(name, await signIn(t, name));
  });
  afterAll(() => t.close());

  it(
    'answers 404 and changes nothing when school 1 names school 2’s record, user, group or school, on every such route',
    async () => {
      const leaks: string[] = [];
      const covered: string[] = [];
      const ownerRefused: string[] = [];
      for (const endpoint of PATH_ROUTES) {
        const path = plantPath(t, table, two, endpoint) as string;
        let attacked = false;
        for (const name of ATTACKERS) {
          if (!passesRole(caller(name), endpoint)) continue;
          const before = recordsSnapshot(t);
          const res = await send(t, endpoint, path, caller(name));
          if (res.status !== 404) leaks.push(`${endpoint.route} as ${name}: ${res.status}`);
          else if (recordsSnapshot(t) !== before) leaks.push(`${endpoint.route} as ${name}: 404 but a record changed`);
          attacked = true;
        }
        const owner = [caller('teacher2a'), caller('superuser')].find((c) => passesRole(c, endpoint)) as Caller;
        const res = await send(t, endpoint, path, owner);
        if (res.status >= 400)
          ownerRefused.push(`${endpoint.route} as ${owner.name}: ${res.status} ${JSON.stringify(res.body)}`);
        else if (attacked) covered.push(endpoint.route);
      }
      console.info(
        `ownership: ${covered.length} of ${PATH_ROUTES.length} generic routes that name a record, user, group or school were attacked from school 1 and answered their owner`,
      );
      expect(leaks).toEqual([]);
      expect(ownerRefused).toEqual([]);
      // Every route is attacked by someone its role lets in, except those only superusers may call.
      expect(PATH_ROUTES.filter((e) => !covered.includes(e.route)).every((e) => e.role === 'superuser')).toBe(true);
      expect(covered.length).toBeGreaterThan(100);
    },
    MANY_CALLS,
  );

  it(
    'keeps a record of `own` reach from another user of the same school, and lets a colleague reach one of `school` reach',
    async () => {
      const refused: string[] = [];
      const colleague = caller('teacher2b');
      let checked = 0;
      for (const endpoint of PATH_ROUTES.filter(
        (e) => passesRole(colleague, e) && shapeOf(e, table.collections).scope.kind === 'shared',
      )) {
        const path = plantPath(t, table, two, endpoint) as string;
        const before = recordsSnapshot(t);
        const res = await send(t, endpoint, path, colleague);
        const expected = endpoint.reach === 'own' ? 404 : 'answered';
        const got = res.status === 404 ? 404 : res.status < 400 ? 'answered' : res.status;
        if (got !== expected) refused.push(`${endpoint.route} (${endpoint.reach}) as a colleague: ${res.status}`);
        if (expected === 404 && recordsSnapshot(t) !== before)
          refused.push(`${endpoint.route}: 404 but a record changed`);
        checked += 1;
      }
      expect(refused).toEqual([]);
      expect(checked).toBeGreaterThan(50);
    },
    MANY_CALLS,
  );

  it(
    'does not list school 2’s private records in shared collections, nor reach them by an id in the payload',
    async () => {
      const leaks: string[] = [];
      let checked = 0;
      for (const endpoint of SHARED) {
        const collection = shapeOf(endpoint, table.collections).collection.join('/');
        const record = createRecord(t.sandbox.db, {
          collection,
          ownerId: two.owner,
          schoolId: 2,
          data: { title: 'school 2 private' },
          now: new Date(),
        });
        for (const name of ATTACKERS) {
          if (!passesRole(caller(name), endpoint)) continue;
          const before = recordsSnapshot(t, record.id);
          const byId =
            endpoint.method === 'DELETE'
              ? { ids: String(record.id) }
              : endpoint.method === 'GET'
                ? {}
                : { id: record.id };
          const res = await send(t, endpoint, endpoint.path, caller(name), endpoint.method === 'POST' ? {} : byId);
          if (JSON.stringify(res.body).includes('school 2 private'))
            leaks.push(`${endpoint.route} as ${name}: shows the record`);
          if (recordsSnapshot(t, record.id) !== before)
            leaks.push(`${endpoint.route} as ${name}: changed it (${res.status})`);
          checked += 1;
        }
      }
      expect(leaks).toEqual([]);
      expect(checked).toBeGreaterThan(100);
    },
    MANY_CALLS,
  );
});
