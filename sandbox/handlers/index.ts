/**
 * The full handler map: a generic handler for every route of the table (derived from AREAS through
 * ENDPOINTS, no route list by hand), with each area's specific handlers spread over it. A route missing
 * from the table's areas is a compile error in the area maps below (HandlerMap is keyed by route).
 */
import { ENDPOINTS, type Endpoint } from '../../core/endpoints/index.js';
import { collectionPaths } from '../generic-shape.js';
import { genericHandler } from '../generic-store.js';
import type { Handler, HandlerMap } from '../handler.js';
import { authHandlers } from './auth.js';
import { countriesHandlers } from './countries.js';
import { paymentsHandlers } from './payments.js';
import { salesReportingHandlers } from './sales-reporting.js';
import { schoolAdminHandlers } from './school-admin-index.js';
import { schoolSubscriptionsHandlers } from './school-subscriptions.js';
import { storeHandlers } from './store.js';
import { subscriptionCatalogueHandlers } from './subscription-catalogue.js';
import { superuserBillingHandlers } from './superuser-billing.js';
import { systemHandlers } from './system.js';
import { usersMeHandlers } from './users-me.js';
import { vatHandlers } from './vat.js';

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

/** Every route's handler: the generic store, with each area's specific handlers spread over it. */
export const HANDLERS: HandlerMap = {
  ...genericHandlers(),
  ...schoolAdminHandlers,
  ...schoolSubscriptionsHandlers,
  ...superuserBillingHandlers,
  ...paymentsHandlers,
  ...storeHandlers,
  ...subscriptionCatalogueHandlers,
  ...salesReportingHandlers,
  ...countriesHandlers,
  ...vatHandlers,
  ...systemHandlers,
  ...authHandlers,
  ...usersMeHandlers,
};

/**
 * The handler for a route string, or undefined for a route outside the table.
 *
 * @example
 * handlerFor(HANDLERS, 'POST superuser/invoices/{id}/paid');
 */
export function handlerFor(map: HandlerMap, route: string): Handler | undefined {
  return (map as Readonly<Record<string, Handler>>)[route];
}
