/**
 * Unknown parents, generated from the endpoint table: every write (POST, PUT, PATCH) whose path names a
 * parent (a record, user, group, school or provider the call acts on or creates something under) is
 * called with a made-up value there, by a caller its role lets in, and must answer 404 and write nothing,
 * exactly as a missing record does everywhere else. The record a PUT names last is not a parent: PUT
 * creates it under that key when it is missing (sandbox/generic/store.ts), so it gets a fresh key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, type Endpoint, type Role } from '../../core/endpoints/index.js';
import { ROSTER_PROVIDERS } from '../../sandbox/domain/rostering/roster-providers.js';
import { samplePath } from './helpers/sample-path.js';
import { samplePayload } from './helpers/sample-payload.js';
import { testSandbox, writeCount, type TestSandbox } from './helpers/sandbox.js';
import { scalarOf } from './helpers/sql.js';

/** A caller of each role, of school 1 where the role has a school (a superuser has none to create under). */
const CALLER: Readonly<Record<Role, string>> = {
  public: 'admin',
  user: 'admin',
  teacher: 'admin',
  admin: 'admin',
  pupil: 'pupil',
  parent: 'parent',
  district: 'district',
  employee: 'sales',
  superuser: 'superuser',
};
const MADE_UP = '999999';
/** Each test makes a call per route: a limit for a machine under load, not a claim about speed. */
const MANY_CALLS = 120_000;

/** The key a PUT names last (`PUT lists/{id}/words/{wordId}`: `wordId`): the record it replaces or creates. */
function ownKey(endpoint: Endpoint): string | undefined {
  const last = /\/\{([^}/]+)\}$/.exec(endpoint.path)?.[1];
  return endpoint.method === 'PUT' ? last : undefined;
}

/** The path parameters that name a parent: not a rostering placeholder (its one value is the route itself), not a PUT's own key. */
function parents(endpoint: Endpoint): string[] {
  return endpoint.params.filter((name) => !(name in ROSTER_PROVIDERS) && name !== ownKey(endpoint));
}

const WRITES = ENDPOINTS.filter((e) => ['POST', 'PUT', 'PATCH'].includes(e.method) && parents(e).length > 0);

describe('a made-up parent in the path, from the endpoint table', () => {
  let t: TestSandbox;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    t = testSandbox({ rateLimit: 1_000_000 });
    for (const name of new Set(Object.values(CALLER))) tokens.set(name, await t.login(name));
  });
  afterAll(() => t.close());

  it(
    'answers 404 and writes nothing on every write under a parent that does not exist',
    async () => {
      const wrong: string[] = [];
      for (const endpoint of WRITES) {
        const own = ownKey(endpoint);
        const path = samplePath(endpoint, (name) => (name === own ? 'fresh-key' : MADE_UP));
        const records = scalarOf<number>(t.sandbox.db, 'SELECT COUNT(*) FROM records');
        const res = await t.call(endpoint.method, path, {
          token: tokens.get(CALLER[endpoint.role]) as string,
          body: samplePayload(endpoint),
        });
        if (res.status !== 404)
          wrong.push(`${endpoint.route} as ${CALLER[endpoint.role]}: ${res.status} ${String(res.body.message)}`);
        else if (
          (await writeCount(t, endpoint.route)) > 0 ||
          scalarOf<number>(t.sandbox.db, 'SELECT COUNT(*) FROM records') !== records
        )
          wrong.push(`${endpoint.route}: 404 but it wrote`);
      }
      expect(wrong).toEqual([]);
      expect(WRITES.length).toBeGreaterThan(150);
    },
    MANY_CALLS,
  );
});
