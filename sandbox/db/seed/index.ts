import type { Db } from '../database.js';
import { withReadModelsDeferred } from '../fast/read-models.js';
import { seedPasswordHash } from '../../domain/auth/password.js';
import { SEED_NOW, type SeedContext, type SeedSize, type SeedStage } from './context.js';
import { seedBilling } from './billing.js';
import { seedCore } from './core.js';
import { createRng } from './random.js';
import { seedSchoolAdmin } from './school-admin.js';

export { SEED_ACCOUNTS, type SeedAccount } from './accounts.js';
export { SEED_NOW, type SeedContext, type SeedSize, type SeedStage } from './context.js';

export interface SeedOptions {
  readonly size?: SeedSize;
  readonly now?: Date;
}

/** The stages in order, each with the seed of its own generator. */
const STAGES: readonly (readonly [name: string, seed: number, stage: SeedStage])[] = [
  ['core', 1, seedCore],
  ['school-admin', 2, seedSchoolAdmin],
  ['billing', 3, seedBilling],
];

/**
 * Fills an empty, migrated database with the deterministic seed, in one transaction.
 *
 * @example
 * const db = openDatabase(':memory:');
 * seed(db, { size: 'demo' });
 */
export function seed(db: Db, options: SeedOptions = {}): void {
  const size = options.size ?? 'demo';
  const now = options.now ?? SEED_NOW;
  const passwordHash = seedPasswordHash();
  db.transaction(() =>
    withReadModelsDeferred(db, () => {
      for (const [, rngSeed, stage] of STAGES) {
        const ctx: SeedContext = { rng: createRng(rngSeed), size, now, passwordHash };
        stage(db, ctx);
      }
    }),
  )();
}

/** Whether the database holds any users yet (a fresh file or `:memory:` needs seeding). */
export function isSeeded(db: Db): boolean {
  return db.prepare('SELECT 1 FROM users LIMIT 1').get() !== undefined;
}

/**
 * Empties every table (keeping the schema) so the database can be seeded again: `__sandbox/reset`.
 *
 * @example
 * clearDatabase(db); seed(db);
 */
export function clearDatabase(db: Db): void {
  const tables = db
    // cache_versions only ever counts up (a session cached before the reset must not match after it);
    // read_model_versions says the (now empty) read models are current, which they stay through the re-seed.
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT IN ('cache_versions', 'read_model_versions')",
    )
    .pluck()
    .all() as string[];
  db.pragma('foreign_keys = OFF');
  try {
    db.transaction(() => {
      for (const table of tables) db.prepare(`DELETE FROM "${table.replaceAll('"', '""')}"`).run();
      const hasSequence = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").get() !== undefined;
      if (hasSequence) db.prepare('DELETE FROM sqlite_sequence').run();
    })();
  } finally {
    db.pragma('foreign_keys = ON');
  }
}
