import type { Endpoint } from '../../core/endpoints/define.js';
import { ENDPOINTS } from '../../core/endpoints/index.js';

const PARAM = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a route segment (`paid`, `{id}`, `set{school_system}id`) matches a filled-in segment. */
function segmentMatches(segment: string, value: string): boolean {
  if (!segment.includes('{')) return segment === value;
  const source = segment.split(PARAM).map((part, i) => (i % 2 === 1 ? '.+?' : escapeRegex(part))).join('');
  return new RegExp(`^${source}$`).test(value);
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
  return ENDPOINTS.find((other) => {
    if (other === endpoint || other.method !== endpoint.method) return false;
    const theirs = other.path.split('/');
    if (theirs.length !== mine.length || !theirs.every((segment, i) => segmentMatches(segment, filled[i] as string))) return false;
    const first = theirs.findIndex((segment, i) => segment !== mine[i]);
    return first >= 0 && !(theirs[first] as string).includes('{');
  });
}
