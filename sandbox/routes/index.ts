/**
 * The full handler map: the specific handlers of every real route (checked against `RealRoute`, so a
 * missing one is a compile error) and the generic store's handler for every route of the areas declared
 * generic in routes/areas.ts (derived from the table, no route list by hand).
 */
import { ENDPOINTS } from '../../core/endpoints/index.js';
import { genericTable } from '../generic/shape.js';
import { genericHandler } from '../generic/store.js';
import type { Handler, HandlerMap } from '../kit/handler.js';
import { realHandlers, servedGenerically, type GenericHandlers, type RealHandlers } from './areas.js';
import { authHandlers } from './auth.js';
import { avatarHandlers } from './avatar.js';
import { countriesHandlers } from './countries.js';
import { curriculaResourcesHandlers } from './curricula-resources.js';
import { deletedUsersHandlers } from './deleted-users.js';
import { districtsHandlers } from './districts.js';
import { groupsHandlers } from './groups.js';
import { hivesLeaguesHandlers } from './hives-leagues.js';
import { homeworkHandlers } from './homework.js';
import { paymentsHandlers } from './payments.js';
import { pupilsHandlers } from './pupils.js';
import { rewardsHandlers } from './rewards.js';
import { rosteringHandlers } from './rostering.js';
import { salesReportingHandlers } from './sales-reporting.js';
import { schoolHandlers } from './school.js';
import { schoolSubscriptionsHandlers } from './school-subscriptions.js';
import { siteHandlers } from './site.js';
import { storeHandlers } from './store.js';
import { subscriptionCatalogueHandlers } from './subscription-catalogue.js';
import { superuserBillingHandlers } from './superuser-billing.js';
import { systemHandlers } from './system.js';
import { teachersUsersHandlers } from './teachers-users.js';
import { vatHandlers } from './vat.js';

/**
 * The generic store's handler for every route the table's areas leave to it.
 *
 * @example
 * genericHandlers()['GET lists/{id}'];
 */
export function genericHandlers(): GenericHandlers {
  const table = genericTable(ENDPOINTS);
  // The keys are the routes servedGenerically picks from ENDPOINTS; GenericRoute is derived from the same AREA_SERVICE and AREAS.
  return Object.fromEntries(
    ENDPOINTS.filter(servedGenerically).map((e) => [e.route, genericHandler(e, table)]),
  ) as unknown as GenericHandlers;
}

/** The specific handlers: one routes/<area>.ts per area with real behaviour, each typed to its area's routes. */
export const REAL_HANDLERS: RealHandlers = realHandlers({
  ...siteHandlers,
  ...authHandlers,
  ...avatarHandlers,
  ...curriculaResourcesHandlers,
  ...schoolHandlers,
  ...paymentsHandlers,
  ...rosteringHandlers,
  ...pupilsHandlers,
  ...groupsHandlers,
  ...homeworkHandlers,
  ...hivesLeaguesHandlers,
  ...teachersUsersHandlers,
  ...schoolSubscriptionsHandlers,
  ...subscriptionCatalogueHandlers,
  ...superuserBillingHandlers,
  ...districtsHandlers,
  ...rewardsHandlers,
  ...deletedUsersHandlers,
  ...salesReportingHandlers,
  ...countriesHandlers,
  ...storeHandlers,
  ...vatHandlers,
  ...systemHandlers,
});

/** Every route's handler. */
export const HANDLERS: HandlerMap = { ...genericHandlers(), ...REAL_HANDLERS };

/**
 * The handler for a route string, or undefined for a route outside the table.
 *
 * @example
 * handlerFor(HANDLERS, 'POST superuser/invoices/{id}/paid');
 */
export function handlerFor(map: HandlerMap, route: string): Handler | undefined {
  // Each handler is typed for its own entry's payload; the pipeline calls it only after parsing the
  // request with that same entry's schema, which is what makes the widening here sound.
  return (map as unknown as Readonly<Record<string, Handler>>)[route];
}
