import type { FetchLike } from '../../../../core/api/index.js';

/** One call the fake fetch received, with the init the client built. */
export interface FetchCall {
  readonly url: string;
  readonly init: RequestInit & { dispatcher?: unknown; duplex?: string };
  readonly headers: Headers;
}

/** What the fake answers for one call: a Response, or an error to reject with (a network failure). */
export type FakeAnswer = Response | Error | ((call: FetchCall) => Response | Error);

/**
 * A fetch that records each call and answers from a queue (the last answer repeats).
 *
 * @example
 * const fake = fakeFetch([json(503, {}), json(200, { ok: true })]);
 * createClient({ baseUrl: 'http://api.test/', fetch: fake.fetch });
 */
export function fakeFetch(answers: readonly FakeAnswer[]): { fetch: FetchLike; calls: FetchCall[] } {
  const calls: FetchCall[] = [];
  const fetch: FetchLike = async (input, init = {}) => {
    const call: FetchCall = { url: String(input), init, headers: new Headers(init.headers) };
    calls.push(call);
    const answer = answers[Math.min(calls.length, answers.length) - 1];
    if (answer === undefined) throw new Error('fakeFetch: no answers');
    const result = typeof answer === 'function' ? answer(call) : answer;
    if (result instanceof Error) throw result;
    return replay(result);
  };
  return { fetch, calls };
}

// Each Response an answer gives is read once and replayed from its bytes: one answer may serve many calls
// and many tests. Cloning the one Response each time failed on Node 24.0.0 in CI ("Response.clone: Body has
// already been consumed", 4 tests of tests/cli/pupils-generate.test.ts, not reproduced alone); a fresh
// Response per call does not depend on how a Node's fetch tees and collects clones.
const READ = new WeakMap<
  Response,
  Promise<{ status: number; statusText: string; headers: [string, string][]; body: ArrayBuffer | null }>
>();

async function replay(response: Response): Promise<Response> {
  let read = READ.get(response);
  if (read === undefined) {
    read = (async () => ({
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers],
      body: response.body === null ? null : await response.arrayBuffer(),
    }))();
    READ.set(response, read);
  }
  const { status, statusText, headers, body } = await read;
  return new Response(body === null ? null : body.slice(0), { status, statusText, headers });
}

/**
 * A JSON response.
 *
 * @example
 * json(429, { message: 'slow down' }, { 'retry-after': '2' });
 */
export function json(status: number, body: unknown, headers: Readonly<Record<string, string>> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** A fetch failure as Node reports a dropped connection. */
export function socketError(code = 'UND_ERR_SOCKET'): Error {
  return new TypeError('fetch failed', { cause: Object.assign(new Error('other side closed'), { code }) });
}
