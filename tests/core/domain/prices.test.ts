import { describe, expect, it } from 'vitest';
import { PHONICS_COSTS, PRICE_GROUPS, PRICE_KINDS, localePrices, priceGroupFor } from '../../../core/domain/prices.js';
import { currencyDigits, formatMoney, minorToDecimal } from '../../../core/domain/money.js';
import { ROUTABLE_LOCALES } from '../../../core/domain/locales.js';

/** Intl separates currency and number with various spaces depending on ICU; compare on plain spaces. */
const plain = (text: string | undefined): string | undefined => text?.replace(/[\u00a0\u202f]/g, ' ');

describe('price table (O §9)', () => {
  it.each([
    ['en-gb', 'GB', '£', ['32.50', '66.50', '2.00', '2.99', '2.99'], 36],
    ['en-au', 'AU', 'A$', ['134.98', '210.00', '7.50', '4.49', '4.49'], 28],
    ['en-us', 'dollar', '$', ['62.50', '140.00', '5.00', '2.99', '2.99'], 28],
    ['en-ca', 'dollar', '$', ['62.50', '140.00', '5.00', '2.99', '2.99'], 28],
    ['en-hk', 'dollar', '$', ['62.50', '140.00', '5.00', '2.99', '2.99'], 28],
    ['en-in', 'dollar', '$', ['62.50', '140.00', '5.00', '2.99', '2.99'], 28],
    ['en-pk', 'dollar', '$', ['62.50', '140.00', '5.00', '2.99', '2.99'], 28],
    ['en-ie', 'IE', '€', ['74.99', '170.00', '4.75', '3.49', '3.49'], 36],
    ['en-nz', 'NZ', 'NZ$', ['74.99', '224.00', '8.00', '4.49', '4.49'], 28],
    ['en-za', 'ZA', 'R', ['1250.00', '3060.00', '85.00', '70.00', '75.00'], 36],
  ])('%s is group %s in %s', (code, group, symbol, display, pupils) => {
    const prices = localePrices(code);
    expect(prices?.group).toBe(group);
    expect(prices?.symbol).toBe(symbol);
    expect(PRICE_KINDS.map((kind) => prices?.display[kind])).toEqual(display);
    expect(prices?.pupilsPerClassroom).toBe(pupils);
  });

  it('formats with Intl in the locale and its currency', () => {
    expect(localePrices('en-gb')?.formatted.personal).toBe('£32.50');
    expect(localePrices('en-us')?.formatted.teacher).toBe('$140.00');
    expect(localePrices('en-ie')?.formatted.premium).toBe('€4.75');
    expect(plain(localePrices('en-za')?.formatted.personal)).toBe('R 1 250,00');
  });

  it('has prices for every routable locale and none for the other languages', () => {
    for (const code of ROUTABLE_LOCALES) expect(priceGroupFor(code)).toBeDefined();
    for (const code of ['fr-fr', 'de-de', 'es-es', 'cy-gb', 'pt-pt', 'pt-br', 'af-za', 'xx'])
      expect(localePrices(code)).toBeUndefined();
  });

  it('holds whole minor units only, and only ZA has a different maths app price', () => {
    for (const [key, row] of Object.entries(PRICE_GROUPS)) {
      for (const kind of PRICE_KINDS) expect(Number.isInteger(row[kind])).toBe(true);
      expect(row.mathsApp === row.app).toBe(key !== 'ZA');
    }
  });

  it('lists phonics costs in pence plus VAT and in rand without VAT', () => {
    const order = ['decodable1', 'decodable2', 'pack1', 'pack2', 'digital'] as const;
    expect(order.map((k) => minorToDecimal(PHONICS_COSTS.gbp[k], 'gbp'))).toEqual([
      '176.00',
      '115.00',
      '750.00',
      '750.00',
      '2.00',
    ]);
    expect(order.map((k) => minorToDecimal(PHONICS_COSTS.zar[k], 'zar'))).toEqual([
      '2800.00',
      '2000.00',
      '13000.00',
      '13000.00',
      '3000.00',
    ]);
    expect(PHONICS_COSTS.gbp.plusVat).toBe(true);
    expect(PHONICS_COSTS.zar.plusVat).toBe(false);
  });
});

describe('money', () => {
  it.each([
    [3250, 'gbp', '32.50'],
    [5, 'usd', '0.05'],
    [-5, 'usd', '-0.05'],
    [0, 'eur', '0.00'],
    [1234, 'jpy', '1234'],
    [9007199254740991, 'gbp', '90071992547409.91'],
  ])('minorToDecimal(%i, %s) is %s', (minor, currency, expected) => {
    expect(minorToDecimal(minor, currency)).toBe(expected);
  });

  it('refuses fractional minor units', () => {
    expect(() => minorToDecimal(1.5, 'gbp')).toThrow(RangeError);
  });

  it('formats large amounts exactly', () => {
    expect(formatMoney(9007199254740991, 'gbp', 'en-GB')).toBe('£90,071,992,547,409.91');
    expect(currencyDigits('GBP')).toBe(2);
  });
});
