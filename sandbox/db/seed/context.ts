import type { Db } from '../database.js';
import type { Rng } from './random.js';

/** `demo`: the handful of schools and accounts of the docs. `large`: 200+ schools, 20,000 pupils, 10,000 invoices. */
export type SeedSize = 'demo' | 'large';

/** What every seed stage receives. Each stage gets its own generator, so one stage's changes do not move another's data. */
export interface SeedContext {
  readonly rng: Rng;
  readonly size: SeedSize;
  /** The seed's fixed clock: 2026-09-01T09:00:00Z unless the caller chose another. */
  readonly now: Date;
  /** The stored hash of the password `sandbox`, shared by every seeded account (hashing 20,000 times would be slow). */
  readonly passwordHash: string;
}

/** One seed stage: S1's core, S2's school administration, S3's billing. */
export type SeedStage = (db: Db, ctx: SeedContext) => void;

/** The seed's default clock. */
export const SEED_NOW = new Date('2026-09-01T09:00:00Z');
