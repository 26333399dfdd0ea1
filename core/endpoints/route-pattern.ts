/**
 * Route patterns: the paths of the endpoint table (`superuser/invoices/{id}/paid`), compiled once and
 * matched against concrete paths. One module for the client (filling a path), the sandbox router
 * (matching a request, most specific row first) and the CLI (which row a filled path reaches).
 *
 * A pattern is split on `/` and each segment is one of three kinds:
 * - literal (`paid`): matches itself only;
 * - param (`{id}`): matches any non-empty segment;
 * - pattern (`set{school_system}id`, or a `{name}` given a fixed value): a regex, each free parameter
 *   matching a non-empty run of characters (`.+?`) and each fixed one its value only.
 * Where several rows could answer, a literal beats a pattern, which beats a param, and among patterns the
 * one with more literal characters (its `weight`) wins.
 */

/** A `{name}` in a route path; global, so use it with matchAll or replace. */
const PARAM = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
const BARE_PARAM = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/;

/** Placeholders that match one value only, by name (`{ roster_b: 'clever' }`). */
export type FixedValues = Readonly<Record<string, string>>;

export type SegmentKind = 'literal' | 'param' | 'pattern';

/** One compiled segment of a route path. */
export interface SegmentPattern {
  /** The segment as the table writes it: `paid`, `{id}`, `set{school_system}id`. */
  readonly source: string;
  readonly kind: SegmentKind;
  /** The segment's `{name}`s, in order, fixed ones included. */
  readonly params: readonly string[];
  /** Literal characters, fixed values included: among patterns, the heavier is the more specific. */
  readonly weight: number;
  /**
   * Equal for segments that match exactly the same values (a pattern's regex source, a literal's text,
   * `{}` for every param), so a router can merge them.
   */
  readonly key: string;
  /** The values of the segment's parameters, in order (a fixed one's is its value), when `value` matches; else null. */
  match(value: string): string[] | null;
}

/** A compiled route path. */
export interface RoutePattern {
  readonly path: string;
  readonly segments: readonly SegmentPattern[];
  /** Every `{name}` of the path, in order, fixed ones included. */
  readonly params: readonly string[];
  /**
   * The parameters of a concrete path (split on `/`, segments taken as given: decode them first if
   * they are URL-encoded), or null when it is not a path of this route. A fixed parameter has its value.
   */
  match(path: string): Record<string, string> | null;
  /** Like `match`, for a path already split into segments. */
  matchSegments(segments: readonly string[]): Record<string, string> | null;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Path parameter names of a route path, in order.
 *
 * @example
 * pathParams('schools/{id}/set{school_system}id') // ['id', 'school_system']
 */
export function pathParams(path: string): string[] {
  return [...path.matchAll(PARAM)].map((m) => m[1] as string);
}

/**
 * Fills `{name}` parameters into a path, URL-encoding each value (a missing one is empty). `encode`
 * replaces the encoding: identity gives the segments a server sees once it has decoded them.
 *
 * @example
 * fillPath('schools/{id}', { id: 'a b' }) // 'schools/a%20b'
 * fillPath('schools/{id}', { id: 'a b' }, (value) => value) // 'schools/a b'
 */
export function fillPath(
  path: string,
  params: Readonly<Record<string, string>>,
  encode: (value: string) => string = encodeURIComponent,
): string {
  return path.replace(PARAM, (_, name: string) => encode(params[name] ?? ''));
}

/**
 * Compiles one segment of a route path. `fixed` gives placeholders that match one value only; a bare
 * fixed placeholder is a pattern of that value, not a param.
 *
 * @example
 * compileSegment('set{school_system}id').match('setwondeid') // ['wonde']
 * compileSegment('link{roster_b}', { roster_b: 'clever' }).match('linkwonde') // null
 */
export function compileSegment(segment: string, fixed: FixedValues = {}): SegmentPattern {
  const bare = BARE_PARAM.exec(segment);
  if (bare && fixed[bare[1] as string] === undefined) {
    return {
      source: segment,
      kind: 'param',
      params: [bare[1] as string],
      weight: 0,
      key: '{}',
      match: (value) => (value === '' ? null : [value]),
    };
  }
  if (!segment.includes('{')) {
    return {
      source: segment,
      kind: 'literal',
      params: [],
      weight: segment.length,
      key: segment,
      match: (value) => (value === segment ? [] : null),
    };
  }
  let source = '';
  let weight = 0;
  let last = 0;
  for (const m of segment.matchAll(PARAM)) {
    const literal = segment.slice(last, m.index);
    const value = fixed[m[1] as string];
    source += `${escapeRegex(literal)}(${value === undefined ? '.+?' : escapeRegex(value)})`;
    weight += literal.length + (value?.length ?? 0);
    last = m.index + m[0].length;
  }
  const tail = segment.slice(last);
  const regex = new RegExp(`^${source}${escapeRegex(tail)}$`);
  return {
    source: segment,
    kind: 'pattern',
    params: pathParams(segment),
    weight: weight + tail.length,
    key: regex.source,
    match(value) {
      const m = regex.exec(value);
      return m ? m.slice(1) : null;
    },
  };
}

/**
 * Compiles a route path. For the same path without fixed values, `routePattern` keeps one copy.
 *
 * @example
 * compileRoute('superuser/invoices/{id}/paid').match('superuser/invoices/8/paid') // { id: '8' }
 * compileRoute('users/me/school/link{roster_b}', { roster_b: 'clever' }).match('users/me/school/linkclever') // { roster_b: 'clever' }
 */
export function compileRoute(path: string, fixed: FixedValues = {}): RoutePattern {
  const segments = path.split('/').map((segment) => compileSegment(segment, fixed));
  const params = pathParams(path);
  const matchSegments = (values: readonly string[]): Record<string, string> | null => {
    if (values.length !== segments.length) return null;
    const found: string[] = [];
    for (let i = 0; i < segments.length; i += 1) {
      const captured = (segments[i] as SegmentPattern).match(values[i] as string);
      if (captured === null) return null;
      found.push(...captured);
    }
    const result: Record<string, string> = {};
    params.forEach((name, i) => {
      result[name] = found[i] as string;
    });
    return result;
  };
  return { path, segments, params, matchSegments, match: (concrete) => matchSegments(concrete.split('/')) };
}

const COMPILED = new Map<string, RoutePattern>();

/**
 * The compiled pattern of a route path without fixed values, compiled on first use and kept.
 *
 * @example
 * routePattern('superuser/invoices/{id}/{accounting}').match('superuser/invoices/8/xero') // { id: '8', accounting: 'xero' }
 */
export function routePattern(path: string): RoutePattern {
  let pattern = COMPILED.get(path);
  if (pattern === undefined) COMPILED.set(path, (pattern = compileRoute(path)));
  return pattern;
}
