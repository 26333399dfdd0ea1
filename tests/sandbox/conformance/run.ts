/**
 * Sends one area's requests to a fresh seeded sandbox, reads first, then writes, destructive ones last
 * (a delete-all last of all), so a write does not take away what a later read of the area needs.
 */
import type { Endpoint } from '../../../core/endpoints/index.js';
import { replyFlags } from '../../../core/shapes/reply.js';
import type { SandboxOptions } from '../../../sandbox/server/server.js';
import { testSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { CASES } from './cases.js';
import { ensureRecords, type Owner } from './generic-records.js';
import { requestOf, type Caller, type Request } from './requests.js';

/** What one entry's request got back, or why it was not sent. */
export interface Outcome {
  readonly endpoint: Endpoint;
  readonly request: Request;
  readonly status: number;
  readonly body: unknown;
  /** Set when the entry was not sent: why the demo seed cannot answer it. */
  readonly skipped?: string;
  /** The query flag this request set, for a reply that varies with one (`byFlag`): a second request of the entry. */
  readonly flag?: string;
}

const CALLERS: readonly Exclude<Caller, 'none'>[] = [
  'superuser',
  'admin',
  'teacher',
  'pupil',
  'parent',
  'district',
  'sales',
];

function rank(endpoint: Endpoint): number {
  if (CASES[endpoint.command]?.late) return 2.5;
  if (endpoint.method === 'GET') return 0;
  if (!endpoint.destructive && endpoint.method !== 'DELETE') return 1;
  return /(?:-all|-many)$/.test(endpoint.command) ? 3 : 2;
}

async function signIn(t: TestSandbox): Promise<Map<Caller, { token: string; owner: Owner }>> {
  const signed = new Map<Caller, { token: string; owner: Owner }>();
  for (const caller of CALLERS) {
    const res = await t.call('POST', 'auth', { body: { username: caller, password: 'sandbox' } });
    const user = res.body.user as { id: number; school: { id: number } | null };
    signed.set(caller, { token: res.body.token as string, owner: { id: user.id, schoolId: user.school?.id ?? null } });
  }
  return signed;
}

function queryOf(payload: Readonly<Record<string, unknown>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(payload).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );
}

/**
 * Sends each entry's request (as `cases.ts` and the defaults build it) to a fresh sandbox (the demo seed
 * unless `options.seed` says otherwise).
 *
 * @example
 * const outcomes = await runArea(ENDPOINTS.filter((e) => e.area === 'vat'));
 */
export async function runArea(
  endpoints: readonly Endpoint[],
  options: Pick<SandboxOptions, 'seed'> = {},
): Promise<Outcome[]> {
  const t = testSandbox({ rateLimit: 1_000_000_000, now: () => new Date('2026-11-24T12:00:00Z'), ...options });
  try {
    const signed = await signIn(t);
    const outcomes: Outcome[] = [];
    for (const endpoint of [...endpoints].sort((a, b) => rank(a) - rank(b))) {
      const c = CASES[endpoint.command] ?? {};
      const request = requestOf(endpoint, c);
      if (c.skip !== undefined || endpoint.route === 'DELETE auth') {
        outcomes.push({
          endpoint,
          request,
          status: 0,
          body: null,
          skipped: c.skip ?? 'ends the session the other requests use',
        });
        continue;
      }
      const who = request.caller === 'none' ? undefined : signed.get(request.caller);
      ensureRecords(t.sandbox.db, endpoint, request.params, who?.owner ?? { id: null, schoolId: null });
      c.setup?.(t.sandbox.db);
      const query = endpoint.method === 'GET' || endpoint.method === 'DELETE';
      const token = who ? { token: who.token } : {};
      const res = await t.call(endpoint.method, request.path, {
        ...token,
        ...(query ? { query: queryOf(request.payload) } : { body: request.payload }),
      });
      outcomes.push({ endpoint, request, status: res.status, body: res.body });
      for (const flag of replyFlags(endpoint.reply ?? {})) {
        const flagged = { ...request, payload: { ...request.payload, [flag]: true } };
        const again = await t.call(endpoint.method, request.path, {
          ...token,
          ...(query ? { query: queryOf(flagged.payload) } : { body: flagged.payload }),
        });
        outcomes.push({ endpoint, request: flagged, status: again.status, body: again.body, flag });
      }
    }
    return outcomes;
  } finally {
    await t.close();
  }
}
