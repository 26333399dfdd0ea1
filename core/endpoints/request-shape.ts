import { isDownloadPath } from '../api/response.js';
import type { ApiRequest } from '../api/types.js';
import type { Endpoint, FieldSpec } from './define.js';
import { fillPath } from './route-pattern.js';

/** Per-call options that are not part of the payload. */
export interface CallOptions {
  /** Makes a write retryable and safe against repeats: sent as the Idempotency-Key header. */
  readonly idempotencyKey?: string;
  readonly signal?: AbortSignal;
  readonly onUploadProgress?: (percent: number) => void;
  /** A raw body (a Blob, bytes or a JSON value) sent instead of the payload keys. */
  readonly body?: unknown;
}

/**
 * What shaping a request reads of an entry: its method, its path and the path's `{name}`s, and whether it
 * takes a payload (the site keeps only the first: its requests send a body when they give keys).
 */
export type RequestRoute = Pick<Endpoint, 'method' | 'path' | 'params' | 'response'> &
  Partial<Pick<Endpoint, 'payload' | 'open'>>;

/**
 * Whether a write sends a JSON body when it was given no payload keys: only where the entry takes a
 * payload (names keys, or is open). A write that declares none sends no body and no content type, as the
 * platform's own clients do, rather than `{}`.
 *
 * @example
 * takesPayload(endpointOf('invoices void')) // false: `POST subscriptions/invoices/{id}/void` names no key
 */
export function takesPayload(endpoint: RequestRoute): boolean {
  return endpoint.open === true || Object.keys(endpoint.payload ?? {}).length > 0;
}

export { fillPath };

/**
 * The request for checked path parameters and payload: the payload in the query string for GET and
 * DELETE, as the JSON body otherwise (or the raw body of the options); no body at all for a write given
 * no keys that takes no payload (`takesPayload`).
 *
 * @example
 * requestShape(endpoint, { id: '12' }, { method: 'bacs' }) // { method: 'POST', path: 'superuser/invoices/12/paid', body: { method: 'bacs' } }
 */
export function requestShape(
  endpoint: RequestRoute,
  params: Readonly<Record<string, string>>,
  payload: Record<string, unknown> | undefined,
  options: CallOptions = {},
): ApiRequest {
  const inQuery = endpoint.method === 'GET' || endpoint.method === 'DELETE';
  const hasPayload = payload !== undefined && Object.keys(payload).length > 0;
  return {
    method: endpoint.method,
    path: fillPath(endpoint.path, params),
    ...(inQuery && hasPayload ? { query: payload } : {}),
    ...(!inQuery && options.body === undefined && (hasPayload || takesPayload(endpoint))
      ? { body: payload ?? {} }
      : {}),
    ...(options.body !== undefined ? { body: options.body } : {}),
    ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onUploadProgress ? { onUploadProgress: options.onUploadProgress } : {}),
    ...answerOf(endpoint),
  };
}

/** What the entry's answer must be: a file for a download, a JSON object when it names a response key. */
function answerOf(endpoint: RequestRoute): Pick<ApiRequest, 'answer'> {
  if (isDownloadPath(endpoint.method, endpoint.path)) return { answer: 'file' };
  return endpoint.response === undefined ? {} : { answer: 'object' };
}

function isOptional(spec: FieldSpec): boolean {
  return typeof spec === 'object' ? spec.optional === true : spec.endsWith('?');
}

/**
 * The request of a call given no input at all, when the entry requires none (no path parameter, every
 * payload key optional, no `exactlyOne` group): then there is nothing to check, and it is what `buildRequest` returns without
 * loading the schemas. Undefined when the input holds a value or the entry requires one.
 *
 * @example
 * requestWithoutInput(endpointOf('invoices list'), {}) // { method: 'GET', path: 'subscriptions/invoices' }
 * requestWithoutInput(endpointOf('invoices show'), {}) // undefined: {id} is required
 */
export function requestWithoutInput(
  endpoint: Endpoint,
  input: Readonly<Record<string, unknown>>,
  options: CallOptions = {},
): ApiRequest | undefined {
  if (Object.values(input).some((value) => value !== undefined) || endpoint.params.length > 0) return undefined;
  if (!Object.values(endpoint.payload ?? {}).every(isOptional) || endpoint.exactlyOne?.length) return undefined;
  return requestShape(endpoint, {}, {}, options);
}

/**
 * One input object (path parameters and payload keys together) split into the two, leaving out keys
 * whose value is undefined.
 *
 * @example
 * splitInput(endpointOf('invoices mark-paid'), { id: 12, method: 'bacs' }) // { params: { id: 12 }, payload: { method: 'bacs' } }
 */
export function splitInput(
  endpoint: RequestRoute,
  input: Readonly<Record<string, unknown>>,
): { params: Record<string, unknown>; payload: Record<string, unknown> } {
  const params: Record<string, unknown> = {};
  const payload: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    if (endpoint.params.includes(key)) params[key] = value;
    else payload[key] = value;
  }
  return { params, payload };
}

/**
 * The request for an input the caller's own code builds and its types already tie to the entry
 * (`InputOf`): shaped as `buildRequest` shapes it, without the table's zod schemas. The resources site
 * uses it so that its bundle carries no input schemas; anything taking input from a user or a file
 * uses `buildRequest`, which checks every field first.
 *
 * @example
 * trustedRequest(endpointOf('resources by-url-key'), { key: 'owl-poem' }) // { method: 'GET', path: 'resources/resources_by_url_key/owl-poem' }
 */
export function trustedRequest(
  endpoint: RequestRoute,
  input: Readonly<Record<string, unknown>>,
  options: CallOptions = {},
): ApiRequest {
  const { params, payload } = splitInput(endpoint, input);
  const text = Object.fromEntries(Object.entries(params).map(([name, value]) => [name, String(value)]));
  return requestShape(endpoint, text, payload, options);
}
