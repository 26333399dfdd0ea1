import type { ApiRequest, ApiResponse } from '../api/types.js';
import { bindTable } from './bind-table.js';
import type { CallOptions } from './call.js';
import type { Endpoint, EndpointSpec, Grouped, InputOf, JsonValue } from './define.js';
import type { Reply, ReplyType } from '../shapes/define.js';
import { ENDPOINTS, type EndpointEntries, type EndpointName } from './index.js';

/** A JSON object as the API answers it. */
export type JsonObject = { readonly [key: string]: JsonValue };

/** Anything that can send a built request: the ApiClient, or a test double. */
export interface Requester {
  request<T = JsonValue>(request: ApiRequest): Promise<ApiResponse<T>>;
  /** Check each reply against its entry's declared shape (ResponseShapeError when it differs). */
  readonly validatesResponses?: boolean;
}

type Args<E extends EndpointSpec> =
  Record<never, never> extends InputOf<E>
    ? [input?: InputOf<E>, options?: CallOptions]
    : [input: InputOf<E>, options?: CallOptions];

/** What an entry answers, typed from its declared reply (`{ invoice: Invoice; changed: boolean }`); any JSON object where none is declared. */
export type ReplyOf<E extends EndpointSpec> = E['reply'] extends Reply ? ReplyType<E['reply']> : JsonObject;

/** The method derived for one entry. */
export type EndpointMethod<E extends EndpointSpec> = (...args: Args<E>) => Promise<ApiResponse<ReplyOf<E>>>;

/** Every endpoint as `api.<noun>.<verb>(input, options)`, typed from the table. */
export type ApiMethods = Grouped<{ [K in EndpointName]: EndpointMethod<EndpointEntries[K]> }>;

/**
 * Derives the typed methods of every endpoint from the table, sending through `requester`.
 * Input is validated before anything is sent (InvalidInputError names each bad field).
 *
 * @example
 * const api = bindEndpoints(createNodeClient({ environment: 'sandbox', token }));
 * await api.invoices.markPaid({ id: 12, method: 'bacs', date: '2026-11-02' }, { idempotencyKey: 'run-7-12' });
 */
export function bindEndpoints(requester: Requester, endpoints: readonly Endpoint[] = ENDPOINTS): ApiMethods {
  return bindTable(requester, endpoints);
}
