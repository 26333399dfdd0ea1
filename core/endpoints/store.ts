import { PAYMENT_METHODS } from '../domain/billing.js';
import { defineArea } from './define.js';

const PO_NUMBER = { kind: 'text', min: 1, max: 64 } as const;

/** What creating a store purchase takes (draft, invoice order or card). `items` is a list of { item_id or sku, quantity }. */
const PURCHASE_PAYLOAD = {
  school_id: 'serial?',
  location_id: 'serial?',
  items: 'json?',
  po_number: { ...PO_NUMBER, optional: true },
  paymentMethod: 'id?',
  skip_email: 'flag?',
  source_dept: { kind: 'text', min: 1, max: 60, optional: true },
} as const;

export const storeArea = defineArea('store', {
  'merch-sales list': {
    route: 'GET superuser/merchsales',
    role: 'superuser',
    summary: 'List merchandise sales across all schools',
  },
  'store-purchases list': {
    route: 'GET store/purchases',
    role: 'admin',
    summary: 'List merchandise purchases',
    payload: { skip: 'skip?', take: 'take?', school_id: 'serial?', state: 'string?' },
    open: true,
  },
  'store-purchases show': {
    route: 'GET store/purchases/{id}',
    role: 'admin',
    summary: 'Show one merchandise purchase',
  },
  'store-purchases create': {
    route: 'POST store/purchases',
    role: 'admin',
    summary: 'Buy merchandise by card',
    payload: PURCHASE_PAYLOAD,
    open: true,
  },
  'store-purchases create-draft': {
    route: 'POST store/purchases/draft',
    role: 'admin',
    summary: 'Save a merchandise order as a draft',
    payload: PURCHASE_PAYLOAD,
    open: true,
  },
  'store-purchases create-invoice': {
    route: 'POST store/purchases/invoice',
    role: 'admin',
    summary: 'Order merchandise to be paid by invoice',
    payload: PURCHASE_PAYLOAD,
    open: true,
  },
  'store-purchases update': {
    route: 'PATCH store/purchases/{id}',
    role: 'superuser',
    summary: 'Update a merchandise purchase',
    payload: { items: 'json?', location_id: 'serial?', po_number: { kind: 'text', max: 64, optional: true }, skip_email: 'flag?' },
    open: true,
  },
  'store-purchases set-shipping': {
    route: 'PATCH store/purchases/{id}/shipping',
    role: 'superuser',
    summary: 'Set the shipping cost of a merchandise purchase',
    payload: { shipping: { kind: 'int', min: 0, max: 1_000_000 } },
    open: true,
    idempotent: true,
  },
  'store-purchases finalise': {
    route: 'PATCH store/purchases/{id}/finalised',
    role: 'superuser',
    summary: 'Finalise a merchandise purchase so it can be paid',
    idempotent: true,
  },
  'store-purchases mark-promised': {
    route: 'PATCH store/purchases/{id}/promised',
    role: 'superuser',
    summary: 'Mark a merchandise purchase promised (payment on its way)',
    payload: { reference: { kind: 'text', max: 120, optional: true } },
    open: true,
    idempotent: true,
  },
  'store-purchases mark-paid': {
    route: 'PATCH store/purchases/{id}/paid',
    role: 'superuser',
    summary: 'Mark a merchandise purchase paid',
    payload: { method: { oneOf: PAYMENT_METHODS, optional: true } },
    open: true,
    idempotent: true,
  },
  'store-purchases mark-shipped': {
    route: 'PATCH store/purchases/{id}/shipped',
    role: 'superuser',
    summary: 'Mark a merchandise purchase shipped',
    payload: { tracking: { kind: 'text', max: 120, optional: true } },
    open: true,
    idempotent: true,
  },
  'store-purchases void': {
    route: 'PATCH store/purchases/{id}/void',
    role: 'superuser',
    summary: 'Void a merchandise purchase',
    destructive: true,
    idempotent: true,
  },
  'store-purchases set-po-number': {
    route: 'PATCH store/purchases/{id}/po_number',
    role: 'admin',
    summary: 'Set the purchase order number of a merchandise purchase',
    payload: { po_number: PO_NUMBER },
    open: true,
    idempotent: true,
  },
  'store-purchases set-source-person': {
    route: 'PATCH store/purchases/{id}/source_person',
    role: 'superuser',
    summary: 'Credit a merchandise purchase to the sales person who made the sale',
    payload: { source_person_id: { kind: 'serial', nullable: true } },
    open: true,
    idempotent: true,
  },
  'store-purchases set-source-dept': {
    route: 'PATCH store/purchases/{id}/source_dept',
    role: 'superuser',
    summary: 'Credit a merchandise purchase to the department that made the sale',
    payload: { source_dept: { kind: 'text', max: 60, nullable: true } },
    open: true,
    idempotent: true,
  },
  'store-purchases delete': {
    route: 'DELETE store/purchases/{id}',
    role: 'superuser',
    summary: 'Delete a merchandise purchase',
    destructive: true,
  },
  'store-purchases remove-po-number': {
    route: 'DELETE store/purchases/{id}/po_number',
    role: 'admin',
    summary: 'Remove the purchase order number from a merchandise purchase',
  },
  'store-purchases send-to-accounting': {
    route: 'POST superuser/merch/{id}/{accounting}',
    role: 'superuser',
    summary: 'Send a merchandise sale to the accounting system',
  },
  'store-items list': {
    route: 'GET store/items',
    role: 'user',
    summary: 'List merchandise store items',
    payload: { skip: 'skip?', take: 'take?', category: 'string?', q: 'string?', location_id: 'serial?', tag: 'string?' },
    open: true,
  },
  'store-items filters': {
    route: 'GET store/item_filters',
    role: 'user',
    summary: 'List the filters the store item list accepts',
  },
  'store-items show': {
    route: 'GET store/items/{id}',
    role: 'user',
    summary: 'Show one store item',
  },
  'store-items show-by-sku': {
    route: 'GET store/items/sku/{sku}',
    role: 'user',
    summary: 'Show a store item by its SKU',
  },
  'store-items create': {
    route: 'POST store/items',
    role: 'superuser',
    summary: 'Add an item to the merchandise store',
    open: true,
  },
  'store-items update': {
    route: 'PATCH store/items',
    role: 'superuser',
    summary: 'Update a store item (the item is named in the body)',
    open: true,
  },
  'store-items set-stock': {
    route: 'PUT store/items/{id}/stock',
    role: 'superuser',
    summary: 'Set the stock level of a store item',
    payload: { stock: { kind: 'int', min: 0, max: 1_000_000, optional: true }, location_id: 'serial?', locations: 'json?' },
    open: true,
  },
  'store-locations list': {
    route: 'GET store/locations',
    role: 'superuser',
    summary: 'List the locations store stock is held at',
  },
  'store-locations show': {
    route: 'GET store/locations/{id}',
    role: 'superuser',
    summary: 'Show one store stock location',
  },
});
