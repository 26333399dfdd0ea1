import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditEntrySchema } from '../../cli/audit/entry.js';
import { type AuditRecord, openAuditWriter } from '../../cli/audit/writer.js';

const context = {
  profile: 'default',
  environment: 'sandbox',
  api: 'http://127.0.0.1:4010',
  user: 'anna@example.org',
  now: () => new Date('2026-12-03T07:00:00.000Z'),
};

describe('the audit writer', () => {
  it('refuses a state directory it cannot make as it opens, before the write it is for is sent (exit 2)', () => {
    const parent = mkdtempSync(join(tmpdir(), 'edshed-audit-'));
    writeFileSync(join(parent, 'file'), '');
    const dir = join(parent, 'file', 'state');
    expect(() => openAuditWriter(dir, context)).toThrow(
      expect.objectContaining({
        exitCode: 2,
        message: `${dir}: cannot keep the audit log there: a parent in the path is not a directory (ENOTDIR); nothing was sent. Make it a directory of yours, or set EDSHED_STATE_DIR to one`,
      }),
    );
  });

  it('writes each record as the line JSON.stringify gives of who, when and the write, in a 0600 file', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'edshed-audit-')), 'state');
    const writer = openAuditWriter(dir, context);
    const records: AuditRecord[] = [
      {
        method: 'POST',
        path: 'superuser/invoices/8/paid',
        status: 200,
        request_id: 'r1',
        idempotency_key: 'k1',
        outcome: 'ok',
      },
      {
        method: 'POST',
        path: 'superuser/invoices/9/paid',
        status: null,
        request_id: null,
        idempotency_key: 'k"2\n',
        outcome: 'unknown',
        run_id: 'run-7',
      },
      {
        method: 'DELETE',
        path: 'schools/3',
        status: 409,
        request_id: 'r3',
        idempotency_key: null,
        outcome: 'failed',
        run_id: undefined,
      },
    ];
    for (const record of records) writer.record(record);
    const expected = records.map(
      (record) =>
        `${JSON.stringify({ time: context.now().toISOString(), profile: context.profile, environment: context.environment, api: context.api, user: context.user, ...record })}\n`,
    );
    const text = readFileSync(writer.file, 'utf8');
    expect(text).toBe(expected.join(''));
    for (const line of text.trimEnd().split('\n'))
      expect(auditEntrySchema.safeParse(JSON.parse(line)).success).toBe(true);
    expect(statSync(writer.file).mode & 0o777).toBe(0o600);
  });

  it('writes a signed-out user as null', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'edshed-audit-')), 'state');
    const writer = openAuditWriter(dir, { ...context, user: null });
    writer.record({
      method: 'POST',
      path: 'login',
      status: 401,
      request_id: null,
      idempotency_key: null,
      outcome: 'failed',
    });
    expect(JSON.parse(readFileSync(writer.file, 'utf8'))).toMatchObject({
      user: null,
      outcome: 'failed',
      time: '2026-12-03T07:00:00.000Z',
    });
  });
});
