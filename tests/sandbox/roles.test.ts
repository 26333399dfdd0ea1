/**
 * The role matrix, generated from the endpoint table: every route is called by every seeded account, by a
 * guest (an anonymous session from POST authanon) and without a token, and must refuse exactly the callers
 * its role excludes. Handlers are stubbed so the test measures the server's enforcement alone, not what
 * each handler then does with the input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, type Endpoint, type Role } from '../../core/endpoints/index.js';
import type { Handler, HandlerMap } from '../../sandbox/kit/handler.js';
import { createRouter } from '../../sandbox/server/router.js';
import { knownName } from '../../sandbox/domain/path-names.js';
import { samplePath } from './helpers/sample-path.js';
import { testSandbox, type TestSandbox } from './helpers/sandbox.js';

const ok: Handler = () => ({ body: { ok: true } });
const SIGN_INS = new Set(['POST auth', 'POST authanon']);
const STUBS = Object.fromEntries(
  ENDPOINTS.filter((e) => !SIGN_INS.has(e.route)).map((e) => [e.route, ok]),
) as Partial<HandlerMap>;

/** Who passes each role among the seeded accounts. */
const ALLOWED: Readonly<Record<Role, readonly string[]>> = {
  public: ['superuser', 'admin', 'teacher', 'pupil', 'parent', 'district', 'sales', 'guest', 'anonymous'],
  user: ['superuser', 'admin', 'teacher', 'pupil', 'parent', 'district', 'sales', 'guest'],
  pupil: ['superuser', 'pupil'],
  parent: ['superuser', 'parent'],
  teacher: ['superuser', 'admin', 'teacher'],
  admin: ['superuser', 'admin'],
  district: ['superuser', 'district'],
  employee: ['superuser', 'sales'],
  superuser: ['superuser'],
};
const CALLERS = [
  'superuser',
  'admin',
  'teacher',
  'pupil',
  'parent',
  'district',
  'sales',
  'guest',
  'anonymous',
] as const;

/** A path that reaches the row itself: rostering providers by name, other providers a name the sandbox knows, ids 1, other names a word. */
function pathOf(endpoint: Endpoint): string {
  return samplePath(
    endpoint,
    (name) => knownName(endpoint.path, name) ?? (/id$|^id|^(?:a|b|c|sub|key|ident)$/i.test(name) ? '1' : 'sample'),
  );
}

describe('role matrix from the endpoint table', () => {
  let t: TestSandbox;
  const tokens = new Map<string, string>();
  const router = createRouter(ENDPOINTS);

  beforeAll(async () => {
    t = testSandbox({ rateLimit: 1_000_000, handlers: STUBS });
    for (const caller of CALLERS)
      if (caller !== 'anonymous' && caller !== 'guest') tokens.set(caller, await t.login(caller));
    const guest = await t.call('POST', 'authanon');
    tokens.set('guest', guest.body.token as string);
  });
  afterAll(() => t.close());

  it('has routes of every role to check', () => {
    const roles = new Set(ENDPOINTS.map((e) => e.role));
    expect([...roles].sort()).toEqual(expect.arrayContaining(['public', 'superuser', 'teacher', 'user']));
  });

  it('gives routes that share a shape the same role, so the route that answers enforces the right one', () => {
    for (const [hidden, shown] of router.shadowed) {
      const a = ENDPOINTS.find((e) => e.route === hidden);
      const b = ENDPOINTS.find((e) => e.route === shown);
      expect(a?.role, `${hidden} vs ${shown}`).toBe(b?.role);
    }
  });

  it('refuses superuser-only routes to teacher, admin and pupil tokens with 403', async () => {
    const leaks: string[] = [];
    for (const endpoint of ENDPOINTS.filter((e) => e.role === 'superuser')) {
      for (const caller of ['teacher', 'admin', 'pupil']) {
        const res = await t.call(endpoint.method, pathOf(endpoint), { token: tokens.get(caller) as string });
        if (res.status !== 403) leaks.push(`${endpoint.route} as ${caller}: ${res.status}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it('refuses every non-public route without a token with 401', async () => {
    const leaks: string[] = [];
    for (const endpoint of ENDPOINTS.filter((e) => e.role !== 'public')) {
      const res = await t.call(endpoint.method, pathOf(endpoint));
      if (res.status !== 401 || res.body.error !== 'Unauthorised') leaks.push(`${endpoint.route}: ${res.status}`);
    }
    expect(leaks).toEqual([]);
  });

  it('reaches every row of the table through its own path', () => {
    const elsewhere = ENDPOINTS.filter((e) => router.match(e.method, pathOf(e))?.endpoint.route !== e.route).map(
      (e) => e.route,
    );
    expect(elsewhere).toEqual([]);
    expect(ENDPOINTS).toHaveLength(778); // the 777 rows of endpoints.tsv and DELETE auth (logout; see the coverage test)
  });

  it('lets through exactly the callers each role names, and refuses the others: 403 with a session, 401 without', async () => {
    const wrong: string[] = [];
    for (const endpoint of ENDPOINTS) {
      for (const caller of CALLERS) {
        const token = tokens.get(caller);
        const res = await t.call(endpoint.method, pathOf(endpoint), token ? { token } : {});
        const allowed = ALLOWED[endpoint.role].includes(caller);
        const ok = allowed ? ![401, 403, 404].includes(res.status) : res.status === (token ? 403 : 401);
        if (!ok) wrong.push(`${endpoint.route} as ${caller}: ${res.status} (${endpoint.role})`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
