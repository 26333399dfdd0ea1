/** Every school-administration route answers a plausible call without a server error, for each kind of caller. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../core/endpoints/index.js';
import { REAL_HANDLERS } from '../../../sandbox/routes/index.js';
import { samplePath } from '../helpers/sample-path.js';
import { testSandbox, type TestSandbox } from '../helpers/sandbox.js';

const PARAMS: Readonly<Record<string, string>> = {
  school_system: 'clever',
  x: 'generic',
  key: 'numbot',
  ident: 'LR0001',
};

let t: TestSandbox;
const tokens = new Map<string, string>();
beforeAll(async () => {
  t = testSandbox({ rateLimit: 1_000_000 });
  for (const who of ['superuser', 'admin', 'teacher', 'pupil', 'district']) tokens.set(who, await t.login(who));
});
afterAll(() => t.close());

describe('school administration routes', () => {
  const areas = new Set([
    'school',
    'pupils',
    'groups',
    'teachers-users',
    'deleted-users',
    'homework',
    'hives-leagues',
    'rewards',
    'districts',
    'rostering',
    'curricula-resources',
    'site',
  ]);
  const routes = ENDPOINTS.filter((e) => areas.has(e.area) && e.route in REAL_HANDLERS);

  it('covers the routes of the school-administration areas', () => {
    expect(routes.length).toBeGreaterThan(220);
  });

  it('never answer 5xx to an empty or small payload', async () => {
    const failures: string[] = [];
    for (const e of routes) {
      const path = samplePath(e, (name) => PARAMS[name] ?? '1');
      for (const [who, token] of tokens) {
        const res = await t.call(e.method, path, {
          token,
          ...(e.method === 'GET' || e.method === 'DELETE' ? {} : { body: {} }),
        });
        if (res.status >= 500) failures.push(`${who} ${e.method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
