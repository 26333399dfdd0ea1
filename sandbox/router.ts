/**
 * Matches request paths to the endpoint table. The platform's paths do not fit a conventional router:
 * parameters sit inside segments (`schools/{id}/set{school_system}id`) and literal paths overlap
 * parameter paths (`POST auth` and `POST {card_provider}`), so the table is compiled into a segment trie
 * per method where, at each segment, a literal beats a pattern segment, which beats a bare parameter.
 */
import type { Endpoint, Method } from '../core/endpoints/index.js';

/** A matched route: the endpoint and its path parameters, decoded. */
export interface RouteMatch {
  readonly endpoint: Endpoint;
  readonly params: Readonly<Record<string, string>>;
}

interface Pattern {
  readonly regex: RegExp;
  /** Literal characters in the segment: the more, the more specific. */
  readonly weight: number;
  readonly node: TrieNode;
}

interface TrieNode {
  readonly literals: Map<string, TrieNode>;
  readonly patterns: Pattern[];
  param: TrieNode | null;
  endpoint: Endpoint | null;
}

export interface Router {
  /** Finds the endpoint for a method and a path (no leading slash needed, no query string). */
  match(method: string, path: string): RouteMatch | null;
  /**
   * Routes that can never match because an earlier route of the table has the same shape
   * (`link{roster_a}` and `link{roster_b}`): each maps to the route that answers in its place.
   */
  readonly shadowed: ReadonlyMap<string, string>;
}

const PARAM = /\{[A-Za-z_][A-Za-z0-9_]*\}/g;
const BARE_PARAM = /^\{[A-Za-z_][A-Za-z0-9_]*\}$/;

function newNode(): TrieNode {
  return { literals: new Map(), patterns: [], param: null, endpoint: null };
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `set{school_system}id` -> /^set(.+?)id$/ (every parameter non-empty). */
function segmentRegex(segment: string): RegExp {
  const parts = segment.split(PARAM).map(escapeRegex);
  return new RegExp(`^${parts.join('(.+?)')}$`);
}

function shapeOf(segment: string): string {
  return segment.replace(PARAM, '{}');
}

function childFor(node: TrieNode, segment: string): TrieNode {
  if (BARE_PARAM.test(segment)) return (node.param ??= newNode());
  if (!segment.includes('{')) {
    let child = node.literals.get(segment);
    if (!child) node.literals.set(segment, (child = newNode()));
    return child;
  }
  const regex = segmentRegex(segment);
  const existing = node.patterns.find((p) => p.regex.source === regex.source);
  if (existing) return existing.node;
  const pattern: Pattern = { regex, weight: shapeOf(segment).length - 2 * (segment.match(PARAM)?.length ?? 0), node: newNode() };
  node.patterns.push(pattern);
  node.patterns.sort((a, b) => b.weight - a.weight);
  return pattern.node;
}

function splitPath(path: string): string[] | null {
  const trimmed = path.replace(/^\/+/, '').replace(/\/+$/, '');
  if (trimmed === '') return null;
  const segments = trimmed.split('/');
  return segments.includes('') ? null : segments;
}

function decode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

function walk(node: TrieNode, segments: readonly string[], index: number, values: string[]): Endpoint | null {
  if (index === segments.length) return node.endpoint;
  const segment = segments[index] as string;
  const literal = node.literals.get(segment);
  if (literal) {
    const found = walk(literal, segments, index + 1, values);
    if (found) return found;
  }
  for (const pattern of node.patterns) {
    const m = pattern.regex.exec(segment);
    if (!m) continue;
    const depth = values.length;
    values.push(...m.slice(1));
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

/**
 * Compiles the table into a router.
 *
 * @example
 * const router = createRouter(ENDPOINTS);
 * router.match('POST', 'superuser/invoices/12/paid'); // { endpoint, params: { id: '12' } }
 */
export function createRouter(endpoints: readonly Endpoint[]): Router {
  const roots = new Map<string, TrieNode>();
  const shadowed = new Map<string, string>();
  for (const endpoint of endpoints) {
    let root = roots.get(endpoint.method);
    if (!root) roots.set(endpoint.method, (root = newNode()));
    let node = root;
    for (const segment of endpoint.path.split('/')) node = childFor(node, segment);
    if (node.endpoint) shadowed.set(endpoint.route, node.endpoint.route);
    else node.endpoint = endpoint;
  }
  return {
    shadowed,
    match(method, path) {
      const root = roots.get(method.toUpperCase() as Method);
      const raw = splitPath(path);
      if (!root || !raw) return null;
      const segments: string[] = [];
      for (const segment of raw) {
        const decoded = decode(segment);
        if (decoded === null || decoded === '' || decoded.includes('/')) return null;
        segments.push(decoded);
      }
      const values: string[] = [];
      const endpoint = walk(root, segments, 0, values);
      if (!endpoint) return null;
      const params: Record<string, string> = {};
      endpoint.params.forEach((name, i) => {
        params[name] = values[i] as string;
      });
      return { endpoint, params };
    },
  };
}
