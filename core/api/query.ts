/**
 * Turns one query value into its string form, or undefined to leave the key out.
 * Our choice where the spec is silent: `undefined` and `null` both leave the key out (a filter that is
 * not given), so a server never sees an empty string it would have to tell apart from "not set".
 */
function stringify(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((item: unknown) => stringify(item) ?? '').join(',');
  return JSON.stringify(value);
}

/**
 * Builds the query string for a GET or DELETE: every value stringified, arrays comma-joined, booleans
 * `true`/`false`, dates as ISO strings, objects as JSON; `undefined` and `null` values left out.
 *
 * @example
 * toSearchParams({ curriculum_id: 2, search: 'cat', ids: [1, 2], deleted: false, skip: undefined }).toString();
 * // 'curriculum_id=2&search=cat&ids=1%2C2&deleted=false'
 */
export function toSearchParams(query: Readonly<Record<string, unknown>> | undefined): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    const text = stringify(value);
    if (text !== undefined) params.append(key, text);
  }
  return params;
}

/**
 * The full URL of a request: the path resolved against the base (a leading `/` is ignored so the base's
 * own path prefix is kept) and the query appended to any query the path already has.
 *
 * @example
 * buildUrl('http://127.0.0.1:8787/', 'resources/search', { take: 10 }); // 'http://127.0.0.1:8787/resources/search?take=10'
 */
export function buildUrl(baseUrl: string, path: string, query?: Readonly<Record<string, unknown>>): string {
  const url = new URL(path.replace(/^\/+/, ''), baseUrl);
  for (const [key, value] of toSearchParams(query)) url.searchParams.append(key, value);
  return url.toString();
}
