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

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Why a request path would leave the API base, or undefined when it stays under it: a `.` or `..`
 * segment, plain or percent-encoded (`%2e%2e`, `..%2f`), or a backslash, which URL parsers read as `/`.
 *
 * @example
 * pathProblem('superuser/invoices/12/paid'); // undefined
 * pathProblem('../../__sandbox/reset'); // 'it has a ".." segment, which leads out of the API base'
 */
export function pathProblem(path: string): string | undefined {
  const bare = path.split(/[?#]/)[0] ?? '';
  if (bare.includes('\\') || decoded(bare).includes('\\')) return 'it has a backslash, which URL parsers read as "/"';
  const dots = decoded(bare)
    .split('/')
    .find((segment) => segment === '.' || segment === '..');
  return dots === undefined ? undefined : `it has a "${dots}" segment, which leads out of the API base`;
}

const PLAIN_PATH = /^[A-Za-z0-9_~-]+(?:\/[A-Za-z0-9_~-]+)*$/;
const bases = new Map<string, string | null>();

/**
 * A base URL as the URL parser writes it, parsed once per base; null for a base a relative path does not
 * simply extend (a path not ending in `/`, a query or a fragment), which takes the full resolution.
 */
function parsedBase(baseUrl: string): string | null {
  let href = bases.get(baseUrl);
  if (href === undefined) {
    const url = new URL(baseUrl);
    href = url.pathname.endsWith('/') && url.search === '' && url.hash === '' ? url.href : null;
    bases.set(baseUrl, href);
  }
  return href;
}

/**
 * The full URL of a request: the path resolved against the base (a leading `/` is ignored so the base's
 * own path prefix is kept) and the query appended to any query the path already has. A path that
 * would leave the base (`..`, another scheme or host) throws a TypeError: nothing is sent.
 *
 * @example
 * buildUrl('http://127.0.0.1:8787/', 'resources/search', { take: 10 }); // 'http://127.0.0.1:8787/resources/search?take=10'
 */
export function buildUrl(baseUrl: string, path: string, query?: Readonly<Record<string, unknown>>): string {
  const relative = path.replace(/^\/+/, '');
  // A path of plain segments (no dot, percent sign, backslash or empty segment) cannot leave the base:
  // it is appended to the base as parsed once, not parsed again for each request of a bulk run.
  const plain =
    PLAIN_PATH.test(relative) && (query === undefined || Object.keys(query).length === 0) ? parsedBase(baseUrl) : null;
  if (plain !== null) return `${plain}${relative}`;
  const problem = pathProblem(relative);
  const url = new URL(relative, baseUrl);
  const base = new URL(baseUrl);
  if (problem !== undefined || url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) {
    throw new TypeError(
      `The path "${path}" leaves the API base ${baseUrl}${problem === undefined ? '' : `: ${problem}`}`,
    );
  }
  for (const [key, value] of toSearchParams(query)) url.searchParams.append(key, value);
  return url.toString();
}
