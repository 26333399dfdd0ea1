/**
 * One import, after the command's local checks: read production through GET only (with progress on
 * stderr), make the copy's rows (the manifest and the pseudonyms), write them in one transaction with every
 * reference checked, and print the manifest.
 */
import { CliError, EXIT } from '../errors/cli-error.js';
import type { Factory } from '../factory/factory.js';
import { createClient } from '../../core/api/client.js';
import { nodeHttpFetch } from '../http/http-fetch.js';
import { redactUrl } from '../../core/api/redact.js';
import { getOnlyFetch, getOnlySource } from './get-only.js';
import { UnknownFieldError } from './manifest.js';
import { pseudonymiser } from './pseudonym.js';
import { readProduction } from './read.js';
import { COPY_TABLES, copyRows } from './rows.js';
import { importManifest, manifestText, type ImportManifest } from './report.js';
import { BrokenReferenceError, writeCopy } from '../../sandbox/db/copy/write-copy.js';
import { seedPasswordHash } from '../../sandbox/domain/auth/password.js';

export interface ImportRun {
  readonly schools: readonly number[];
  readonly db: string;
  readonly refresh: boolean;
  readonly secret: Uint8Array;
  readonly baseUrl: string;
  readonly token: string;
}

/**
 * Imports `run.schools` into `run.db` and prints the manifest (JSON with --json); answers it.
 *
 * @example
 * await importSchools(c, { schools: [1], db: 'copy.db', refresh: false, secret, baseUrl, token });
 */
export async function importSchools(c: Factory, run: ImportRun): Promise<ImportManifest> {
  const say = (text: string): void => {
    if (!c.globals.quiet) c.io.stderr.write(text);
  };
  const client = createClient({
    baseUrl: run.baseUrl,
    token: run.token,
    fetch: getOnlyFetch(nodeHttpFetch()),
    clientType: 'edshed-cli',
    clientVersion: c.version,
    // A long import meets the rate limit: each 429 is waited out as its Retry-After says, then sent again.
    retry: { retries: 8 },
  });
  const source = getOnlySource(client);
  say(`Reading reference data and ${run.schools.length} school${run.schools.length === 1 ? '' : 's'} from ${redactUrl(run.baseUrl)} (GET only)\n`);
  let records = 0;
  const extract = await readProduction(source, run.schools, {
    school: (done, of, count) => {
      records += count;
      say(`  school ${done}/${of} (id ${run.schools[done - 1] ?? '?'}): ${count} records; ${records} records, ${source.requests} requests so far\n`);
    },
  });
  const hash = seedPasswordHash();
  let manifest: ImportManifest;
  try {
    const rows = copyRows(extract, pseudonymiser(run.secret), hash);
    writeCopy(run.db, { tables: COPY_TABLES.map((name) => [name, rows.tables[name]] as const), schoolIds: rows.schoolIds, passwordHash: hash }, { refresh: run.refresh });
    manifest = importManifest(rows, { copy: run.db, source: redactUrl(run.baseUrl), madeAt: c.now(), refreshed: run.refresh, requests: source.requests });
  } catch (error) {
    if (error instanceof UnknownFieldError || error instanceof BrokenReferenceError) throw new CliError(error.message, EXIT.requestFailed);
    throw error;
  }
  c.io.stdout.write(c.globals.json === true ? `${JSON.stringify(manifest, null, 2)}\n` : manifestText(manifest));
  return manifest;
}
