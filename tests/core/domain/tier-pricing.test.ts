import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRICE_SCHEMA, parsePrice, type Price, type PriceTier } from '../../../core/domain/price-schema.js';
import { priceQuantity } from '../../../core/domain/tier-pricing.js';

const amount = fc.integer({ min: 0, max: 100_000 });

/** Valid tiers: strictly increasing bounds, the last unbounded. */
const tiersArb: fc.Arbitrary<PriceTier[]> = fc
  .uniqueArray(fc.integer({ min: 1, max: 500 }), { minLength: 0, maxLength: 6 })
  .chain((bounds) => {
    const sorted = [...bounds].sort((a, b) => a - b);
    const upTos: (number | null)[] = [...sorted, null];
    return fc.tuple(
      ...upTos.map((up_to) => fc.record({ up_to: fc.constant(up_to), unit_amount: amount, flat_amount: amount })),
    );
  });

const quantityArb = fc.integer({ min: 0, max: 800 });

/** Independent oracle: walk unit by unit and charge each unit at its tier. */
function graduatedByUnits(tiers: readonly PriceTier[], quantity: number): number {
  let total = 0;
  const charged = new Set<number>();
  for (let unit = 1; unit <= quantity; unit += 1) {
    const index = tiers.findIndex((tier) => tier.up_to === null || unit <= tier.up_to);
    const tier = tiers[index] as PriceTier;
    total += tier.unit_amount ?? 0;
    if (!charged.has(index)) {
      charged.add(index);
      total += tier.flat_amount ?? 0;
    }
  }
  return total;
}

describe('priceQuantity: examples', () => {
  const tiers: PriceTier[] = [
    { up_to: 10, unit_amount: 500, flat_amount: 1000 },
    { up_to: 20, unit_amount: 400, flat_amount: 0 },
    { up_to: null, unit_amount: 300, flat_amount: 200 },
  ];

  it.each([
    [0, 0],
    [1, 1500],
    [10, 6000],
    [11, 6400],
    [20, 10000],
    [21, 10500],
  ])('graduated, quantity %i costs %i', (quantity, total) => {
    expect(priceQuantity({ price_type: 'graduated', price_tiers: tiers }, quantity).total).toBe(total);
  });

  it.each([
    [0, 0],
    [1, 1500],
    [10, 6000],
    [11, 4400],
    [25, 7700],
  ])('volume, quantity %i costs %i', (quantity, total) => {
    expect(priceQuantity({ price_type: 'volume', price_tiers: tiers }, quantity).total).toBe(total);
  });

  it('fixed is quantity times unit amount plus the flat amount', () => {
    expect(priceQuantity({ price_type: 'fixed', unit_amount: 299, flat_amount: 50 }, 3).total).toBe(947);
    expect(priceQuantity({ price_type: 'fixed', flat_amount: 6650 }, 7).total).toBe(6650);
  });

  it('gives one line per tier reached', () => {
    const quote = priceQuantity({ price_type: 'graduated', price_tiers: tiers }, 12);
    expect(quote.lines.map((l) => [l.tier, l.quantity, l.amount])).toEqual([
      [0, 10, 6000],
      [1, 2, 800],
    ]);
  });

  it('has no floating-point drift on amounts that are inexact as decimals', () => {
    // 0.1 + 0.2 style trouble would show here if amounts were pounds instead of pence.
    expect(priceQuantity({ price_type: 'fixed', unit_amount: 10 }, 3).total).toBe(30);
    expect(priceQuantity({ price_type: 'volume', price_tiers: [{ up_to: null, unit_amount: 1349 }] }, 1000).total).toBe(
      1_349_000,
    );
  });

  it.each([[-1], [1.5], [Number.NaN]])('refuses quantity %s', (quantity) => {
    expect(() => priceQuantity({ price_type: 'fixed', unit_amount: 1 }, quantity)).toThrow(RangeError);
  });

  it('refuses a total beyond exact integer range', () => {
    expect(() => priceQuantity({ price_type: 'fixed', unit_amount: Number.MAX_SAFE_INTEGER }, 2)).toThrow(RangeError);
  });

  it('refuses a quantity past a bounded last tier (an unvalidated price)', () => {
    const bounded: Price = { price_type: 'graduated', price_tiers: [{ up_to: 5, unit_amount: 1 }] };
    expect(() => priceQuantity(bounded, 6)).toThrow(RangeError);
    expect(() => priceQuantity({ ...bounded, price_type: 'volume' }, 6)).toThrow(RangeError);
  });
});

describe('priceQuantity: properties', () => {
  it('graduated equals the sum over tiers of the units in each tier', () => {
    fc.assert(
      fc.property(tiersArb, quantityArb, (tiers, quantity) => {
        const quote = priceQuantity({ price_type: 'graduated', price_tiers: tiers }, quantity);
        expect(quote.total).toBe(graduatedByUnits(tiers, quantity));
        expect(quote.lines.reduce((sum, l) => sum + l.quantity, 0)).toBe(quantity);
      }),
    );
  });

  it('volume prices every unit at the one tier the quantity falls in', () => {
    fc.assert(
      fc.property(tiersArb, fc.integer({ min: 1, max: 800 }), (tiers, quantity) => {
        const quote = priceQuantity({ price_type: 'volume', price_tiers: tiers }, quantity);
        const index = tiers.findIndex((tier) => tier.up_to === null || quantity <= tier.up_to);
        const tier = tiers[index] as PriceTier;
        expect(quote.lines).toHaveLength(1);
        expect(quote.lines[0]?.tier).toBe(index);
        expect(quote.total).toBe(quantity * (tier.unit_amount ?? 0) + (tier.flat_amount ?? 0));
      }),
    );
  });

  it('fixed and graduated are monotonic in quantity', () => {
    fc.assert(
      fc.property(tiersArb, amount, amount, quantityArb, (tiers, unit, flat, quantity) => {
        for (const price of [
          { price_type: 'graduated', price_tiers: tiers },
          { price_type: 'fixed', unit_amount: unit, flat_amount: flat },
        ] as Price[]) {
          expect(priceQuantity(price, quantity + 1).total).toBeGreaterThanOrEqual(priceQuantity(price, quantity).total);
        }
      }),
    );
  });

  it('volume is monotonic in quantity within a tier', () => {
    fc.assert(
      fc.property(tiersArb, quantityArb, (tiers, quantity) => {
        const price: Price = { price_type: 'volume', price_tiers: tiers };
        const here = priceQuantity(price, quantity + 1);
        const next = priceQuantity(price, quantity + 2);
        if (here.lines[0]?.tier === next.lines[0]?.tier) expect(next.total).toBeGreaterThanOrEqual(here.total);
      }),
    );
  });

  it('volume is not monotonic across a tier boundary when the next tier is cheaper (why the rule above is per tier)', () => {
    const price: Price = {
      price_type: 'volume',
      price_tiers: [
        { up_to: 10, unit_amount: 500 },
        { up_to: null, unit_amount: 400 },
      ],
    };
    expect(priceQuantity(price, 11).total).toBeLessThan(priceQuantity(price, 10).total);
  });

  it('every valid price parses and prices every quantity to a safe integer', () => {
    const priceArb = fc.oneof(
      fc.record({ price_type: fc.constant('fixed' as const), unit_amount: amount, flat_amount: amount }),
      fc.record({ price_type: fc.constantFrom('graduated' as const, 'volume' as const), price_tiers: tiersArb }),
    );
    fc.assert(
      fc.property(priceArb, quantityArb, (raw, quantity) => {
        const total = priceQuantity(parsePrice(raw), quantity).total;
        expect(Number.isSafeInteger(total) && total >= 0).toBe(true);
      }),
    );
  });
});

describe('PRICE_SCHEMA', () => {
  it.each([
    [{ price_type: 'graduated', price_tiers: [] }, 'price_tiers'],
    [{ price_type: 'volume' }, 'price_tiers'],
    [
      {
        price_type: 'graduated',
        price_tiers: [
          { up_to: null, unit_amount: 1 },
          { up_to: 5, unit_amount: 1 },
        ],
      },
      'price_tiers.0.up_to',
    ],
    [{ price_type: 'graduated', price_tiers: [{ up_to: 5, unit_amount: 1 }] }, 'price_tiers.0.up_to'],
    [{ price_type: 'graduated', price_tiers: [{ up_to: 5 }, { up_to: 5 }, { up_to: null }] }, 'price_tiers.1.up_to'],
    [{ price_type: 'fixed' }, 'unit_amount'],
    [{ price_type: 'fixed', unit_amount: 2.5 }, 'unit_amount'],
    [{ price_type: 'fixed', unit_amount: -1 }, 'unit_amount'],
    [{ price_type: 'tiered', unit_amount: 1 }, 'price_type'],
  ])('refuses %j at %s', (input, path) => {
    const result = PRICE_SCHEMA.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain(path);
  });

  it('accepts a tiered price with null amounts and drops unknown keys', () => {
    const price = parsePrice({
      id: 'price_1',
      price_type: 'volume',
      price_tiers: [{ up_to: null, unit_amount: null, flat_amount: 100 }],
    });
    expect(price).toEqual({
      price_type: 'volume',
      price_tiers: [{ up_to: null, unit_amount: null, flat_amount: 100 }],
    });
  });
});
