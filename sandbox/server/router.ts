/**
 * Matches request paths to the endpoint table. The platform's paths do not fit a conventional router:
 * parameters sit inside segments (`schools/{id}/set{school_system}id`) and literal paths overlap
 * parameter paths (`POST auth` and `POST {card_provider}`), so the table's paths, compiled by
 * core/endpoints/route-pattern.ts, go into a segment trie per method where, at each segment, a literal beats a pattern segment, which beats a bare parameter.
 * Placeholders with a fixed value (the rostering providers, see domain/rostering/roster-providers.ts) match only that value,
 * so rows that differ only in such a placeholder (`link{roster_a}`, `link{roster_b}`) each get their own paths.
 */
import type { Endpoint, Method } from '../../core/endpoints/index.js';
import { compileRoute, type FixedValues, type SegmentPattern } from '../../core/endpoints/route-pattern.js';
import { ROSTER_PROVIDERS } from '../domain/rostering/roster-providers.js';

/** A matched route: the endpoint and its path parameters, decoded. */
export interface RouteMatch {
  readonly endpoint: Endpoint;
  readonly params: Readonly<Record<string, string>>;
}

interface Pattern {
  /** A `pattern` segment (core/endpoints/route-pattern.ts): its weight orders the patterns of a node. */
  readonly segment: SegmentPattern;
  readonly node: TrieNode;
}

interface TrieNode {
  readonly literals: Map<string, TrieNode>;
  readonly patterns: Pattern[];
  param: TrieNode | null;
  /** The rows ending here; the first answers, any others share its shape. */
  readonly endpoints: Endpoint[];
}

type Roots = Map<string, TrieNode>;

export interface Router {
  /** Finds the endpoint for a method and a path (no leading slash needed, no query string). */
  match(method: string, path: string): RouteMatch | null;
  /**
   * Why a path matches no row when it would with another value where a fixed placeholder stands
   * (`POST users/me/school/linkfoo`): a message naming the values that do match. Null otherwise.
   */
  explainMiss(method: string, path: string): string | null;
  /**
   * Routes that can never match because an earlier route of the table has the same shape: each maps to
   * the route that answers in its place. Empty for the sandbox's table; kept so a new same-shaped row shows.
   */
  readonly shadowed: ReadonlyMap<string, string>;
}

function newNode(): TrieNode {
  return { literals: new Map(), patterns: [], param: null, endpoints: [] };
}

function childFor(node: TrieNode, segment: SegmentPattern): TrieNode {
  if (segment.kind === 'param') return (node.param ??= newNode());
  if (segment.kind === 'literal') {
    let child = node.literals.get(segment.source);
    if (!child) node.literals.set(segment.source, (child = newNode()));
    return child;
  }
  const existing = node.patterns.find((p) => p.segment.key === segment.key);
  if (existing) return existing.node;
  const pattern: Pattern = { segment, node: newNode() };
  node.patterns.push(pattern);
  node.patterns.sort((a, b) => b.segment.weight - a.segment.weight);
  return pattern.node;
}

function compile(endpoints: readonly Endpoint[], fixed: FixedValues): Roots {
  const roots: Roots = new Map();
  for (const endpoint of endpoints) {
    let root = roots.get(endpoint.method);
    if (!root) roots.set(endpoint.method, (root = newNode()));
    let node = root;
    for (const segment of compileRoute(endpoint.path, fixed).segments) node = childFor(node, segment);
    node.endpoints.push(endpoint);
  }
  return roots;
}

function splitPath(path: string): string[] | null {
  const trimmed = path.replace(/^\/+/, '').replace(/\/+$/, '');
  if (trimmed === '') return null;
  const segments = trimmed.split('/');
  if (segments.includes('')) return null;
  const decoded: string[] = [];
  for (const segment of segments) {
    const value = decode(segment);
    if (value === null || value === '' || value.includes('/')) return null;
    decoded.push(value);
  }
  return decoded;
}

function decode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

function walk(node: TrieNode, segments: readonly string[], index: number, values: string[]): TrieNode | null {
  if (index === segments.length) return node.endpoints.length > 0 ? node : null;
  const segment = segments[index] as string;
  const literal = node.literals.get(segment);
  if (literal) {
    const found = walk(literal, segments, index + 1, values);
    if (found) return found;
  }
  for (const pattern of node.patterns) {
    const captured = pattern.segment.match(segment);
    if (!captured) continue;
    const depth = values.length;
    values.push(...captured);
    const found = walk(pattern.node, segments, index + 1, values);
    if (found) return found;
    values.length = depth;
  }
  if (node.param) {
    values.push(segment);
    const found = walk(node.param, segments, index + 1, values);
    if (found) return found;
    values.pop();
  }
  return null;
}

function lookup(
  roots: Roots,
  method: string,
  path: string,
): { node: TrieNode; params: Record<string, string>; segments: string[] } | null {
  const root = roots.get(method.toUpperCase() as Method);
  const segments = splitPath(path);
  if (!root || !segments) return null;
  const values: string[] = [];
  const node = walk(root, segments, 0, values);
  const endpoint = node?.endpoints[0];
  if (!node || !endpoint) return null;
  const params: Record<string, string> = {};
  endpoint.params.forEach((name, i) => {
    params[name] = values[i] as string;
  });
  return { node, params, segments };
}

/**
 * Compiles the table into a router. `fixed` gives placeholders that match one value only (by default the
 * sandbox's rostering providers).
 *
 * @example
 * const router = createRouter(ENDPOINTS);
 * router.match('POST', 'superuser/invoices/12/paid'); // { endpoint, params: { id: '12' } }
 * router.match('POST', 'users/me/school/linkwonde'); // the link{roster_a} row
 */
export function createRouter(endpoints: readonly Endpoint[], fixed: FixedValues = ROSTER_PROVIDERS): Router {
  const roots = compile(endpoints, fixed);
  // The same table with every placeholder free: on a miss, it tells a wrong fixed value from a wrong path.
  let loose: Roots | undefined;
  const shadowed = new Map<string, string>();
  const visit = (node: TrieNode): void => {
    const [first, ...rest] = node.endpoints;
    if (first) for (const other of rest) shadowed.set(other.route, first.route);
    for (const child of node.literals.values()) visit(child);
    for (const pattern of node.patterns) visit(pattern.node);
    if (node.param) visit(node.param);
  };
  for (const root of roots.values()) visit(root);
  const match = (method: string, path: string): RouteMatch | null => {
    const found = lookup(roots, method, path);
    return found && { endpoint: found.node.endpoints[0] as Endpoint, params: found.params };
  };
  const explainMiss = (method: string, path: string): string | null => {
    if (match(method, path)) return null;
    loose ??= compile(endpoints, {});
    const found = lookup(loose, method, path);
    if (!found) return null;
    const fixedOf = (e: Endpoint): string[] => e.params.filter((p) => fixed[p] !== undefined);
    if (found.node.endpoints.some((e) => fixedOf(e).length === 0)) return null;
    const first = found.node.endpoints[0] as Endpoint;
    const given = fixedOf(first).map((p) => found.params[p] ?? '');
    const named = new Set(found.node.endpoints.flatMap(fixedOf));
    const known = Object.keys(fixed)
      .filter((p) => named.has(p))
      .map((p) => fixed[p] as string);
    return `No route ${method.toUpperCase()} ${found.segments.join('/')}: ${given.join(', ')} is not a provider this call knows; use ${known.join(', ')}`;
  };
  return { shadowed, match, explainMiss };
}
