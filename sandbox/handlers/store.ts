/** The store area: items, stock, locations, purchases and their lifecycle, merchandise sales. */
import type { PartialHandlerMap } from '../kit/handler.js';
import { storeItemHandlers } from './billing/store-items.js';
import { storePurchaseHandlers } from './billing/store-purchases.js';

const { 'POST store/purchases/{id}/pay': _pay, ...purchaseCalls } = storePurchaseHandlers;

export const storeHandlers = {
  ...storeItemHandlers,
  ...purchaseCalls,
} satisfies PartialHandlerMap;
