/**
 * One import, after the command's local checks: start the copy's temporary file beside FILE, read production
 * through GET only (with progress on stderr, waits for the rate limit included), make the copy's rows (the
 * manifest and the pseudonyms), write them in one transaction with every reference checked, move the file
 * over FILE, and print the manifest. Ctrl-C, a kill (SIGTERM), a closed terminal (SIGHUP) or any error before the move removes the
 * temporary file: FILE is as it was, or absent.
 */
import { CliError, EXIT } from '../errors/cli-error.js';
import type { Factory } from '../factory/factory.js';
import { createClient } from '../../core/api/client.js';
import { abortableSleep } from '../../core/api/sleep.js';
import { nodeHttpFetch } from '../http/http-fetch.js';
import { redactUrl } from '../../core/api/redact.js';
import { getOnlyFetch, getOnlySource } from './get-only.js';
import { UnknownFieldError } from './manifest.js';
import { pseudonymiser } from './pseudonym.js';
import { readProduction } from './read.js';
import { COPY_TABLES, copyRows } from './rows.js';
import { importManifest, manifestText, type ImportManifest } from './report.js';
import {
  BrokenReferenceError,
  KeyMismatchError,
  startCopy,
  type PendingCopy,
} from '../../sandbox/db/copy/write-copy.js';
import { keyCheckOf } from './key.js';
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
  let copy: PendingCopy | undefined;
  let written = false;
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  const stop = (signal: NodeJS.Signals): void => {
    const how = signal === 'SIGINT' ? 'interrupted' : signal;
    if (written) say(`\nsandbox import stopped (${how}) after it had written ${run.db} whole\n`);
    else {
      copy?.discard();
      say(
        `\nsandbox import stopped (${how}): ${run.refresh ? `${run.db} is as it was` : `${run.db} was not made`}, and the temporary copy is removed\n`,
      );
    }
    process.exit(signal === 'SIGINT' ? EXIT.interrupted : signal === 'SIGHUP' ? 129 : 143);
  };
  // Listening before the temporary file is made: a signal during its (synchronous) making is handled once it is there.
  for (const signal of signals) process.once(signal, stop);
  try {
    try {
      copy = startCopy(run.db, { refresh: run.refresh, keyCheck: keyCheckOf(run.secret) });
    } catch (error) {
      if (error instanceof KeyMismatchError) throw new CliError(error.message, EXIT.usage);
      throw new CliError(
        `--db ${run.db}: cannot start the copy beside it (${error instanceof Error ? error.message : String(error)}); nothing was sent`,
        EXIT.usage,
      );
    }
    const manifest = await readAndWrite(c, run, copy, say);
    written = true;
    return manifest;
  } finally {
    // A signal that came during the synchronous write is dispatched on the loop's next turn: let it in (and
    // answer it) before the listeners go, or it would be dropped and the import would exit 0.
    await new Promise((resolve) => setImmediate(resolve));
    for (const signal of signals) process.off(signal, stop);
    copy?.discard();
  }
}

async function readAndWrite(
  c: Factory,
  run: ImportRun,
  copy: PendingCopy,
  say: (text: string) => void,
): Promise<ImportManifest> {
  let status: number | undefined;
  const client = createClient({
    baseUrl: run.baseUrl,
    token: run.token,
    fetch: getOnlyFetch(nodeHttpFetch()),
    clientType: 'edshed-cli',
    clientVersion: c.version,
    // A long import meets the rate limit: each 429 is waited out as its Retry-After says, then sent again.
    retry: { retries: 8 },
    onResponse: (event) => {
      status = event.status;
    },
    // The wait is shown (Retry-After's, on a 429): a long import that goes quiet for it is not stuck. (No path: an
    // invoice's shareable id is a link anyone may open.)
    sleep: (ms, signal) => {
      const why = status === 429 ? 'rate limited (429)' : status === undefined ? 'no answer' : `answered ${status}`;
      say(`  request ${source.requests}: ${why}; waiting ${(ms / 1000).toFixed(1)} s, then sending it again\n`);
      return abortableSleep(ms, signal);
    },
  });
  const source = getOnlySource(client);
  say(
    `Reading reference data and ${run.schools.length} school${run.schools.length === 1 ? '' : 's'} from ${redactUrl(run.baseUrl)} (GET only)\n`,
  );
  let records = 0;
  const extract = await readProduction(source, run.schools, {
    school: (done, of, count) => {
      records += count;
      say(
        `  school ${done}/${of} (id ${run.schools[done - 1] ?? '?'}): ${count} records; ${records} records, ${source.requests} requests so far\n`,
      );
    },
    credits: (school, invoices) => {
      if (invoices > 0)
        say(
          `  school ${school}: reading the credits of its ${invoices} invoice${invoices === 1 ? '' : 's'}, one request each (${source.requests} requests so far)\n`,
        );
    },
  });
  const hash = seedPasswordHash();
  let manifest: ImportManifest;
  try {
    const rows = copyRows(extract, pseudonymiser(run.secret), hash);
    copy.fill({
      tables: COPY_TABLES.map((name) => [name, rows.tables[name]] as const),
      schoolIds: rows.schoolIds,
      passwordHash: hash,
      keyCheck: keyCheckOf(run.secret),
    });
    manifest = importManifest(rows, {
      copy: run.db,
      source: redactUrl(run.baseUrl),
      madeAt: c.now(),
      refreshed: run.refresh,
      requests: source.requests,
    });
  } catch (error) {
    if (error instanceof UnknownFieldError || error instanceof BrokenReferenceError)
      throw new CliError(error.message, EXIT.requestFailed);
    throw error;
  }
  c.io.stdout.write(
    c.globals.json === true
      ? `${JSON.stringify(manifest, null, 2)}\n`
      : manifestText(manifest, Math.max(40, c.io.columns ?? 80)),
  );
  return manifest;
}
