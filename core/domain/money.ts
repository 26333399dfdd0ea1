/**
 * Money as integers of the currency's minor unit (pence, cents). Display goes through Intl.NumberFormat with
 * an exact decimal string, so no amount ever passes through a binary fraction.
 */

const formats = new Map<string, Intl.NumberFormat>();

/** One formatter per locale and currency, made once: making one costs far more than using it. */
function currencyFormat(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale} ${currency.toUpperCase()}`;
  let format = formats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() });
    formats.set(key, format);
  }
  return format;
}

/**
 * How many minor-unit digits a currency has (2 for GBP, 0 for JPY), as Intl knows it.
 *
 * @example
 * currencyDigits('gbp') // 2
 */
export function currencyDigits(currency: string): number {
  return currencyFormat('en', currency).resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * The exact decimal form of a minor-unit amount.
 *
 * @example
 * minorToDecimal(3250, 'gbp')  // '32.50'
 * minorToDecimal(-5, 'usd')    // '-0.05'
 */
export function minorToDecimal(minor: number, currency: string): `${number}` {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Amount ${minor} is not a whole number of minor units`);
  const digits = currencyDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  const whole = text.slice(0, text.length - digits);
  const fraction = text.slice(text.length - digits);
  return `${sign}${whole}${digits > 0 ? `.${fraction}` : ''}` as `${number}`;
}

/**
 * Formats a minor-unit amount in a currency for a display locale.
 *
 * @example
 * formatMoney(3250, 'gbp', 'en-GB')  // '£32.50'
 * formatMoney(125000, 'zar', 'en-ZA') // 'R 1 250,00'
 */
export function formatMoney(minor: number, currency: string, displayLocale = 'en-GB'): string {
  return currencyFormat(displayLocale, currency).format(minorToDecimal(minor, currency));
}
