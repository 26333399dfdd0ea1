import type { Price, PriceTier } from './price-schema.js';

/** One line of a quote: what one tier (or the whole fixed price) contributes. */
export interface QuoteLine {
  /** The tier's index in `price_tiers`, or null for a fixed price. */
  readonly tier: number | null;
  readonly upTo: number | null;
  readonly quantity: number;
  readonly unitAmount: number;
  readonly flatAmount: number;
  /** quantity × unitAmount + flatAmount, minor units. */
  readonly amount: number;
}

export interface Quote {
  readonly priceType: Price['price_type'];
  readonly quantity: number;
  /** Minor units. */
  readonly total: number;
  readonly lines: readonly QuoteLine[];
}

function exact(value: number, what: string): number {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} (${value}) is beyond exact integer range`);
  return value;
}

function line(tier: number | null, upTo: number | null, quantity: number, unit: number, flat: number): QuoteLine {
  const amount = exact(exact(quantity * unit, 'line amount') + flat, 'line amount');
  return { tier, upTo, quantity, unitAmount: unit, flatAmount: flat, amount };
}

function tierLine(tiers: readonly PriceTier[], index: number, quantity: number): QuoteLine {
  const tier = tiers[index] as PriceTier;
  return line(index, tier.up_to, quantity, tier.unit_amount ?? 0, tier.flat_amount ?? 0);
}

function requireTiers(price: Price): readonly PriceTier[] {
  const tiers = price.price_tiers ?? [];
  if (tiers.length === 0) throw new RangeError(`A ${price.price_type} price has no tiers`);
  return tiers;
}

function graduated(tiers: readonly PriceTier[], quantity: number): QuoteLine[] {
  const lines: QuoteLine[] = [];
  let floor = 0;
  for (let index = 0; index < tiers.length && floor < quantity; index += 1) {
    const ceiling = tiers[index]?.up_to ?? Infinity;
    const units = Math.min(quantity, ceiling) - floor;
    if (units > 0) lines.push(tierLine(tiers, index, units));
    floor = Math.max(floor, ceiling);
  }
  if (floor < quantity) throw new RangeError(`Quantity ${quantity} is beyond the last tier (up to ${floor})`);
  return lines;
}

function volume(tiers: readonly PriceTier[], quantity: number): QuoteLine[] {
  const index = tiers.findIndex((tier) => tier.up_to === null || quantity <= tier.up_to);
  if (index < 0) throw new RangeError(`Quantity ${quantity} is beyond the last tier`);
  return [tierLine(tiers, index, quantity)];
}

/**
 * Prices a quantity, in minor units, exactly (integers only):
 * - fixed: quantity × unit_amount + flat_amount;
 * - graduated: each tier prices the units that fall in it (units × its unit_amount, plus its flat_amount
 *   once when any unit falls in it), summed;
 * - volume: the one tier the quantity falls in prices every unit (quantity × unit_amount + flat_amount).
 * A quantity of 0 buys nothing and costs 0 under every type (our choice: no tier is reached). Validate
 * untrusted prices with `parsePrice` first; this throws a RangeError for a negative or fractional quantity,
 * a quantity past a bounded last tier, or a total beyond exact integer range.
 *
 * @example
 * priceQuantity({ price_type: 'graduated', price_tiers: [
 *   { up_to: 10, unit_amount: 500, flat_amount: 0 },
 *   { up_to: null, unit_amount: 400, flat_amount: 0 },
 * ] }, 12).total // 10 × 500 + 2 × 400 = 5800
 */
export function priceQuantity(price: Price, quantity: number): Quote {
  if (!Number.isSafeInteger(quantity) || quantity < 0) {
    throw new RangeError(`Quantity must be a whole number, 0 or more (got ${quantity})`);
  }
  let lines: QuoteLine[] = [];
  if (quantity > 0) {
    if (price.price_type === 'fixed')
      lines = [line(null, null, quantity, price.unit_amount ?? 0, price.flat_amount ?? 0)];
    else if (price.price_type === 'graduated') lines = graduated(requireTiers(price), quantity);
    else lines = volume(requireTiers(price), quantity);
  }
  const total = lines.reduce((sum, each) => exact(sum + each.amount, 'total'), 0);
  return { priceType: price.price_type, quantity, total, lines };
}
