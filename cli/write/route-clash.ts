import type { Endpoint } from '../../core/endpoints/define.js';
import { ENDPOINTS } from '../../core/endpoints/index.js';

const PARAM = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const MATCHERS = new Map<string, (value: string) => boolean>();

/** A test of whether a route segment (`paid`, `{id}`, `set{school_system}id`) matches a filled-in segment, compiled once. */
function matcherOf(segment: string): (value: string) => boolean {
  let matches = MATCHERS.get(segment);
  if (matches === undefined) {
    const source = segment.split(PARAM).map((part, i) => (i % 2 === 1 ? '.+?' : escapeRegex(part))).join('');
    const pattern = new RegExp(`^${source}$`);
    matches = segment.includes('{') ? (value) => pattern.test(value) : (value) => value === segment;
    MATCHERS.set(segment, matches);
  }
  return matches;
}

interface Route {
  readonly endpoint: Endpoint;
  readonly segments: readonly string[];
  readonly matchers: readonly ((value: string) => boolean)[];
}

let routesByShape: Map<string, Route[]> | undefined;

/** The table's routes by method and segment count, split once: a bulk dry run checks every row's path. */
function routesOfShape(method: string, length: number): readonly Route[] {
  if (routesByShape === undefined) {
    routesByShape = new Map();
    for (const endpoint of ENDPOINTS) {
      const segments = endpoint.path.split('/');
      const key = `${endpoint.method} ${segments.length}`;
      const routes = routesByShape.get(key) ?? [];
      routes.push({ endpoint, segments, matchers: segments.map(matcherOf) });
      routesByShape.set(key, routes);
    }
  }
  return routesByShape.get(`${method} ${length}`) ?? [];
}

/**
 * The table entry that a server routing literal segments first would answer instead, when a path
 * parameter's value spells another route's literal segment: `invoices send-to-accounting` with
 * `accounting: 'paid'` is the path of `invoices mark-paid`. Undefined when the path is the entry's own.
 *
 * @example
 * routeClash(endpointOf('invoices send-to-accounting'), { id: '8', accounting: 'paid' })?.command // 'invoices mark-paid'
 * routeClash(endpointOf('invoices send-to-accounting'), { id: '8', accounting: 'xero' }) // undefined
 */
export function routeClash(endpoint: Endpoint, params: Readonly<Record<string, string>>): Endpoint | undefined {
  const mine = endpoint.path.split('/');
  const filled = mine.map((segment) => segment.replace(PARAM, (_, name: string) => params[name] ?? ''));
  return routesOfShape(endpoint.method, mine.length).find(({ endpoint: other, segments: theirs, matchers }) => {
    if (other === endpoint || !matchers.every((matches, i) => matches(filled[i] as string))) return false;
    const first = theirs.findIndex((segment, i) => segment !== mine[i]);
    return first >= 0 && !(theirs[first] as string).includes('{');
  })?.endpoint;
}
