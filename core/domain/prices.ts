import { findLocale, type CurrencyCode, type LocaleEntry } from './locales.js';
import { formatMoney, minorToDecimal } from './money.js';

/**
 * Per-locale prices from the English locale messages (O §9), in minor units of the locale's currency.
 * `mathsApp` equals `app` everywhere except ZA (70 against 75).
 */
export const PRICE_GROUPS = {
  GB: {
    countries: ['GB'],
    symbol: '£',
    personal: 3250,
    teacher: 6650,
    premium: 200,
    app: 299,
    mathsApp: 299,
    pupilsPerClassroom: 36,
  },
  AU: {
    countries: ['AU'],
    symbol: 'A$',
    personal: 13498,
    teacher: 21000,
    premium: 750,
    app: 449,
    mathsApp: 449,
    pupilsPerClassroom: 28,
  },
  dollar: {
    countries: ['CA', 'US', 'HK', 'IN', 'PK'],
    symbol: '$',
    personal: 6250,
    teacher: 14000,
    premium: 500,
    app: 299,
    mathsApp: 299,
    pupilsPerClassroom: 28,
  },
  IE: {
    countries: ['IE'],
    symbol: '€',
    personal: 7499,
    teacher: 17000,
    premium: 475,
    app: 349,
    mathsApp: 349,
    pupilsPerClassroom: 36,
  },
  NZ: {
    countries: ['NZ'],
    symbol: 'NZ$',
    personal: 7499,
    teacher: 22400,
    premium: 800,
    app: 449,
    mathsApp: 449,
    pupilsPerClassroom: 28,
  },
  ZA: {
    countries: ['ZA'],
    symbol: 'R',
    personal: 125000,
    teacher: 306000,
    premium: 8500,
    app: 7000,
    mathsApp: 7500,
    pupilsPerClassroom: 36,
  },
} as const;

export type PriceGroupKey = keyof typeof PRICE_GROUPS;
export type PriceGroup = (typeof PRICE_GROUPS)[PriceGroupKey];
/** The amounts of a price row, in minor units. */
export const PRICE_KINDS = ['personal', 'teacher', 'premium', 'app', 'mathsApp'] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];

/** Phonics costs (O §9), minor units, in the order decodable 1, decodable 2, pack 1, pack 2, digital. */
export const PHONICS_COSTS = {
  gbp: {
    currency: 'gbp',
    plusVat: true,
    decodable1: 17600,
    decodable2: 11500,
    pack1: 75000,
    pack2: 75000,
    digital: 200,
  },
  zar: {
    currency: 'zar',
    plusVat: false,
    decodable1: 280000,
    decodable2: 200000,
    pack1: 1300000,
    pack2: 1300000,
    digital: 300000,
  },
} as const;

export type PhonicsCostCurrency = keyof typeof PHONICS_COSTS;

/** A locale's price row, ready to show. */
export interface LocalePrices {
  readonly locale: LocaleEntry;
  readonly group: PriceGroupKey;
  readonly currency: CurrencyCode;
  readonly symbol: PriceGroup['symbol'];
  readonly pupilsPerClassroom: number;
  /** Minor units. */
  readonly amounts: Readonly<Record<PriceKind, number>>;
  /** Exact decimal strings (`'32.50'`). */
  readonly display: Readonly<Record<PriceKind, string>>;
  /** Formatted with Intl.NumberFormat for the locale (`'£32.50'`). */
  readonly formatted: Readonly<Record<PriceKind, string>>;
}

/**
 * The price group of a locale. Only the English locales carry prices (they come from the English messages).
 *
 * @example
 * priceGroupFor('en-in') // 'dollar'
 * priceGroupFor('fr-fr') // undefined
 */
export function priceGroupFor(localeCode: string): PriceGroupKey | undefined {
  const locale = findLocale(localeCode);
  if (!locale || locale.language !== 'en') return undefined;
  const keys = Object.keys(PRICE_GROUPS) as PriceGroupKey[];
  return keys.find((key) => (PRICE_GROUPS[key].countries as readonly string[]).includes(locale.country));
}

/**
 * A locale's prices in minor units, as exact decimals and formatted with the locale's currency.
 *
 * @example
 * localePrices('en-au')?.formatted.personal // '$134.98' (Intl's symbol for AUD in en-AU)
 * localePrices('en-za')?.amounts.mathsApp   // 7500
 */
export function localePrices(localeCode: string): LocalePrices | undefined {
  const group = priceGroupFor(localeCode);
  const locale = findLocale(localeCode);
  if (!group || !locale) return undefined;
  const row = PRICE_GROUPS[group];
  const amounts = Object.fromEntries(PRICE_KINDS.map((kind) => [kind, row[kind]])) as Record<PriceKind, number>;
  const map = (fn: (minor: number) => string): Record<PriceKind, string> =>
    Object.fromEntries(PRICE_KINDS.map((kind) => [kind, fn(amounts[kind])])) as Record<PriceKind, string>;
  return {
    locale,
    group,
    currency: locale.currency,
    symbol: row.symbol,
    pupilsPerClassroom: row.pupilsPerClassroom,
    amounts,
    display: map((minor) => minorToDecimal(minor, locale.currency)),
    formatted: map((minor) => formatMoney(minor, locale.currency, locale.iso)),
  };
}
