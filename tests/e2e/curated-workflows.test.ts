import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process.js';

// Curated workflows, through the built binary against a started sandbox: subscriptions move,
// schools find and schools show. Every refusal is checked against the sandbox's write log.
interface Sub {
  id: number;
  school_id: number;
  state: string;
}
interface Invoice {
  currency: string;
  amount_due: number;
}
interface Write {
  route: string;
  target: string;
  count: number;
}

let sandbox: SandboxProcess;
const json = (text: unknown) => JSON.parse(String(text)) as Record<string, unknown>;
const writes = async () => json((await sandbox.edshed(['api', 'GET', '__sandbox/writes'])).stdout).writes as Write[];
const subsOf = async (school: number) =>
  json(
    (await sandbox.edshed(['subscriptions', 'list', '--school-id', String(school), '--take', '1000', '--json'])).stdout,
  ).subscriptions as Sub[];
const liveSubOf = async (school: number) => (await subsOf(school)).find((s) => s.state === 'active') as Sub;

beforeAll(async () => {
  sandbox = await startSandboxProcess(['--db', ':memory:']);
  for (const [user, profile] of [
    ['superuser', 'default'],
    ['teacher', 'teacher'],
    ['admin', 'admin'],
    ['pupil', 'pupil'],
  ]) {
    const login = await sandbox.edshed(
      ['--profile', String(profile), 'login', '--api-url', sandbox.url, '-u', String(user), '--password-stdin'],
      'sandbox\n',
    );
    expect(login.exitCode).toBe(0);
  }
});
afterAll(async () => {
  await sandbox.stop();
});

describe('subscriptions move', { timeout: 60_000 }, () => {
  it('moves a subscription to another school and reads it back there, with exactly one write', async () => {
    const sub = await liveSubOf(1);
    const moved = await sandbox.edshed(['subscriptions', 'move', String(sub.id), '--to', '2', '--yes', '--json']);
    expect(moved.exitCode).toBe(0);
    expect(json(moved.stdout)).toMatchObject({
      subscription: { id: sub.id, school_id: 2 },
      from: { id: 1, name: 'Oakfield Primary School' },
      to: { id: 2 },
      changed: true,
    });
    expect(moved.stderr).toMatch(
      new RegExp(
        `^Subscription ${sub.id}: .*\\n {2}from: Oakfield Primary School \\(school 1, GB\\)\\n {2}to: {3}Maple Elementary School \\(school 2, US\\)\\n`,
      ),
    );
    expect((await subsOf(2)).map((s) => s.id)).toContain(sub.id);
    expect((await subsOf(1)).map((s) => s.id)).not.toContain(sub.id);
    expect((await writes()).filter((w) => w.route === 'POST subscriptions/{id}/move')).toEqual([
      { route: 'POST subscriptions/{id}/move', target: `subscriptions/${sub.id}/move`, count: 1 },
    ]);
  });

  it('sends no write without --yes off a terminal, for --dry-run, or to the school it is at', async () => {
    const sub = await liveSubOf(3);
    const before = await writes();
    // Exit 2 means no request at all: the question could not be answered, so not even the reads go out.
    const unasked = await sandbox.edshed(['subscriptions', 'move', String(sub.id), '--to', '1', '--verbose']);
    expect(unasked.exitCode).toBe(2);
    expect(unasked.stderr).toBe(
      `edshed: Move subscription ${sub.id} to school 1: pass --yes to confirm (no terminal to ask on); nothing was sent`,
    );
    const dry = await sandbox.edshed(['subscriptions', 'move', String(sub.id), '--to', '1', '--dry-run']);
    expect(dry.exitCode).toBe(0);
    expect(dry.stdout).toMatch(new RegExp(`^POST ${sandbox.url}subscriptions/${sub.id}/move\\n`));
    expect(dry.stdout).toMatch(new RegExp(`idempotency-key: edshed-\\S+-move-${sub.id}\\n`));
    expect(dry.stdout).toMatch(/\n\{"school":1\}$/);
    expect(dry.stderr).toMatch(/Dry run: nothing was sent/);
    // Known only by reading the subscription: exit 1 (not 2), saying what was read.
    const same = await sandbox.edshed(['subscriptions', 'move', String(sub.id), '--to', '3', '--yes']);
    expect(same.exitCode).toBe(1);
    expect(same.stderr).toMatch(
      new RegExp(
        `is already at Wattle Public School \\(school 3, AU\\) \\(read GET schoolsubscriptions/${sub.id}\\); no move was sent`,
      ),
    );
    expect(await writes()).toEqual(before);
  });

  it('checks ids before sending and names an unknown subscription or school (404, exit 1)', async () => {
    const before = await writes();
    const bad = await sandbox.edshed(['subscriptions', 'move', '5x', '--to', '2', '--yes']);
    expect(bad.exitCode).toBe(2);
    expect((await sandbox.edshed(['subscriptions', 'move', '5', '--yes'])).exitCode).toBe(2);
    const noSub = await sandbox.edshed(['subscriptions', 'move', '999999', '--to', '2', '--yes']);
    expect(noSub.exitCode).toBe(1);
    expect(noSub.stderr).toMatch(/Subscription 999999 not found \(status 404/);
    const noSchool = await sandbox.edshed([
      'subscriptions',
      'move',
      String((await liveSubOf(3)).id),
      '--to',
      '999999',
      '--yes',
    ]);
    expect(noSchool.exitCode).toBe(1);
    expect(noSchool.stderr).toMatch(/School 999999 not found \(status 404/);
    expect(await writes()).toEqual(before);
  });
});

describe('schools find and show', { timeout: 60_000 }, () => {
  it('finds Oakfield Primary School by part of its name', async () => {
    const found = await sandbox.edshed(['schools', 'find', 'oak']);
    expect(found.exitCode).toBe(0);
    expect(found.stdout).toBe(
      'id\tname\tcountry\tlocale\tmatched\n1\tOakfield Primary School\tGB\ten_GB\tname: Oakfield',
    );
  });

  it('shows a school as one JSON object whose subscriptions, invoice totals and counts match what the API lists', async () => {
    const shown = await sandbox.edshed(['schools', 'show', '1', '--json']);
    expect(shown.exitCode).toBe(0);
    const view = json(shown.stdout);
    expect((view.subscriptions as Sub[]).map((s) => s.id).sort()).toEqual((await subsOf(1)).map((s) => s.id).sort());
    const unpaid: Invoice[] = [];
    for (const state of ['open', 'promised']) {
      const listed = await sandbox.edshed([
        'invoices',
        'list',
        '--school-id',
        '1',
        '--state',
        state,
        '--take',
        '1000',
        '--json',
      ]);
      unpaid.push(...(json(listed.stdout).invoices as Invoice[]));
    }
    expect(unpaid.length).toBeGreaterThan(0);
    const expected = new Map<string, { currency: string; invoices: number; amount_due: number }>();
    for (const i of unpaid) {
      const sum = expected.get(i.currency) ?? { currency: i.currency, invoices: 0, amount_due: 0 };
      expected.set(i.currency, { ...sum, invoices: sum.invoices + 1, amount_due: sum.amount_due + i.amount_due });
    }
    expect(
      (view.invoice_totals as Record<string, unknown>[]).map(({ currency, invoices, amount_due }) => ({
        currency,
        invoices,
        amount_due,
      })),
    ).toEqual([...expected.values()]);
    const users = json((await sandbox.edshed(['users', 'list', '--schoolid', '1', '--json'])).stdout).users as {
      kind: string;
    }[];
    expect(view.teacher_count).toBe(users.filter((u) => u.kind === 'teacher').length);
    expect(view.pupil_count).toBe(users.filter((u) => u.kind === 'pupil').length);
    const piped = await sandbox.edshed(['schools', 'show', '1']);
    expect(piped.stdout).toMatch(
      /^# school\n[^]*\n# subscriptions\n[^]*\n# open invoices\n[^]*\n# invoice totals\ncurrency\tinvoices\tamount_due\toverdue\tamount_overdue\n/,
    );
  });

  it("shows its own school in full to the school's admin, through the routes of the school they manage", async () => {
    const superuser = json((await sandbox.edshed(['schools', 'show', '1', '--json'])).stdout);
    const shown = await sandbox.edshed(['--profile', 'admin', 'schools', 'show', '1', '--json', '--verbose']);
    expect(shown.exitCode, String(shown.stderr)).toBe(0);
    const view = json(shown.stdout);
    expect(view.not_shown).toEqual([]);
    for (const key of ['school', 'subscriptions', 'open_invoices', 'invoice_totals', 'teacher_count', 'pupil_count'])
      expect(view[key], key).toEqual(superuser[key]);
    // Never a superuser-only route: the admin's own school's list instead of GET schoolsubscriptions.
    expect(shown.stderr).toMatch(/> GET \S*users\/me\/school\/subscriptions/);
    expect(shown.stderr).not.toMatch(/> GET \S*\/schoolsubscriptions/);
    expect(shown.stderr).not.toMatch(/^< 403 /m);
    const table = await sandbox.edshed(['--profile', 'admin', 'schools', 'show', '1']);
    expect(table.stdout).toMatch(/^# subscriptions\nid\tproduct/m);
  });

  it("shows a teacher the school alone, the rest marked as for superusers and the school's admins; refuses a pupil (exit 4)", async () => {
    const shown = await sandbox.edshed(['--profile', 'teacher', 'schools', 'show', '1', '--json', '--verbose']);
    expect(shown.exitCode, String(shown.stderr)).toBe(0);
    const view = json(shown.stdout);
    expect(view.school).toMatchObject({ id: 1, name: 'Oakfield Primary School' });
    expect(view).toMatchObject({ subscriptions: null, open_invoices: null, invoice_totals: null });
    const marked = "superusers and the school's admins";
    expect(view.not_shown).toEqual([
      { section: 'subscriptions', shown_to: marked },
      { section: 'open_invoices', shown_to: marked },
      { section: 'invoice_totals', shown_to: marked },
    ]);
    expect(shown.stderr).not.toMatch(/^< 403 /m);
    const piped = await sandbox.edshed(['--profile', 'teacher', 'schools', 'show', '1']);
    expect(piped.stdout).toMatch(/\n# subscriptions: not shown: for superusers and the school's admins only\n/);
    const pupil = await sandbox.edshed(['--profile', 'pupil', 'schools', 'show', '1', '--verbose']);
    expect(pupil.exitCode).toBe(4);
    expect(pupil.stderr).toMatch(
      /schools show is for the school's teachers and superusers; pupil \(pupil\) may not read school 1 \(read GET users\/me\)/,
    );
    expect(pupil.stderr).not.toMatch(/> GET \S*schools\/1/);
  });
});
