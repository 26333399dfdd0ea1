import type { Rng } from './random.js';

/**
 * Lowercase hex of `length` characters from the seed's generator (shareable ids, secrets, provider
 * references): repeatable from run to run, unlike the random ids the running server issues.
 *
 * @example
 * hex(ctx.rng, 20)
 */
export function hex(rng: Rng, length: number): string {
  let out = '';
  while (out.length < length) out += rng.int(0, 15).toString(16);
  return out;
}
