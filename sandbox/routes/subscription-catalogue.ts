/** The subscription-catalogue area: products, scopes, plans, the plans cache and plan actions. */
import { catalogueHandlers } from './subscription-catalogue/catalogue.js';
import { defineRoutes } from './areas.js';

export const subscriptionCatalogueHandlers = defineRoutes('subscription-catalogue', { ...catalogueHandlers });
