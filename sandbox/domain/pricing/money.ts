import { localeForCountry } from '../../../core/domain/locales.js';

/**
 * Money in the sandbox: integers in minor units with a lowercase currency code. Exchange rates are fixed
 * sandbox rates (a rehearsal needs stable numbers, not live ones).
 */
import { CURRENCIES } from '../../../core/domain/billing.js';

export { CURRENCIES };
export type Currency = (typeof CURRENCIES)[number];

/** Units of gbp per unit of the currency. */
export const GBP_RATES: Readonly<Record<Currency, number>> = {
  gbp: 1,
  usd: 0.79,
  aud: 0.52,
  eur: 0.85,
  nzd: 0.47,
  zar: 0.042,
};

/**
 * The billing currency of a country: its locale's currency (core's locale table) where the sandbox bills
 * in it, euro in the euro area, else usd.
 *
 * @example
 * currencyFor('AU') // 'aud'
 */
export function currencyFor(country: string, euro = false): Currency {
  const own = localeForCountry(country)?.currency;
  if (own !== undefined && isCurrency(own)) return own;
  return euro ? 'eur' : 'usd';
}

/** Whether a text is one of the billing currencies. */
export function isCurrency(text: string): text is Currency {
  return (CURRENCIES as readonly string[]).includes(text);
}

/**
 * An amount converted to gbp minor units at the sandbox rate.
 *
 * @example
 * toGbp(10_000, 'usd') // 7900
 */
export function toGbp(amount: number, currency: Currency): number {
  return Math.round(amount * GBP_RATES[currency]);
}

/**
 * The share of `amount` for `part` days of `whole`, rounded to the minor unit, never negative.
 *
 * @example
 * prorate(36_500, 73, 365) // 7300
 */
export function prorate(amount: number, part: number, whole: number): number {
  if (whole <= 0 || part <= 0) return 0;
  return Math.round((amount * Math.min(part, whole)) / whole);
}
