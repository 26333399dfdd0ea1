/** Countries the platform sells in, and their zones (states, nations, provinces). */
import { CURRENCIES } from '../domain/billing.js';
import { defineShape, listOf } from './define.js';

/** A zone of a country (England, New South Wales...). */
export const ZONE = defineShape(
  'zone',
  { id: 'serial', country_code: 'string', code: 'string', name: 'string' },
  { summary: 'A zone of a country', columns: ['id', 'country_code', 'code', 'name'] },
);

/** A country: its currency and VAT rate, whether it is in the EU; its zones where one country is shown, their count in the list. */
export const COUNTRY = defineShape(
  'country',
  {
    code: 'string',
    name: 'string',
    currency: { oneOf: CURRENCIES },
    vat_rate: 'number',
    eu: 'boolean',
    updated_at: 'date',
    zone_count: 'int?',
    zones: listOf(ZONE, { optional: true }),
  },
  { summary: 'A country: currency, VAT rate and zones', columns: ['code', 'name', 'currency', 'vat_rate', 'eu'] },
);
