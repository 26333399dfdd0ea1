/** The store area: items, stock, locations, purchases and their lifecycle, merchandise sales. */
import { storeItemHandlers } from './store/items.js';
import { storePurchaseHandlers } from './store/purchases.js';
import { defineRoutes } from './areas.js';

export const storeHandlers = defineRoutes('store', {
  ...storeItemHandlers,
  ...storePurchaseHandlers,
});
