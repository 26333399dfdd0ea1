/** The store area: items, stock, locations, purchases and their lifecycle, merchandise sales. */
import { storeItemHandlers } from './store/items.js';
import { storePurchaseHandlers } from './store/purchases.js';
import { defineRoutes } from './areas.js';

const { 'POST store/purchases/{id}/pay': _pay, ...purchaseCalls } = storePurchaseHandlers;

export const storeHandlers = defineRoutes('store', {
  ...storeItemHandlers,
  ...purchaseCalls,
});
