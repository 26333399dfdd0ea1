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
    return result.clone();
  };
  return { fetch, calls };
}

/**
 * A JSON response.
 *
 * @example
 * json(429, { message: 'slow down' }, { 'retry-after': '2' });
 */
export function json(status: number, body: unknown, headers: Readonly<Record<string, string>> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/** A fetch failure as Node reports a dropped connection. */
export function socketError(code = 'UND_ERR_SOCKET'): Error {
  return new TypeError('fetch failed', { cause: Object.assign(new Error('other side closed'), { code }) });
}
