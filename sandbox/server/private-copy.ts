/**
 * A sandbox database served in this process on a private port, for a rehearsal: the copy it is given
 * is the rehearsal's own, and what a rehearsal compares before and after (the invoices' states and
 * totals, the subscriptions' schools and states) is read straight from it.
 */
import { all } from '../kit/sql.js';
import type { Row } from '../db/rows.js';
import { createSandbox } from './server.js';

/** An invoice as a rehearsal's diff shows it. */
export type RehearsedInvoice = Pick<Row<'invoices'>, 'id' | 'number' | 'school_id' | 'state' | 'currency' | 'total'>;
/** A subscription as a rehearsal's diff shows it. */
export type RehearsedSubscription = Pick<Row<'subscriptions'>, 'id' | 'school_id' | 'state'>;

/** The records a rehearsal compares, in id order. */
export interface RehearsalRecords {
  readonly invoices: readonly RehearsedInvoice[];
  readonly subscriptions: readonly RehearsedSubscription[];
}

export interface PrivateCopy {
  /** The base URL, on 127.0.0.1 and a port the system chose, ending in `/`. */
  readonly url: string;
  /** The invoices and subscriptions as they are now. */
  records(): RehearsalRecords;
  /** Stops the server and closes the database (the file is the caller's to remove). */
  close(): Promise<void>;
}

/** Far above any plan's pace: the copy answers as fast as it can, as a production sized for the run would. */
const UNLIMITED = 1_000_000_000;

/**
 * Serves a sandbox database file (already a copy of the caller's) on 127.0.0.1, port 0. No seed (the
 * file has its data), no background jobs (the diff shows what the plan's requests changed, nothing
 * a timer did meanwhile), no rate limit and no faults.
 *
 * @example
 * const copy = await servePrivateCopy('/tmp/edshed-rehearse-x/copy.db', '1.4.0');
 * const before = copy.records(); ...; await copy.close();
 */
export async function servePrivateCopy(file: string, version?: string): Promise<PrivateCopy> {
  const sandbox = createSandbox({
    db: file,
    seed: 'none',
    backgroundJobs: false,
    rateLimit: UNLIMITED,
    ...(version === undefined ? {} : { version }),
  });
  let url: string;
  try {
    url = await sandbox.listen({ port: 0, host: '127.0.0.1' });
  } catch (error) {
    await sandbox.close();
    throw error;
  }
  return {
    url,
    records: () => ({
      invoices: all<RehearsedInvoice>(
        sandbox.db,
        'SELECT id, number, school_id, state, currency, total FROM invoices ORDER BY id',
      ),
      subscriptions: all<RehearsedSubscription>(
        sandbox.db,
        'SELECT id, school_id, state FROM subscriptions ORDER BY id',
      ),
    }),
    close: () => sandbox.close(),
  };
}
