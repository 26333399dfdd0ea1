import type { Endpoint } from '../../core/endpoints/define.js';
import { ENDPOINTS } from '../../core/endpoints/index.js';
import { fillPath, routePattern, type RoutePattern } from '../../core/endpoints/route-pattern.js';

interface Route {
  readonly endpoint: Endpoint;
  readonly pattern: RoutePattern;
}

let routesByShape: Map<string, Route[]> | undefined;

/** The table's routes by method and segment count, compiled once: a bulk dry run checks every row's path. */
function routesOfShape(method: string, length: number): readonly Route[] {
  if (routesByShape === undefined) {
    routesByShape = new Map();
    for (const endpoint of ENDPOINTS) {
      const pattern = routePattern(endpoint.path);
      const key = `${endpoint.method} ${pattern.segments.length}`;
      const routes = routesByShape.get(key) ?? [];
      routes.push({ endpoint, pattern });
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
  const mine = routePattern(endpoint.path).segments;
  const filled = mine.map((segment) => fillPath(segment.source, params, (value) => value));
  return routesOfShape(endpoint.method, mine.length).find(({ endpoint: other, pattern }) => {
    if (other === endpoint || pattern.matchSegments(filled) === null) return false;
    const first = pattern.segments.findIndex((segment, i) => segment.source !== mine[i]?.source);
    return first >= 0 && pattern.segments[first]?.kind === 'literal';
  })?.endpoint;
}
