import type { Endpoint } from '../../core/endpoints/define.js';
import { ENDPOINTS, type EndpointName } from '../../core/endpoints/index.js';

/**
 * The table entry of a command, for curated commands that build their own requests (a typo in the name
 * fails to compile).
 *
 * @example
 * buildRequest(tableEndpoint('snapshots create'), { start, end }, { idempotencyKey });
 */
export function tableEndpoint(command: EndpointName): Endpoint {
  const found = ENDPOINTS.find((e) => e.command === command);
  if (!found) throw new Error(`no table entry "${command}"`);
  return found;
}
