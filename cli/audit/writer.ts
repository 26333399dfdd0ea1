import { chmodSync, existsSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { fileErrorText } from '../../core/node/file-error-text.js';
import { ensurePrivateDir } from '../config/paths.js';
import { CliError, EXIT } from '../errors/cli-error.js';
import { appendText } from '../write/append-text.js';
import type { AuditEntry } from './entry.js';

/** What a command tells the audit log about one write; the writer adds who, where and when. */
export type AuditRecord = Pick<
  AuditEntry,
  'method' | 'path' | 'status' | 'request_id' | 'idempotency_key' | 'outcome'
> & { readonly run_id?: string };

export interface AuditWriter {
  readonly file: string;
  record(entry: AuditRecord): void;
}

/** Who and where, fixed for one CLI run. */
export interface AuditContext {
  readonly profile: string;
  readonly environment: string;
  readonly api: string;
  readonly user: string | null;
  readonly now: () => Date;
}

/** The audit log's path in a state directory. */
export const auditFile = (dir: string): string => join(dir, 'audit.jsonl');

/**
 * Appends one JSON line per write to `audit.jsonl` in the state directory (0700; the file 0600).
 * Each line is written with a single append, so concurrent CLI runs never interleave inside a line.
 * The file is opened (in append mode) at the first write and kept open: a bulk run writes a line per
 * item, and opening, checking and closing the file each time cost more than the write itself.
 *
 * @example
 * const audit = openAuditWriter(stateDir(env), context);
 * audit.record({ method: 'POST', path: 'superuser/invoices/8/paid', status: 200, request_id: 'r1', idempotency_key: 'k', outcome: 'ok' });
 */
export function openAuditWriter(dir: string, context: AuditContext): AuditWriter {
  const file = auditFile(dir);
  // Checked before the write it is opened for is sent (sendWrite): a write the log could not record would
  // be applied and then reported as a failure, and sent again by whoever believed that.
  try {
    ensurePrivateDir(dir);
  } catch (error) {
    throw new CliError(
      `${dir}: cannot keep the audit log there: ${fileErrorText(error)}; nothing was sent. Make it a directory of yours, or set EDSHED_STATE_DIR to one`,
      EXIT.usage,
    );
  }
  let fd: number | undefined;
  const open = (): number => {
    const isNew = !existsSync(file);
    const opened = openSync(file, 'a', 0o600);
    if (isNew) chmodSync(file, 0o600);
    return opened;
  };
  // Who and where are the same on every line: written out once, between the time and the write's fields.
  const who: Omit<AuditEntry, 'time' | keyof AuditRecord> = {
    profile: context.profile,
    environment: context.environment,
    api: context.api,
    user: context.user,
  };
  const fixed = JSON.stringify(who).slice(1, -1);
  return {
    file,
    record(entry) {
      // The line `JSON.stringify({ time, ...who, ...entry })` gives (tests/cli/audit-writer.test.ts).
      const fields = JSON.stringify(entry);
      const line = `{"time":${JSON.stringify(context.now().toISOString())},${fixed}${fields === '{}' ? '}' : `,${fields.slice(1)}`}`;
      fd ??= open();
      appendText(fd, `${line}\n`);
    },
  };
}
