import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process.js';
import { appliedWrites, auditLines, leaks, SLOW, transcript, type Transcript } from '../helpers/transcript.js';

// Exit 2 means nothing was sent. Every kind of bad option on a write to one open
// invoice exits 2 naming the problem; afterwards the sandbox applied no write to that invoice and the
// audit log (which records every write the CLI sends) has none either. The same call, corrected, then
// applies once, so the silence was not a wrong target.
let sandbox: SandboxProcess;
let t: Transcript;
let id: string;
const good = ['--method', 'bacs', '--date', '2026-09-01'];
const audited = (path: string) => auditLines(sandbox.env.XDG_STATE_HOME as string).filter((line) => line.path === path);

beforeAll(async () => {
  sandbox = await startSandboxProcess(['--db', ':memory:']);
  t = transcript(sandbox);
  expect(
    (await t.edshed(['login', '--api-url', sandbox.url, '-u', 'superuser', '--password-stdin'], { input: 'sandbox\n' }))
      .exitCode,
  ).toBe(0);
  const listed = JSON.parse((await t.edshed(['invoices', 'list', '--state', 'open', '--json'])).stdout) as {
    invoices: { id: number }[];
  };
  id = String(listed.invoices[0]?.id);
});
afterAll(async () => {
  expect(leaks(t)).toEqual([]);
  expect((await sandbox.stop()).exitCode).toBe(0);
});

describe('exit 2 means nothing was sent', { timeout: SLOW }, () => {
  it(
    'refuses every kind of bad option on invoices mark-paid, and the invoice got no write at all',
    { timeout: 3 * SLOW },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'edshed-bad-input-'));
      writeFileSync(join(dir, 'bad.json'), '{"method": "bacs",\n}\n');
      const path = `superuser/invoices/${id}/paid`;
      const cases: [string[], RegExp, string?][] = [
        [
          ['invoices', 'mark-paid', id, ...good, '--format', 'xml'],
          /--format: "xml" is not one of table, tsv, csv, json, ndjson/,
        ],
        [
          ['invoices', 'mark-paid', id, ...good, '--fields', 'id,nope'],
          /--fields: unknown field nope; .*nothing was sent/,
        ],
        [
          ['api', 'POST', path, '-F', 'method=bacs', '-F', 'date=2026-09-01', '--fields', 'state'],
          /--fields: .*cannot be checked.*nothing was sent/,
        ],
        [['invoices', 'mark-paid', id, ...good, '--idempotency-key', ''], /--idempotency-key: give a non-empty key/],
        [
          ['invoices', 'mark-paid', id, ...good, '--idempotency-key', 'a\nb'],
          /--idempotency-key: at most 255 characters on one line/,
        ],
        [['invoices', 'mark-paid', 'a/b', ...good], /invoice: give an invoice id, .*not "a\/b"; nothing was sent/],
        [
          ['invoices', 'mark-paid', id, '--method', 'bitcoin', '--date', '2026-09-01'],
          /nothing was sent:\n {2}--method: expected one of bacs, card, cheque, cash, direct_debit, wire \(got "bitcoin"\)$/,
        ],
        [
          ['invoices', 'mark-paid', id, '--method', 'bacs', '--date', '2026-02-30'],
          /nothing was sent:\n {2}--date: expected an ISO 8601 date/,
        ],
        [['invoices', 'mark-paid', id, '--method', 'bacs', '--date', 'tomorrow'], /date: expected an ISO 8601 date/],
        [['invoices', 'mark-paid', id, '--method', 'bacs'], /nothing was sent:\n {2}--date: missing/],
        [
          ['invoices', 'mark-paid', id, '--input', join(dir, 'bad.json')],
          /--input .*bad\.json: not valid JSON at line 2/,
        ],
        [
          ['invoices', 'mark-paid', id, '--input', join(dir, 'missing.json')],
          /--input .*missing\.json: cannot read: no such file \(ENOENT\)/,
        ],
        [['invoices', 'mark-paid', id, '--input', '-'], /--input standard input: expected a JSON object/, '[1, 2]'],
        [['api', 'POST', path, '--input', join(dir, 'bad.json')], /not valid JSON at line 2/],
        [['invoices', 'mark-paid', id, ...good, '--bogus'], /unknown option '--bogus'/],
        [['invoices', 'mark-paid', id, ...good, '--limit', '2'], /unknown option '--limit'/],
        [['invoices', 'list', '--limit', '0'], /--limit: expected a whole number from 1, got "0"/],
        [['invoices', 'mark-payd', id, ...good], /unknown command 'mark-payd'/],
      ];
      for (const [args, message, input] of cases) {
        const run = await t.edshed(args, input === undefined ? {} : { input });
        expect(run.exitCode, args.join(' ')).toBe(2);
        expect(run.stderr, args.join(' ')).toMatch(message);
        expect(run.stdout, args.join(' ')).toBe('');
      }
      expect(await appliedWrites(t, path)).toBe(0);
      expect(audited(path)).toEqual([]);
      const listed = JSON.parse((await t.edshed(['invoices', 'list', '--state', 'open', '--json'])).stdout) as {
        invoices: { id: number }[];
      };
      expect(listed.invoices.map((i) => String(i.id))).toContain(id);

      const corrected = await t.edshed(['invoices', 'mark-paid', id, ...good]);
      expect(corrected.exitCode).toBe(0);
      expect(await appliedWrites(t, path)).toBe(1);
      expect(audited(path)).toHaveLength(1);
    },
  );

  // Finding: path parameters are checked only as non-empty text without "/", so an invoice id that
  // cannot exist is sent and comes back as a 404 (exit 1). The spec's invoice ids are whole numbers;
  // when the table checks numeric ids, these exit 2 with nothing sent and this test must become `it`.
  it('refuses an invoice id that is not a whole number from 1 before sending (abc, 0, -1)', async () => {
    for (const bad of ['abc', '0', '-1']) {
      const run = await t.edshed(['invoices', 'mark-paid', bad, ...good]);
      expect(run.exitCode, bad).toBe(2);
      expect(audited(`superuser/invoices/${bad}/paid`)).toEqual([]);
    }
  });
});
