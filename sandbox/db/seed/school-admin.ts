import type { Db } from '../database.js';
import type { SeedContext } from './context.js';
import { seedActivity } from './school-admin-activity.js';
import { seedCurricula } from './school-admin-curricula.js';
import { seedPeople } from './school-admin-people.js';
import { seedReference } from './school-admin-reference.js';
import { seedResources } from './school-admin-resources.js';

/**
 * The school-administration seed stage, run after the core seed: teachers, pupils, groups, homework,
 * game sessions, leagues, rewards, addresses, rostering links and the literacy resources. Only the three
 * demo schools get activity; `large` fills the other schools with pupils (20,000 in all) and classes.
 *
 * @example
 * seedSchoolAdmin(db, { rng: createRng(2), size: 'demo', now: SEED_NOW, passwordHash });
 */
export function seedSchoolAdmin(db: Db, ctx: SeedContext): void {
  const people = seedPeople(db, ctx);
  seedActivity(
    db,
    ctx,
    people.filter((p) => p.schoolId <= 3),
  );
  seedReference(db, ctx);
  seedResources(db, ctx);
  seedCurricula(db, ctx);
}
