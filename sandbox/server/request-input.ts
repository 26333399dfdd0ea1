/** Reading a request's payload: the query string for GET and DELETE, the JSON body otherwise. */
import type { Endpoint } from '../../core/endpoints/index.js';
import { parseJsonBody } from './json-body.js';
import type { SandboxRequest } from './state.js';

export type InputResult =
  | { readonly ok: true; readonly input: Record<string, unknown> }
  | { readonly ok: false; readonly message: string; readonly status?: 400 | 415 };

/**
 * The query string as an object: repeated keys (and `key[]`) become lists.
 *
 * @example
 * queryObject({ 'ids[]': ['1', '2'], take: '10' }); // { ids: ['1', '2'], take: '10' }
 */
export function queryObject(query: SandboxRequest['query']): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of Object.entries(query)) {
    const listKey = rawKey.endsWith('[]');
    const key = listKey ? rawKey.slice(0, -2) : rawKey;
    const values = typeof value === 'string' ? [value] : [...value];
    const previous = out[key];
    const merged = previous === undefined ? values : [...(Array.isArray(previous) ? previous : [previous]), ...values];
    out[key] = listKey || merged.length > 1 ? merged : merged[0];
  }
  return out;
}

function jsonBody(request: SandboxRequest): InputResult | null {
  const body = request.body;
  if (!body || body.length === 0) return null;
  const type = request.header('content-type')?.toLowerCase() ?? 'application/json';
  if (type.startsWith('application/x-www-form-urlencoded')) {
    const form: Record<string, string | string[]> = {};
    for (const [key, value] of new URLSearchParams(body.toString('utf8'))) {
      const previous = form[key];
      form[key] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
    }
    return { ok: true, input: queryObject(form) };
  }
  // text/plain too: fetch labels a string body text/plain when the caller sets no content type.
  if (!type.includes('json') && !type.startsWith('text/plain')) return null;
  const result = parseJsonBody(body.toString('utf8'));
  if (!result.ok) return result;
  const parsed = result.value;
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    return { ok: false, message: 'The request body must be a JSON object' };
  return { ok: true, input: parsed as Record<string, unknown> };
}

/**
 * The payload of a request for an endpoint. A body that is not JSON (an upload) leaves the query string
 * as the payload, except for an update (PUT, PATCH): that needs a JSON body when it takes fields.
 *
 * @example
 * const result = readInput(endpoint, request);
 * if (!result.ok) // answer 400 with result.message
 */
export function readInput(endpoint: Endpoint, request: SandboxRequest): InputResult {
  const query = queryObject(request.query);
  const body = jsonBody(request);
  if (body && !body.ok) return body;
  if (endpoint.method === 'GET') return { ok: true, input: query };
  if ((endpoint.method === 'PUT' || endpoint.method === 'PATCH') && body === null) {
    // An update takes what to change from its body; an empty or non-JSON one would change nothing but updated_at.
    const takesFields = endpoint.open === true || Object.keys(endpoint.payload ?? {}).length > 0;
    if (request.body && request.body.length > 0)
      return {
        ok: false,
        status: 415,
        message: `${endpoint.route} takes a JSON object body, not ${request.header('content-type') ?? 'an untyped body'}`,
      };
    if (takesFields)
      return {
        ok: false,
        message: `${endpoint.route} needs a JSON object body naming the fields to change; the body is empty`,
      };
  }
  if (endpoint.method === 'DELETE') return { ok: true, input: { ...query, ...(body?.input ?? {}) } };
  return { ok: true, input: body?.input ?? query };
}
