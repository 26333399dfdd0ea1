import type { Endpoint } from '../../core/endpoints/index.js';

/**
 * Wraps a value under the response key the table names for an endpoint, or `fallback` when it names none.
 * A dotted key nests (`resources.items`); of a comma list (`success,intent`, one key or the other) the key
 * `fallback` names when it is one of them (`intent`), else the first. `siblings` sit next to the value (a
 * list's `total`).
 *
 * @example
 * wrapResponse(endpoint, 'items', rows, { total: 42 }); // { resources: { items: rows, total: 42 } } for resources.items
 */
export function wrapResponse(
  endpoint: Pick<Endpoint, 'response'>,
  fallback: string,
  value: unknown,
  siblings: Readonly<Record<string, unknown>> = {},
): Record<string, unknown> {
  const named = endpoint.response?.split(',').map((k) => k.trim()) ?? [];
  const key = named.find((k) => k === fallback || k.endsWith(`.${fallback}`)) ?? (named[0] || fallback);
  const path = key.split('.');
  const leaf = path.pop() as string;
  let body: Record<string, unknown> = { [leaf]: value, ...siblings };
  for (const outer of path.reverse()) body = { [outer]: body };
  return body;
}
