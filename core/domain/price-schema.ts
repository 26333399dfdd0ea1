import { z } from 'zod';

/** A whole, non-negative number of minor units that stays exact in a double. */
const minorAmount = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

export const PRICE_TYPES = ['fixed', 'graduated', 'volume'] as const;
export type PriceType = (typeof PRICE_TYPES)[number];

export const PRICE_TIER_SCHEMA = z.object({
  /** The last unit this tier covers; null means unbounded. */
  up_to: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable(),
  unit_amount: minorAmount.nullish(),
  flat_amount: minorAmount.nullish(),
});

/**
 * A price (O §3), amounts in minor units. Rules the spec leaves open, our choice (they are Stripe's):
 * tiered prices need at least one tier, bounds strictly increasing, and only the last tier unbounded (and it
 * must be, so every quantity has a tier); a fixed price needs a unit or a flat amount.
 */
export const PRICE_SCHEMA = z
  .object({
    price_type: z.enum(PRICE_TYPES),
    unit_amount: minorAmount.nullish(),
    flat_amount: minorAmount.nullish(),
    price_tiers: z.array(PRICE_TIER_SCHEMA).nullish(),
  })
  .superRefine((price, ctx) => {
    if (price.price_type === 'fixed') {
      if (price.unit_amount == null && price.flat_amount == null) {
        ctx.addIssue({
          code: 'custom',
          path: ['unit_amount'],
          message: 'a fixed price needs unit_amount or flat_amount',
        });
      }
      return;
    }
    const tiers = price.price_tiers ?? [];
    if (tiers.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['price_tiers'],
        message: `a ${price.price_type} price needs at least one tier`,
      });
      return;
    }
    let previous = 0;
    tiers.forEach((tier, index) => {
      const last = index === tiers.length - 1;
      if (tier.up_to === null) {
        if (!last)
          ctx.addIssue({
            code: 'custom',
            path: ['price_tiers', index, 'up_to'],
            message: 'only the last tier may be unbounded (null)',
          });
        return;
      }
      if (last)
        ctx.addIssue({
          code: 'custom',
          path: ['price_tiers', index, 'up_to'],
          message: 'the last tier must be unbounded (null)',
        });
      if (tier.up_to <= previous) {
        ctx.addIssue({
          code: 'custom',
          path: ['price_tiers', index, 'up_to'],
          message: `must be greater than the previous tier's bound ${previous}`,
        });
      }
      previous = tier.up_to;
    });
  });

export type PriceTier = z.infer<typeof PRICE_TIER_SCHEMA>;
export type Price = z.infer<typeof PRICE_SCHEMA>;

/**
 * Validates an untrusted price (a file, an API response), throwing a ZodError naming the bad field.
 *
 * @example
 * const price = parsePrice(JSON.parse(text));
 */
export function parsePrice(input: unknown): Price {
  return PRICE_SCHEMA.parse(input);
}
