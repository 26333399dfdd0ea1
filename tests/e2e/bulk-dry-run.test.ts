import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notesFile, writes } from '../helpers/bulk-run.js';
import { startSignedInSandbox, type SandboxProcess } from '../helpers/sandbox-process.js';

// What a dry run foresees of each row against the targets as they stand, before anything is sent: the rows
// whose target is already as wanted ("no change"), and the payments the API would refuse, which the real run
// then fails exactly. Saving and applying plans is in bulk-plan.test.ts.

const PAID = 'POST superuser/invoices/{id}/paid';

describe('a dry run of curated and table commands marks each row against its target as it stands', () => {
  let sandbox: SandboxProcess;
  beforeAll(async () => {
    sandbox = await startSignedInSandbox('superuser', ['--db', ':memory:', '--seed', 'large']);
  });
  afterAll(async () => {
    await sandbox.stop();
  });

  it('marks the rows whose target is already as wanted "no change" in a dry run, on stdout and in --json, and counts them', async () => {
    const ids = async (state: string, take: number) =>
      (
        JSON.parse(
          String(
            (await sandbox.edshed(['invoices', 'list', '--state', state, '--take', String(take), '--json'])).stdout,
          ),
        ) as { invoices: { id: number }[] }
      ).invoices.map((i) => i.id);
    const [paid] = await ids('paid', 1);
    const open = await ids('open', 2);
    const listedPaid = (
      JSON.parse(
        String((await sandbox.edshed(['invoices', 'list', '--state', 'paid', '--take', '1', '--json'])).stdout),
      ) as { invoices: { paid_method: string; paid_date: string }[] }
    ).invoices[0];
    // The paid invoice's own payment (a row with other details would be refused, not "no change"); the open ones paid today.
    const today = new Date().toISOString().slice(0, 10);
    const csv = join(sandbox.dir, 'no-change.csv');
    writeFileSync(
      csv,
      `id,method,date\n${open[0]},bacs,${today}\n${paid},${listedPaid?.paid_method},${listedPaid?.paid_date}\n${open[1]},bacs,${today}\n`,
    );
    const before = await writes(sandbox, PAID);
    const dry = await sandbox.edshed(['invoices', 'mark', 'paid', '--from', csv, '--method', 'bacs', '--dry-run']);
    expect(dry.exitCode).toBe(0);
    expect(dry.stdout).toContain(`Plan for ${csv}: 3 operations, 1 of them no change\n`);
    expect(dry.stdout).toContain(
      `line 3: invoice ${paid} paid --method ${listedPaid?.paid_method} --date ${listedPaid?.paid_date} (no change: already paid)`,
    );
    expect(dry.stdout).not.toContain(`invoice ${open[0]} paid --method bacs --date ${today} (no change`);
    expect(dry.stdout).toContain(`No change (1): the invoice is already so`);
    expect(dry.stdout).toContain(`  line 3: invoice ${paid}: already paid`);
    const json = await sandbox.edshed([
      'invoices',
      'mark',
      'paid',
      '--from',
      csv,
      '--method',
      'bacs',
      '--dry-run',
      '--json',
    ]);
    // The targets as the text shows them: their states now and their totals per currency (minor units).
    const all = (
      JSON.parse(String((await sandbox.edshed(['invoices', 'list', '--take', '100', '--json'])).stdout)) as {
        invoices: { id: number; state: string; currency: string; total: number; accounting_id: string | null }[];
      }
    ).invoices;
    const totals: Record<string, number> = {};
    for (const invoice of all.filter((i) => [paid, ...open].includes(i.id)))
      totals[invoice.currency] = (totals[invoice.currency] ?? 0) + invoice.total;
    const targets = { kind: 'invoices', states: { open: 2, paid: 1 }, not_found: 0, totals };
    expect(JSON.parse(String(json.stdout))).toEqual({
      file: csv,
      command: 'invoices mark paid',
      operations: 3,
      set_aside: 0,
      targets,
      no_change: 1,
      no_change_items: [{ index: 1, line: 3, target_id: paid, reason: 'already paid' }],
      refused: 0,
      refused_items: [],
    });
    // The table form of the same action (invoices mark-paid --from) marks the same row.
    const table = await sandbox.edshed([
      'invoices',
      'mark-paid',
      '--from',
      csv,
      '--method',
      'bacs',
      '--dry-run',
      '--json',
    ]);
    expect(JSON.parse(String(table.stdout))).toEqual({
      file: csv,
      command: 'invoices mark-paid',
      operations: 3,
      set_aside: 0,
      targets,
      no_change: 1,
      no_change_items: [{ index: 1, line: 3, target_id: paid, reason: 'already paid' }],
      refused: 0,
      refused_items: [],
    });
    // A command without targets has none to show.
    const notes = await sandbox.edshed([
      'notes',
      'create',
      '--from',
      notesFile(sandbox, 'no-change-notes.ndjson', 2),
      '--dry-run',
      '--json',
    ]);
    expect(notes.exitCode, String(notes.stderr)).toBe(0);
    expect(JSON.parse(String(notes.stdout))).toMatchObject({
      command: 'notes create',
      operations: 2,
      targets: null,
      no_change: null,
      no_change_items: [],
      refused: null,
    });
    // An action whose result the listed fields do not show (forex) cannot tell: no count, no marks.
    const idsOnly = join(sandbox.dir, 'no-change-ids.csv');
    writeFileSync(idsOnly, `id\n${open[0]}\n${paid}\n`);
    const forex = await sandbox.edshed(['invoices', 'mark', 'forex', '--from', idsOnly, '--dry-run']);
    expect(forex.exitCode, String(forex.stderr)).toBe(0);
    expect(forex.stdout).toContain(`Plan for ${idsOnly}: 2 operations\n`);
    expect(forex.stdout).not.toContain('no change');
    // accounting: an invoice with an accounting id is already sent (one is sent first).
    const [sent, unsent] = all.filter(
      (i) => i.accounting_id === null && ['open', 'promised', 'paid'].includes(i.state),
    );
    const send = await sandbox.edshed([
      'invoices',
      'mark',
      String(sent?.id),
      'accounting',
      '--system',
      'xero',
      '--yes',
    ]);
    expect(send.exitCode, String(send.stderr)).toBe(0);
    const accounting = join(sandbox.dir, 'no-change-accounting.csv');
    writeFileSync(accounting, `id\n${unsent?.id}\n${sent?.id}\n`);
    const toAccounting = await sandbox.edshed([
      'invoices',
      'mark',
      'accounting',
      '--from',
      accounting,
      '--system',
      'xero',
      '--dry-run',
      '--json',
    ]);
    expect(toAccounting.exitCode, String(toAccounting.stderr)).toBe(0);
    expect(JSON.parse(String(toAccounting.stdout))).toMatchObject({
      operations: 2,
      no_change: 1,
      no_change_items: [{ index: 1, line: 3, target_id: sent?.id, reason: 'already sent to accounting' }],
    });
    expect(await writes(sandbox, PAID)).toEqual(before);

    // subscriptions move: a row whose subscription is already at its school.
    const listed = JSON.parse(
      String((await sandbox.edshed(['subscriptions', 'list', '--take', '100', '--json'])).stdout),
    ) as Record<string, unknown>;
    const [here, there] = (Object.values(listed).find(Array.isArray) as { id: number; school_id: number }[]).filter(
      (sub) => sub.school_id !== 2,
    );
    const moves = join(sandbox.dir, 'no-change-moves.csv');
    writeFileSync(moves, `id,to\n${here?.id},${here?.school_id}\n${there?.id},2\n`);
    const dryMove = await sandbox.edshed(['subscriptions', 'move', '--from', moves, '--dry-run', '--json']);
    expect(dryMove.exitCode).toBe(0);
    expect(JSON.parse(String(dryMove.stdout))).toMatchObject({
      operations: 2,
      no_change: 1,
      no_change_items: [{ line: 2, target_id: here?.id, reason: `already at school ${here?.school_id}` }],
    });
  });

  it(
    'warns in a dry run of the payments the API would refuse (date before the invoice was issued, in the future, a void or otherwise paid invoice), and the run fails exactly those',
    { timeout: 60_000 },
    async () => {
      type Listed = {
        id: number;
        state: string;
        issued_at: string;
        paid_method: string | null;
        paid_date: string | null;
      };
      const list = async (state: string, take: number) =>
        (
          JSON.parse(
            String(
              (
                await sandbox.edshed([
                  'invoices',
                  'list',
                  '--state',
                  state,
                  '--take',
                  String(take),
                  '--skip',
                  '2',
                  '--json',
                ])
              ).stdout,
            ),
          ) as { invoices: Listed[] }
        ).invoices;
      const [early, future, good] = await list('open', 3);
      const [voided] = await list('void', 1);
      const [paid] = await list('paid', 1);
      if (!early || !future || !good || !voided || !paid)
        throw new Error('the large seed lacks an invoice of some state');
      const dayBefore = (day: string) =>
        new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      const today = new Date().toISOString().slice(0, 10);
      const later = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
      const otherMethod = paid.paid_method === 'cheque' ? 'cash' : 'cheque';
      const csv = join(sandbox.dir, 'refused.csv');
      writeFileSync(
        csv,
        `id,method,date\n${early.id},bacs,${dayBefore(early.issued_at)}\n${good.id},bacs,${today}\n${future.id},bacs,${later}\n${voided.id},bacs,${today}\n${paid.id},${otherMethod},${today}\n`,
      );
      const expected = [
        {
          index: 0,
          line: 2,
          target_id: early.id,
          reason: `payment date ${dayBefore(early.issued_at)} is before the invoice was issued (${early.issued_at})`,
        },
        { index: 2, line: 4, target_id: future.id, reason: `payment date ${later} is in the future` },
        {
          index: 3,
          line: 5,
          target_id: voided.id,
          reason: 'void: only an open or promised invoice can be marked paid',
        },
        {
          index: 4,
          line: 6,
          target_id: paid.id,
          reason: `already paid (${paid.paid_method}, ${paid.paid_date}); change the payment with invoices update-paid`,
        },
      ];
      for (const words of [
        ['invoices', 'mark', 'paid'],
        ['invoices', 'mark-paid'],
      ]) {
        const dry = await sandbox.edshed([...words, '--from', csv, '--dry-run']);
        expect(dry.exitCode, String(dry.stderr)).toBe(0);
        expect(dry.stdout).toContain(`Plan for ${csv}: 5 operations, 0 of them no change, 4 would be refused`);
        expect(dry.stdout).toContain(`Would be refused (4): the API's rules for the invoice as it stands`);
        for (const row of expected)
          expect(dry.stdout).toContain(`  line ${row.line}: invoice ${row.target_id}: ${row.reason}`);
        expect(dry.stderr).toContain(
          'Warning: 4 of 5 rows would be refused by the API as things stand (lines 2, 4, 5, 6)',
        );
        const json = await sandbox.edshed([...words, '--from', csv, '--dry-run', '--json']);
        expect(JSON.parse(String(json.stdout))).toMatchObject({ operations: 5, refused: 4, refused_items: expected });
      }
      // The real run: exactly the rows foreseen fail, the other is applied.
      const run = await sandbox.edshed(['invoices', 'mark-paid', '--from', csv, '--json']);
      expect(run.exitCode).toBe(3);
      expect(JSON.parse(String(run.stdout))).toMatchObject({ done: 1, failed: 4 });
    },
  );
});
