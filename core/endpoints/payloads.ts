/**
 * Payload field sets that several entries (in more than one area) take, stated once. Plain data like
 * every entry.
 */

/** What an upgrade takes: another plan, more seats. */
export const UPGRADE_PAYLOAD = {
  plan_id: 'serial?',
  seats: { kind: 'int', min: 0, max: 100_000, optional: true },
  teacher_seats: { kind: 'int', min: 0, max: 10_000, optional: true },
} as const;

/** What pricing a subscription takes: the plan (or the product's default plan), seats, a coupon, years for multi-year. */
export const QUOTE_PAYLOAD = {
  ...UPGRADE_PAYLOAD,
  product_id: 'serial?',
  coupon: { kind: 'text', min: 1, optional: true },
  years: { kind: 'int', min: 2, max: 5, optional: true },
} as const;

/** What creating or granting a subscription takes, whichever kind it is: a quote's fields plus its period and PO number. */
export const GRANT_PAYLOAD = {
  ...QUOTE_PAYLOAD,
  start: 'day?',
  expiry: 'day?',
  po_number: { kind: 'text', min: 1, max: 64, optional: true },
} as const;
