/**
 * The full handler map: the specific handlers of every real route (checked against `RealRoute`, so a
 * missing one is a compile error) and the generic store's handler for every route of the areas declared
 * generic in handlers/areas.ts (derived from the table, no route list by hand).
 */
import { ENDPOINTS } from '../../core/endpoints/index.js';
import { collectionPaths } from '../generic-shape.js';
import { genericHandler } from '../generic-store.js';
import type { Handler, HandlerMap } from '../kit/handler.js';
import { realHandlers, servedGenerically, type GenericHandlers, type RealHandlers } from './areas.js';
import { authHandlers } from './auth.js';
import { billingHandlers } from './billing-index.js';
import { schoolAdminHandlers } from './school-admin-index.js';
import { usersMeHandlers } from './users-me.js';

/**
 * The generic store's handler for every route the table's areas leave to it.
 *
 * @example
 * genericHandlers()['GET lists/{id}'];
 */
export function genericHandlers(): GenericHandlers {
  const collections = collectionPaths(ENDPOINTS);
  // The keys are the routes servedGenerically picks from ENDPOINTS; GenericRoute is derived from the same AREA_SERVICE and AREAS.
  return Object.fromEntries(ENDPOINTS.filter(servedGenerically).map((e) => [e.route, genericHandler(e, collections)])) as GenericHandlers;
}

/** The specific handlers: school administration, billing, sign-in and the signed-in user. */
export const REAL_HANDLERS: RealHandlers = realHandlers({ ...schoolAdminHandlers, ...billingHandlers, ...authHandlers, ...usersMeHandlers });

/** Every route's handler. */
export const HANDLERS: HandlerMap = { ...genericHandlers(), ...REAL_HANDLERS };

/**
 * The handler for a route string, or undefined for a route outside the table.
 *
 * @example
 * handlerFor(HANDLERS, 'POST superuser/invoices/{id}/paid');
 */
export function handlerFor(map: HandlerMap, route: string): Handler | undefined {
  return (map as Readonly<Record<string, Handler>>)[route];
}
