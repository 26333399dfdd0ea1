/**
 * The EdShed toolkit's public API for scripts: the endpoint table and its typed methods, the client,
 * and the domain tables.
 *
 * @example
 * import { connect } from 'edshed-toolkit/node';
 * const api = await connect(); // the API and token that `edshed auth login` stored
 * const { data } = await api.invoices.markPaid({ id: 6, method: 'bacs', date: '2026-11-02' });
 * @example
 * import { createNodeClient } from 'edshed-toolkit/node';
 * import { bindEndpoints } from 'edshed-toolkit';
 * const api = bindEndpoints(createNodeClient({ environment: 'sandbox', token: process.env.EDSHED_TOKEN }));
 */
export * from './endpoints/index.js';
export {
  bindEndpoints,
  type ApiMethods,
  type EndpointMethod,
  type JsonObject,
  type ReplyOf,
  type Requester,
} from './endpoints/methods.js';
export { buildRequest, fillPath, type CallOptions } from './endpoints/call.js';
export { InvalidInputError, type InputIssue } from './endpoints/invalid-input-error.js';
export { fieldSchema, payloadSchema, paramsSchema } from './endpoints/schemas.js';
export * from './shapes/index.js';
export * from './api/index.js';
export * from './domain/index.js';
