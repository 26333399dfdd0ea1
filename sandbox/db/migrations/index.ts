import { coreSchema } from './001-core.js';
import { serverStateSchema } from './002-server-state.js';
import { schoolAdminSchema } from './010-school-admin.js';
import { homeworkSchema } from './011-homework.js';
import { activitySchema } from './012-activity.js';
import { rewardsSchema } from './013-rewards.js';
import { rosteringSchema } from './014-rostering.js';
import { resourcesSchema } from './015-resources.js';
import { districtAllocationsSchema } from './016-district-allocations.js';
import { catalogueSchema } from './020-catalogue.js';
import { subscriptionSchema } from './021-subscriptions.js';
import { invoiceSchema } from './022-invoices.js';
import { storeSchema } from './023-store.js';
import { reportingSchema } from './024-reporting.js';
import { referenceSchema } from './025-reference.js';
import { invoiceStateIndex } from './026-invoice-state-index.js';
import { readModels } from './027-read-models.js';
import { writeLog } from './028-write-log.js';
import { resourceBlocksSchema } from './030-resource-blocks.js';
import { tokenHashes } from './031-token-hashes.js';
import { resourceMediaSchema } from './040-resource-media.js';
import { invoiceIdIndex } from './041-invoice-id-index.js';
import type { Migration } from './migration.js';

export type { Migration } from './migration.js';

/**
 * Every migration in order. Numbering: 1-9 core (users, schools, auth, server state), 10-19 school
 * administration (groups, homework, rewards...), 20-29 billing (subscriptions, invoices, store, sales),
 * 30+ content (40 resource media); after 40, the next number, whatever the area (a database applies only
 * the versions above its own). Add a file per migration and list it here.
 */
export const MIGRATIONS: readonly Migration[] = [
  coreSchema,
  serverStateSchema,
  // school administration (S2)
  schoolAdminSchema,
  homeworkSchema,
  activitySchema,
  rewardsSchema,
  rosteringSchema,
  resourcesSchema,
  districtAllocationsSchema,
  // billing (S3)
  catalogueSchema,
  subscriptionSchema,
  invoiceSchema,
  storeSchema,
  reportingSchema,
  referenceSchema,
  invoiceStateIndex,
  // read models for the request path (sessions, pupil and invoice JSON)
  readModels,
  writeLog,
  // content (the resource pages' blocks)
  resourceBlocksSchema,
  // sessions kept as token hashes
  tokenHashes,
  // the resource files and their signing key
  resourceMediaSchema,
  // billing again: invoice ids alone, so old pages of the list cost what new ones do
  invoiceIdIndex,
];
