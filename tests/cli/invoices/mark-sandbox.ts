/** An in-process sandbox and a fake factory whose client talks to it, for runMark tests. */
import { afterEach } from 'vitest';
import { createClient } from '../../../core/api/client.js';
import type { FetchLike } from '../../../core/api/types.js';
import { runMark, type MarkOptions } from '../../../cli/commands/invoices/mark-run.js';
import { createSandbox, type Sandbox } from '../../../sandbox/server/server.js';
import { fakeFactory, type FakeOptions } from '../../helpers/fake-factory.js';

export const BASE = 'http://sandbox.test/';
// Seed: 4 open £540.00, 8 open A$940.50, 6 open US$585.00 (card), 7 void, 2 promised, 10 paid.
export const PAID = { action: 'paid', method: 'bacs', date: '2026-11-02' } as const;
let sandbox: Sandbox | undefined;
afterEach(async () => sandbox?.close());

/**
 * A fresh seeded sandbox, signed in as `user`; `sent` lists every request after sign-in (`POST superuser/...`);
 * `answer`, when given, makes each of the sandbox's answers what the client reads (an API answering oddly).
 */
export async function setup(
  options: FakeOptions & {
    user?: string;
    afterWrite?: () => void;
    answer?: (url: string, response: Response) => Promise<Response>;
  } = {},
) {
  const box = createSandbox({ db: ':memory:', rateLimit: 100_000, now: () => new Date('2026-11-23T12:00:00Z') });
  sandbox = box;
  const sent: string[] = [];
  const fetch: FetchLike = async (input, init) => {
    const answered = await box.fetch(input, init);
    const response = options.answer ? await options.answer(String(input), answered) : answered;
    sent.push(`${init?.method ?? 'GET'} ${String(input).slice(BASE.length)}`);
    if (init?.method === 'POST' && !String(input).endsWith('/auth')) options.afterWrite?.();
    return response;
  };
  const client = createClient({ baseUrl: BASE, fetch, retry: { retries: 0 } });
  const login = await client.request<{ token: string }>({
    method: 'POST',
    path: 'auth',
    body: { username: options.user ?? 'superuser', password: 'sandbox' },
  });
  client.setToken(login.data.token);
  sent.length = 0;
  const f = fakeFactory({ client, ...options });
  /** How many times the sandbox applied a write to a target (`superuser/invoices/4/paid`). */
  const writes = async (target: string): Promise<number> => {
    const body = (await (await box.fetch(`${BASE}__sandbox/writes`)).json()) as {
      writes: { target: string; count: number }[];
    };
    return body.writes.find((w) => w.target === target)?.count ?? 0;
  };
  const states = async (): Promise<Record<number, string>> => {
    const response = await client.request<{ invoices: { id: number; state: string }[] }>({
      method: 'GET',
      path: 'subscriptions/invoices',
      query: { take: 100 },
    });
    return Object.fromEntries(response.data.invoices.map((i) => [i.id, i.state]));
  };
  return { f, sent, writes, states, posts: () => sent.filter((s) => s.startsWith('POST')) };
}

export const mark = (
  f: Parameters<typeof runMark>[0],
  options: Omit<MarkOptions, 'ids'> & { ids: (string | number)[] },
) => runMark(f, options);
