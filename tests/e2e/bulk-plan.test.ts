import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notesFile } from '../helpers/bulk-run.js';
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process.js';

// Plan then apply: a dry run saves a plan of invoice payments with each invoice's state and the
// totals per currency; `bulk apply` runs it once, skips an invoice whose state changed since (drift),
// and refuses a tampered plan with nothing sent. The curated invoice and subscription commands plan and
// apply the same way (their rows pinned by hash, their targets' states checked for drift).

const PAID = 'POST superuser/invoices/{id}/paid';

async function writes(sandbox: SandboxProcess, route: string): Promise<Map<string, number>> {
  const answer = JSON.parse(String((await sandbox.edshed(['api', 'GET', '__sandbox/writes'])).stdout)) as { writes: { route: string; target: string; count: number }[] };
  return new Map(answer.writes.filter((w) => w.route === route).map((w) => [w.target, w.count]));
}

describe('bulk plan, then apply, against a demo sandbox', () => {
  let sandbox: SandboxProcess;
  let open: { id: number; currency: string; total: number }[];
  let csv: string;
  let plan: string;
  beforeAll(async () => {
    sandbox = await startSandboxProcess(['--db', ':memory:']);
    const login = await sandbox.edshed(['login', '--api-url', sandbox.url, '-u', 'superuser', '--password-stdin'], 'sandbox\n');
    expect(login.exitCode).toBe(0);
    const listed = await sandbox.edshed(['invoices', 'list', '--state', 'open', '--json']);
    open = (JSON.parse(String(listed.stdout)) as { invoices: { id: number; currency: string; total: number }[] }).invoices;
    csv = join(sandbox.dir, 'payments.csv');
    plan = join(sandbox.dir, 'plan.json');
    writeFileSync(csv, `id,date\n${open.map((i) => `${i.id},2026-11-02`).join('\n')}\n`);
  });
  afterAll(async () => {
    await sandbox.stop();
  });

  it('prints the counts, the totals per currency and each state, saves the plan, and sends nothing', async () => {
    expect(open.length).toBeGreaterThanOrEqual(3);
    const dry = await sandbox.edshed(['invoices', 'mark-paid', '--from', csv, '--method', 'bacs', '--dry-run', '--plan', plan]);
    expect(dry.exitCode).toBe(0);
    expect(dry.stdout).toContain(`${open.length} × invoices mark-paid`);
    expect(dry.stdout).toContain(`Invoices now: ${open.length} open`);
    for (const invoice of open) expect(dry.stdout).toContain(`invoice ${invoice.id}: open`);
    expect(dry.stdout).toMatch(/Totals: .*£540\.00 \(GBP\)/);
    const saved = JSON.parse(readFileSync(plan, 'utf8')) as { items: { target_id: number; state: string }[] };
    expect(saved.items.map((i) => [i.target_id, i.state])).toEqual(open.map((i) => [i.id, 'open']));
    expect(await writes(sandbox, PAID)).toEqual(new Map());
  });

  it('refuses a tampered plan with exit 2, nothing sent', async () => {
    const tampered = join(sandbox.dir, 'tampered.json');
    writeFileSync(tampered, readFileSync(plan, 'utf8').replace(`superuser/invoices/${open[0]?.id}/paid`, 'superuser/invoices/99999/paid'));
    const run = await sandbox.edshed(['bulk', 'apply', tampered, '--yes']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('is not the one planned');
    const broken = join(sandbox.dir, 'broken.json');
    writeFileSync(broken, readFileSync(plan, 'utf8').replace('"version": 1', '"version": "one"'));
    const bad = await sandbox.edshed(['bulk', 'apply', broken]);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/not a valid plan \(version/);
    expect(await writes(sandbox, PAID)).toEqual(new Map());
  });

  it('refuses a plan whose input file changed, with exit 2, nothing sent', async () => {
    const other = join(sandbox.dir, 'other.csv');
    const otherPlan = join(sandbox.dir, 'other-plan.json');
    writeFileSync(other, `id,date\n${open[0]?.id},2026-11-02\n`);
    expect((await sandbox.edshed(['invoices', 'mark-paid', '--from', other, '--method', 'bacs', '--dry-run', '--plan', otherPlan])).exitCode).toBe(0);
    writeFileSync(other, `id,date\n${open[0]?.id},2026-11-03\n`);
    const run = await sandbox.edshed(['bulk', 'apply', otherPlan, '--yes']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('changed since the plan');
    expect(await writes(sandbox, PAID)).toEqual(new Map());
  });

  it('applies each item once, skipping (exit 3) the invoice voided since the plan', async () => {
    const [voided, ...others] = open;
    if (!voided) throw new Error('no open invoice');
    expect((await sandbox.edshed(['invoices', 'void', String(voided.id), '--yes'])).exitCode).toBe(0);
    const run = await sandbox.edshed(['bulk', 'apply', plan, '--yes']);
    expect(run.exitCode).toBe(3);
    expect(run.stderr).toContain('skipped (drift: was open, now void)');
    expect(run.stderr).toContain(`${others.length} done, 0 failed, 1 skipped (drift), 0 unknown`);
    expect(run.stderr).toMatch(/Invoices done in this session: /);
    const counts = await writes(sandbox, PAID);
    expect(counts.get(`superuser/invoices/${voided.id}/paid`)).toBeUndefined();
    for (const invoice of others) expect(counts.get(`superuser/invoices/${invoice.id}/paid`)).toBe(1);
    // Applying the plan again changes nothing: every invoice changed since the plan is skipped for drift,
    // the ones it paid too (README: "skipped (drift: was open, now paid)"), never reported done.
    const again = await sandbox.edshed(['bulk', 'apply', plan, '--yes']);
    expect(again.exitCode).toBe(3);
    expect(again.stderr).toContain(`skipped (drift: was open, now paid; it already shows this item's change)`);
    expect(again.stderr).toContain(`0 done, 0 failed, ${open.length} skipped (drift), 0 unknown`);
    expect(await writes(sandbox, PAID)).toEqual(counts);

    // An item whose outcome was unknown (the connection dropped after sending) is read back on resume.
    const runId = /Run (\S+) \(/.exec(String(run.stderr))?.[1] ?? '';
    const journal = join(sandbox.env.XDG_STATE_HOME ?? '', 'edshed', 'runs', `${runId}.jsonl`);
    const index = open.indexOf(others[0] ?? voided);
    appendFileSync(journal, `${JSON.stringify({ type: 'item', index, line: index + 2, status: 'unknown', http_status: null, message: 'connection dropped', request_id: null })}\n`);
    const resumed = await sandbox.edshed(['runs', 'resume', runId]);
    expect(resumed.stderr).toContain('1 item of unknown outcome already applied (read back); not sent again.');
    expect(resumed.stderr).toContain('sending 0 items');
    expect(await writes(sandbox, PAID)).toEqual(counts);
  });
});

describe('plans of curated commands (invoices mark, subscriptions move), then apply', () => {
  let sandbox: SandboxProcess;
  beforeAll(async () => {
    sandbox = await startSandboxProcess(['--db', ':memory:', '--seed', 'large']);
    const login = await sandbox.edshed(['login', '--api-url', sandbox.url, '-u', 'superuser', '--password-stdin'], 'sandbox\n');
    expect(login.exitCode).toBe(0);
  });
  afterAll(async () => {
    await sandbox.stop();
  });

  it('invoices mark paid: plans with states, applies each once, skips (exit 3) the invoice voided since; applying again writes nothing', async () => {
    const listed = await sandbox.edshed(['invoices', 'list', '--state', 'open', '--take', '4', '--json']);
    const open = (JSON.parse(String(listed.stdout)) as { invoices: { id: number }[] }).invoices;
    const csv = join(sandbox.dir, 'curated-payments.csv');
    const plan = join(sandbox.dir, 'curated-plan.json');
    writeFileSync(csv, `id,date\n${open.map((i) => `${i.id},2026-11-02`).join('\n')}\n`);
    const dry = await sandbox.edshed(['invoices', 'mark', 'paid', '--from', csv, '--method', 'bacs', '--dry-run', '--plan', plan]);
    expect(dry.exitCode).toBe(0);
    expect(dry.stdout).toContain(`${open.length} × invoices mark paid (POST superuser/invoices/{id}/paid)`);
    expect(dry.stdout).toContain(`Invoices now: ${open.length} open`);
    const saved = JSON.parse(readFileSync(plan, 'utf8')) as { command: string; bulk: unknown; items: { target_id: number; state: string }[] };
    expect(saved).toMatchObject({ command: 'invoices mark paid', bulk: { kind: 'invoices mark', args: { action: 'paid' } } });
    expect(saved.items.map((i) => [i.target_id, i.state])).toEqual(open.map((i) => [i.id, 'open']));
    expect(await writes(sandbox, PAID)).toEqual(new Map());

    const [voided, ...others] = open;
    expect((await sandbox.edshed(['invoices', 'void', String(voided?.id), '--yes'])).exitCode).toBe(0);
    const run = await sandbox.edshed(['bulk', 'apply', plan, '--yes']);
    expect(run.exitCode).toBe(3);
    expect(run.stderr).toContain('skipped (drift: was open, now void)');
    expect(run.stderr).toContain(`${others.length} done, 0 failed, 1 skipped (drift), 0 unknown`);
    expect(run.stderr).toMatch(/Invoices done in this session: .*\d\.\d\d \([A-Z]{3}\)/);
    const counts = await writes(sandbox, PAID);
    expect(counts.get(`superuser/invoices/${voided?.id}/paid`)).toBeUndefined();
    for (const invoice of others) expect(counts.get(`superuser/invoices/${invoice.id}/paid`)).toBe(1);
    const again = await sandbox.edshed(['bulk', 'apply', plan, '--yes']);
    expect(again.exitCode).toBe(3);
    expect(await writes(sandbox, PAID)).toEqual(counts);
  });

  it('subscriptions move: plans with states, applies each once, skips (exit 3) the subscription changed since', async () => {
    const listed = JSON.parse(String((await sandbox.edshed(['subscriptions', 'list', '--take', '100', '--json'])).stdout)) as Record<string, unknown>;
    const to = 2;
    const subs = (Object.values(listed).find(Array.isArray) as { id: number; school_id: number; state: string }[]).filter((s) => s.state === 'active' && s.school_id !== to).slice(0, 3);
    expect(subs).toHaveLength(3);
    const csv = join(sandbox.dir, 'moves.csv');
    const plan = join(sandbox.dir, 'moves-plan.json');
    writeFileSync(csv, `id\n${subs.map((s) => s.id).join('\n')}\n`);
    const dry = await sandbox.edshed(['subscriptions', 'move', '--from', csv, '--to', String(to), '--dry-run', '--plan', plan]);
    expect(dry.exitCode).toBe(0);
    expect(dry.stdout).toContain('3 × subscriptions move');
    expect(dry.stdout).toContain('Subscriptions now: 3 active');
    expect((JSON.parse(readFileSync(plan, 'utf8')) as { bulk: unknown }).bulk).toEqual({ kind: 'subscriptions move', args: {} });

    const [changed, ...others] = subs;
    expect((await sandbox.edshed(['subscriptions', 'cancel-at-expiry', String(changed?.id), '--yes'])).exitCode).toBe(0);
    const run = await sandbox.edshed(['bulk', 'apply', plan, '--yes']);
    expect(run.exitCode).toBe(3);
    expect(run.stderr).toMatch(/skipped \(drift: was active, now \w+\)/);
    expect(run.stderr).toContain('2 done, 0 failed, 1 skipped (drift), 0 unknown');
    const moves = await writes(sandbox, 'POST subscriptions/{id}/move');
    expect(moves.get(`subscriptions/${changed?.id}/move`)).toBeUndefined();
    for (const s of others) expect(moves.get(`subscriptions/${s.id}/move`)).toBe(1);
  });

  it('marks the rows whose target is already as wanted "no change" in a dry run, on stdout and in --json, and counts them', async () => {
    const ids = async (state: string, take: number) => (JSON.parse(String((await sandbox.edshed(['invoices', 'list', '--state', state, '--take', String(take), '--json'])).stdout)) as { invoices: { id: number }[] }).invoices.map((i) => i.id);
    const [paid] = await ids('paid', 1);
    const open = await ids('open', 2);
    const listedPaid = (JSON.parse(String((await sandbox.edshed(['invoices', 'list', '--state', 'paid', '--take', '1', '--json'])).stdout)) as { invoices: { paid_method: string; paid_date: string }[] }).invoices[0];
    // The paid invoice's own payment (a row with other details would be refused, not "no change"); the open ones paid today.
    const today = new Date().toISOString().slice(0, 10);
    const csv = join(sandbox.dir, 'no-change.csv');
    writeFileSync(csv, `id,method,date\n${open[0]},bacs,${today}\n${paid},${listedPaid?.paid_method},${listedPaid?.paid_date}\n${open[1]},bacs,${today}\n`);
    const before = await writes(sandbox, PAID);
    const dry = await sandbox.edshed(['invoices', 'mark', 'paid', '--from', csv, '--method', 'bacs', '--dry-run']);
    expect(dry.exitCode).toBe(0);
    expect(dry.stdout).toContain(`Plan for ${csv}: 3 operations, 1 of them no change\n`);
    expect(dry.stdout).toContain(`line 3: invoice ${paid} paid --method ${listedPaid?.paid_method} --date ${listedPaid?.paid_date} (no change: already paid)`);
    expect(dry.stdout).not.toContain(`invoice ${open[0]} paid --method bacs --date ${today} (no change`);
    expect(dry.stdout).toContain(`No change (1): the invoice is already so`);
    expect(dry.stdout).toContain(`  line 3: invoice ${paid}: already paid`);
    const json = await sandbox.edshed(['invoices', 'mark', 'paid', '--from', csv, '--method', 'bacs', '--dry-run', '--json']);
    // The targets as the text shows them: their states now and their totals per currency (minor units).
    const all = (JSON.parse(String((await sandbox.edshed(['invoices', 'list', '--take', '100', '--json'])).stdout)) as { invoices: { id: number; state: string; currency: string; total: number; accounting_id: string | null }[] }).invoices;
    const totals: Record<string, number> = {};
    for (const invoice of all.filter((i) => [paid, ...open].includes(i.id))) totals[invoice.currency] = (totals[invoice.currency] ?? 0) + invoice.total;
    const targets = { kind: 'invoices', states: { open: 2, paid: 1 }, not_found: 0, totals };
    expect(JSON.parse(String(json.stdout))).toEqual({
      file: csv, command: 'invoices mark paid', operations: 3, set_aside: 0, targets, no_change: 1, no_change_items: [{ index: 1, line: 3, target_id: paid, reason: 'already paid' }], refused: 0, refused_items: [],
    });
    // The table form of the same action (invoices mark-paid --from) marks the same row.
    const table = await sandbox.edshed(['invoices', 'mark-paid', '--from', csv, '--method', 'bacs', '--dry-run', '--json']);
    expect(JSON.parse(String(table.stdout))).toEqual({
      file: csv, command: 'invoices mark-paid', operations: 3, set_aside: 0, targets, no_change: 1, no_change_items: [{ index: 1, line: 3, target_id: paid, reason: 'already paid' }], refused: 0, refused_items: [],
    });
    // A command without targets has none to show.
    const notes = await sandbox.edshed(['notes', 'create', '--from', notesFile(sandbox, 'no-change-notes.ndjson', 2), '--dry-run', '--json']);
    expect(notes.exitCode, String(notes.stderr)).toBe(0);
    expect(JSON.parse(String(notes.stdout))).toMatchObject({ command: 'notes create', operations: 2, targets: null, no_change: null, no_change_items: [], refused: null });
    // An action whose result the listed fields do not show (forex) cannot tell: no count, no marks.
    const idsOnly = join(sandbox.dir, 'no-change-ids.csv');
    writeFileSync(idsOnly, `id\n${open[0]}\n${paid}\n`);
    const forex = await sandbox.edshed(['invoices', 'mark', 'forex', '--from', idsOnly, '--dry-run']);
    expect(forex.exitCode, String(forex.stderr)).toBe(0);
    expect(forex.stdout).toContain(`Plan for ${idsOnly}: 2 operations\n`);
    expect(forex.stdout).not.toContain('no change');
    // accounting: an invoice with an accounting id is already sent (one is sent first).
    const [sent, unsent] = all.filter((i) => i.accounting_id === null && ['open', 'promised', 'paid'].includes(i.state));
    const send = await sandbox.edshed(['invoices', 'mark', String(sent?.id), 'accounting', '--system', 'xero', '--yes']);
    expect(send.exitCode, String(send.stderr)).toBe(0);
    const accounting = join(sandbox.dir, 'no-change-accounting.csv');
    writeFileSync(accounting, `id\n${unsent?.id}\n${sent?.id}\n`);
    const toAccounting = await sandbox.edshed(['invoices', 'mark', 'accounting', '--from', accounting, '--system', 'xero', '--dry-run', '--json']);
    expect(toAccounting.exitCode, String(toAccounting.stderr)).toBe(0);
    expect(JSON.parse(String(toAccounting.stdout))).toMatchObject({ operations: 2, no_change: 1, no_change_items: [{ index: 1, line: 3, target_id: sent?.id, reason: 'already sent to accounting' }] });
    expect(await writes(sandbox, PAID)).toEqual(before);

    // subscriptions move: a row whose subscription is already at its school.
    const listed = JSON.parse(String((await sandbox.edshed(['subscriptions', 'list', '--take', '100', '--json'])).stdout)) as Record<string, unknown>;
    const [here, there] = (Object.values(listed).find(Array.isArray) as { id: number; school_id: number }[]).filter((sub) => sub.school_id !== 2);
    const moves = join(sandbox.dir, 'no-change-moves.csv');
    writeFileSync(moves, `id,to\n${here?.id},${here?.school_id}\n${there?.id},2\n`);
    const dryMove = await sandbox.edshed(['subscriptions', 'move', '--from', moves, '--dry-run', '--json']);
    expect(dryMove.exitCode).toBe(0);
    expect(JSON.parse(String(dryMove.stdout))).toMatchObject({ operations: 2, no_change: 1, no_change_items: [{ line: 2, target_id: here?.id, reason: `already at school ${here?.school_id}` }] });
  });

  it('warns in a dry run of the payments the API would refuse (date before the invoice was issued, in the future, a void or otherwise paid invoice), and the run fails exactly those', { timeout: 60_000 }, async () => {
    type Listed = { id: number; state: string; issued_at: string; paid_method: string | null; paid_date: string | null };
    const list = async (state: string, take: number) => (JSON.parse(String((await sandbox.edshed(['invoices', 'list', '--state', state, '--take', String(take), '--skip', '2', '--json'])).stdout)) as { invoices: Listed[] }).invoices;
    const [early, future, good] = await list('open', 3);
    const [voided] = await list('void', 1);
    const [paid] = await list('paid', 1);
    if (!early || !future || !good || !voided || !paid) throw new Error('the large seed lacks an invoice of some state');
    const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const today = new Date().toISOString().slice(0, 10);
    const later = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const otherMethod = paid.paid_method === 'cheque' ? 'cash' : 'cheque';
    const csv = join(sandbox.dir, 'refused.csv');
    writeFileSync(csv, `id,method,date\n${early.id},bacs,${dayBefore(early.issued_at)}\n${good.id},bacs,${today}\n${future.id},bacs,${later}\n${voided.id},bacs,${today}\n${paid.id},${otherMethod},${today}\n`);
    const expected = [
      { index: 0, line: 2, target_id: early.id, reason: `payment date ${dayBefore(early.issued_at)} is before the invoice was issued (${early.issued_at})` },
      { index: 2, line: 4, target_id: future.id, reason: `payment date ${later} is in the future` },
      { index: 3, line: 5, target_id: voided.id, reason: 'void: only an open or promised invoice can be marked paid' },
      { index: 4, line: 6, target_id: paid.id, reason: `already paid (${paid.paid_method}, ${paid.paid_date}); change the payment with invoices update-paid` },
    ];
    for (const words of [['invoices', 'mark', 'paid'], ['invoices', 'mark-paid']]) {
      const dry = await sandbox.edshed([...words, '--from', csv, '--dry-run']);
      expect(dry.exitCode, String(dry.stderr)).toBe(0);
      expect(dry.stdout).toContain(`Plan for ${csv}: 5 operations, 0 of them no change, 4 would be refused`);
      expect(dry.stdout).toContain(`Would be refused (4): the API's rules for the invoice as it stands`);
      for (const row of expected) expect(dry.stdout).toContain(`  line ${row.line}: invoice ${row.target_id}: ${row.reason}`);
      expect(dry.stderr).toContain('Warning: 4 of 5 rows would be refused by the API as things stand (lines 2, 4, 5, 6)');
      const json = await sandbox.edshed([...words, '--from', csv, '--dry-run', '--json']);
      expect(JSON.parse(String(json.stdout))).toMatchObject({ operations: 5, refused: 4, refused_items: expected });
    }
    // The real run: exactly the rows foreseen fail, the other is applied.
    const run = await sandbox.edshed(['invoices', 'mark-paid', '--from', csv, '--json']);
    expect(run.exitCode).toBe(3);
    expect(JSON.parse(String(run.stdout))).toMatchObject({ done: 1, failed: 4 });
  });
});
