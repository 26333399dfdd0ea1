import type { Db } from '../database.js';
import type { SeedContext } from './context.js';
import { seedAccounts, seedSalesPeople } from './billing-accounts.js';
import { seedCatalogue } from './billing-catalogue.js';
import { seedDemoBilling } from './billing-demo.js';
import { seedLargeBilling } from './billing-large.js';
import { seedMail, seedPlanActions, seedSnapshots } from './billing-records.js';
import { seedCountries } from './billing-reference.js';
import { seedStore } from './billing-store.js';

/**
 * The billing seed stage, run after the core and school-administration stages: countries with zones, the
 * subscription catalogue, sales people, the demo schools' subscriptions and invoices in every state, the
 * store, plan actions, engagement snapshots, jobs, email logs and system errors. `large` adds billing
 * history to the other schools until there are 10,000 invoices.
 *
 * @example
 * seedBilling(db, { rng: createRng(3), size: 'demo', now: SEED_NOW, passwordHash });
 */
export function seedBilling(db: Db, ctx: SeedContext): void {
  seedCountries(db, ctx.now);
  seedCatalogue(db, ctx.now);
  seedSalesPeople(db, ctx.now);
  const subs = seedDemoBilling(db, ctx);
  seedAccounts(db, ctx, subs);
  seedStore(db, ctx.now);
  seedPlanActions(db);
  seedSnapshots(db);
  seedMail(db, ctx);
  if (ctx.size === 'large') seedLargeBilling(db, ctx);
}
