/** Countries where the freemium offer applies (O §6). */
export const FREEMIUM_COUNTRIES = [
  'GB',
  'GG',
  'JE',
  'IM',
  'IE',
  'AE',
  'QA',
  'EG',
  'IQ',
  'SA',
  'BH',
  'OM',
  'IR',
  'KW',
  'JO',
] as const;
export type FreemiumCountry = (typeof FREEMIUM_COUNTRIES)[number];

/** Domestic countries (O §6). */
export const DOMESTIC_COUNTRIES = ['US'] as const;
export type DomesticCountry = (typeof DOMESTIC_COUNTRIES)[number];

/**
 * The 57 recognised US region codes (O §9): 50 states, DC and the territories AS, GU, MP, PR, UM, VI.
 * Written as the two-letter subdivision part (our choice); `isUsRegion` also takes the `US-` form.
 */
export const US_REGION_CODES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
  'DC',
  'AS',
  'GU',
  'MP',
  'PR',
  'UM',
  'VI',
] as const;
export type UsRegionCode = (typeof US_REGION_CODES)[number];

/** Region codes the normaliser rewrites (O §9); everything else passes unchanged. */
export const REGION_ALIASES = {
  'GB-CHA': 'JE',
  'GB-ENG': 'GB',
  'GB-NIR': 'GB',
  'GB-SCT': 'GB',
  'GB-WLS': 'GB',
  EL: 'GR',
} as const;

/**
 * Normalises a region code (O §9): GB-CHA to JE; GB-ENG, GB-NIR, GB-SCT, GB-WLS to GB; EL to GR. The input
 * is matched case-insensitively; anything else is returned unchanged, exactly as given.
 *
 * @example
 * normaliseRegionCode('gb-sct') // 'GB'
 * normaliseRegionCode('EL')     // 'GR'
 * normaliseRegionCode('fr')     // 'fr'
 */
export function normaliseRegionCode(code: string): string {
  const upper = code.toUpperCase();
  return Object.hasOwn(REGION_ALIASES, upper) ? REGION_ALIASES[upper as keyof typeof REGION_ALIASES] : code;
}

function countryKey(code: string): string {
  return normaliseRegionCode(code.trim()).toUpperCase();
}

/**
 * Whether a country (or a region the normaliser maps to one) is a freemium country.
 *
 * @example
 * isFreemiumCountry('GB-WLS') // true
 * isFreemiumCountry('us')     // false
 */
export function isFreemiumCountry(code: string): boolean {
  return (FREEMIUM_COUNTRIES as readonly string[]).includes(countryKey(code));
}

/**
 * Whether a country is domestic (the US).
 *
 * @example
 * isDomesticCountry('us') // true
 */
export function isDomesticCountry(code: string): boolean {
  return (DOMESTIC_COUNTRIES as readonly string[]).includes(countryKey(code));
}

/**
 * Whether a code is a recognised US region, as `TX` or `US-TX`, any case.
 *
 * @example
 * isUsRegion('us-tx') // true
 * isUsRegion('ON')    // false
 */
export function isUsRegion(code: string): boolean {
  const upper = code.trim().toUpperCase();
  const bare = upper.startsWith('US-') ? upper.slice(3) : upper;
  return (US_REGION_CODES as readonly string[]).includes(bare);
}
