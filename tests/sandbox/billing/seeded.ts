/**
 * A database seeded the way the server seeds it: core, school administration, then billing (each stage
 * with its own generator). Runs the stages itself so the billing tests do not depend on which stages the
 * seed index lists yet.
 */
import { openDatabase, type Db } from '../../../sandbox/db/database.js';
import { SEED_NOW, type SeedSize } from '../../../sandbox/db/seed/context.js';
import { seedBilling } from '../../../sandbox/db/seed/billing.js';
import { seedCore } from '../../../sandbox/db/seed/core.js';
import { createRng } from '../../../sandbox/db/seed/random.js';
import { seedSchoolAdmin } from '../../../sandbox/db/seed/school-admin.js';

/**
 * A fresh seeded in-memory database.
 *
 * @example
 * const db = seededDb();
 */
export function seededDb(size: SeedSize = 'demo'): Db {
  const db = openDatabase(':memory:');
  const base = { size, now: SEED_NOW, passwordHash: 'scrypt$test' };
  db.transaction(() => {
    seedCore(db, { ...base, rng: createRng(1) });
    seedSchoolAdmin(db, { ...base, rng: createRng(2) });
    seedBilling(db, { ...base, rng: createRng(3) });
  })();
  return db;
}
