import type { Db } from '../database.js';

/** code, name, currency, VAT or sales-tax rate (percent), EU member, zones as "CODE:Name" */
const COUNTRIES: readonly (readonly [string, string, string, number, 0 | 1, readonly string[]])[] = [
  ['GB', 'United Kingdom', 'gbp', 20, 0, ['ENG:England', 'SCT:Scotland', 'WLS:Wales', 'NIR:Northern Ireland']],
  [
    'US',
    'United States',
    'usd',
    0,
    0,
    [
      'AL:Alabama',
      'AZ:Arizona',
      'CA:California',
      'CO:Colorado',
      'FL:Florida',
      'GA:Georgia',
      'IL:Illinois',
      'MA:Massachusetts',
      'MI:Michigan',
      'NY:New York',
      'NC:North Carolina',
      'OH:Ohio',
      'OR:Oregon',
      'PA:Pennsylvania',
      'TX:Texas',
      'VA:Virginia',
      'WA:Washington',
    ],
  ],
  [
    'AU',
    'Australia',
    'aud',
    10,
    0,
    [
      'ACT:Australian Capital Territory',
      'NSW:New South Wales',
      'NT:Northern Territory',
      'QLD:Queensland',
      'SA:South Australia',
      'TAS:Tasmania',
      'VIC:Victoria',
      'WA:Western Australia',
    ],
  ],
  ['NZ', 'New Zealand', 'nzd', 15, 0, ['AUK:Auckland', 'CAN:Canterbury', 'OTA:Otago', 'WGN:Wellington', 'WKO:Waikato']],
  [
    'ZA',
    'South Africa',
    'zar',
    15,
    0,
    [
      'EC:Eastern Cape',
      'FS:Free State',
      'GP:Gauteng',
      'KZN:KwaZulu-Natal',
      'LP:Limpopo',
      'MP:Mpumalanga',
      'NC:Northern Cape',
      'NW:North West',
      'WC:Western Cape',
    ],
  ],
  [
    'CA',
    'Canada',
    'usd',
    5,
    0,
    [
      'AB:Alberta',
      'BC:British Columbia',
      'MB:Manitoba',
      'NB:New Brunswick',
      'NL:Newfoundland and Labrador',
      'NS:Nova Scotia',
      'ON:Ontario',
      'PE:Prince Edward Island',
      'QC:Quebec',
      'SK:Saskatchewan',
    ],
  ],
  ['IE', 'Ireland', 'eur', 23, 1, ['C:Connacht', 'L:Leinster', 'M:Munster', 'U:Ulster']],
  ['FR', 'France', 'eur', 20, 1, []],
  ['DE', 'Germany', 'eur', 19, 1, []],
  ['ES', 'Spain', 'eur', 21, 1, []],
  ['IT', 'Italy', 'eur', 22, 1, []],
  ['NL', 'Netherlands', 'eur', 21, 1, []],
  ['BE', 'Belgium', 'eur', 21, 1, []],
  ['AT', 'Austria', 'eur', 20, 1, []],
  ['PT', 'Portugal', 'eur', 23, 1, []],
  ['FI', 'Finland', 'eur', 25.5, 1, []],
  ['DK', 'Denmark', 'eur', 25, 1, []],
  ['SE', 'Sweden', 'eur', 25, 1, []],
  ['PL', 'Poland', 'eur', 23, 1, []],
  ['AE', 'United Arab Emirates', 'usd', 5, 0, ['AZ:Abu Dhabi', 'DU:Dubai', 'SH:Sharjah']],
  ['SG', 'Singapore', 'usd', 9, 0, []],
  ['HK', 'Hong Kong', 'usd', 0, 0, []],
];

/**
 * Seeds the countries with their zones, tax rates and billing currencies.
 *
 * @example
 * seedCountries(db, now);
 */
export function seedCountries(db: Db, now: Date): void {
  const country = db.prepare(
    'INSERT INTO countries (code, name, currency, vat_rate, eu, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const zone = db.prepare('INSERT INTO country_zones (country_code, code, name) VALUES (?, ?, ?)');
  for (const [code, name, currency, rate, eu, zones] of COUNTRIES) {
    country.run(code, name, currency, rate, eu, now.toISOString());
    for (const z of zones) {
      const [zoneCode = '', zoneName = ''] = z.split(':');
      zone.run(code, zoneCode, zoneName);
    }
  }
}
