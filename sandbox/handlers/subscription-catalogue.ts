/** The subscription-catalogue area: products, scopes, plans, the plans cache and plan actions. */
import type { PartialHandlerMap } from '../kit/handler.js';
import { catalogueHandlers } from './billing/catalogue.js';

export const subscriptionCatalogueHandlers = { ...catalogueHandlers } satisfies PartialHandlerMap;
