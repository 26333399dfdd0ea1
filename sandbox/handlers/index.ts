/**
 * The full handler map: a generic handler for every route of the table (derived from AREAS through
 * ENDPOINTS, no route list by hand), with each area's specific handlers spread over it. A route missing
 * from the table's areas is a compile error in the area maps below (HandlerMap is keyed by route).
 */
import { ENDPOINTS, type Endpoint } from '../../core/endpoints/index.js';
import { collectionPaths } from '../generic-shape.js';
import { genericHandler } from '../generic-store.js';
import type { Handler, HandlerMap, PartialHandlerMap } from '../handler.js';
import { authHandlers } from './auth.js';
import { usersMeHandlers } from './users-me.js';

/**
 * The generic store's handler for every route of a table.
 *
 * @example
 * const generic = genericHandlers(ENDPOINTS);
 */
export function genericHandlers(endpoints: readonly Endpoint[] = ENDPOINTS): HandlerMap {
  const collections = collectionPaths(endpoints);
  // The keys are exactly the table's routes: ENDPOINTS is built from AREAS, EndpointRoute from the same AREAS.
  return Object.fromEntries(endpoints.map((e) => [e.route, genericHandler(e, collections)])) as HandlerMap;
}

/** The specific maps, in override order (later wins). */
export const SPECIFIC_HANDLERS: readonly PartialHandlerMap[] = [authHandlers, usersMeHandlers];

/** Every route's handler. */
export const HANDLERS: HandlerMap = Object.assign(genericHandlers(), ...SPECIFIC_HANDLERS) as HandlerMap;

/**
 * The handler for a route string, or undefined for a route outside the table.
 *
 * @example
 * handlerFor(HANDLERS, 'POST superuser/invoices/{id}/paid');
 */
export function handlerFor(map: HandlerMap, route: string): Handler | undefined {
  return (map as Readonly<Record<string, Handler>>)[route];
}
