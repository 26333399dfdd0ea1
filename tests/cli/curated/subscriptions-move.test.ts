import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../core/api/client.js';
import { runMoveSubscription } from '../../../cli/commands/subscriptions/move.js';
import { CliError } from '../../../cli/errors/cli-error.js';
import { scriptedPrompter } from '../../../cli/prompt/prompter.js';
import { fakeFactory, type FakeOptions } from '../../helpers/fake-factory.js';
import { BASE, testSandbox, type TestSandbox } from '../../sandbox/helpers/sandbox.js';
import { oneValue } from '../../../sandbox/kit/sql.js';

// In-process: the questions a person at a terminal is asked, which the black-box tests cannot answer.
let t: TestSandbox;
beforeEach(() => {
  t = testSandbox({ now: () => new Date('2026-11-02T10:00:00Z') });
});
afterEach(() => t.close());

async function factoryAs(username: string, options: FakeOptions = {}) {
  const client = new ApiClient().init({
    baseUrl: BASE,
    token: await t.login(username),
    fetch: t.sandbox.fetch,
    retry: { retries: 0 },
  });
  return fakeFactory({ client, ...options });
}

const schoolOf = (id: number) => oneValue(t.sandbox.db, 'SELECT school_id FROM subscriptions WHERE id = ?', id);

describe('subscriptions move, in-process', () => {
  it('shows the subscription and both schools, asks once, moves with a derived key, records it and reads it back', async () => {
    const prompter = scriptedPrompter(['yes']);
    const c = await factoryAs('superuser', { tty: true, prompter });
    const outcome = await runMoveSubscription(c, { id: 5, to: 2 });
    expect(prompter.asked).toEqual(['Move subscription 5 from Oakfield Primary School to Maple Elementary School?']);
    expect(c.err()).toMatch(
      /^Subscription 5: Spelling Shed, active, 2026-09-02 to 2027-09-01, 300 seats \(0 used\)\n {2}from: Oakfield Primary School \(school 1, GB\)\n {2}to: {3}Maple Elementary School \(school 2, US\)\n/,
    );
    expect(outcome).toMatchObject({
      subscription: { id: 5, school_id: 2 },
      from: { id: 1 },
      to: { id: 2 },
      changed: true,
    });
    expect(schoolOf(5)).toBe(2);
    expect(c.audited).toHaveLength(1);
    expect(c.audited[0]).toMatchObject({ method: 'POST', path: 'subscriptions/5/move', status: 200, outcome: 'ok' });
    expect(c.audited[0]?.idempotency_key).toMatch(/^edshed-[0-9a-f-]{36}-move-5$/);
    expect(c.out()).toMatch(/Maple Elementary School/);
  });

  it('refuses off a terminal without --yes before reading anything (exit 2)', async () => {
    const sent: string[] = [];
    const client = new ApiClient().init({
      baseUrl: BASE,
      token: await t.login('superuser'),
      fetch: t.sandbox.fetch,
      retry: { retries: 0 },
      onRequest: (e) => void sent.push(`${e.method} ${e.url}`),
    });
    const c = fakeFactory({ client, tty: false });
    await expect(runMoveSubscription(c, { id: 5, to: 2 })).rejects.toMatchObject({
      exitCode: 2,
      message: 'Move subscription 5 to school 2: pass --yes to confirm (no terminal to ask on); nothing was sent',
    });
    expect(sent).toEqual([]);
    expect(c.audited).toHaveLength(0);
  });

  it('sends nothing when the answer is no', async () => {
    const c = await factoryAs('superuser', { tty: true, prompter: scriptedPrompter(['n']) });
    await expect(runMoveSubscription(c, { id: 5, to: 2 })).rejects.toMatchObject({
      exitCode: 2,
      message: 'Cancelled; nothing was sent',
    });
    expect(c.audited).toHaveLength(0);
    expect(schoolOf(5)).toBe(1);
  });

  it('uses the run id for the key and the audit record when a bulk run gives one', async () => {
    const c = await factoryAs('superuser');
    await runMoveSubscription(c, { id: 5, to: 3, yes: true, runId: 'run7' });
    expect(c.audited[0]).toMatchObject({ idempotency_key: 'edshed-run7-move-5', run_id: 'run7' });
  });

  it('refuses a move to the school it is at without asking (exit 1: it took a read to know)', async () => {
    const prompter = scriptedPrompter([]);
    const c = await factoryAs('superuser', { tty: true, prompter });
    const error = await runMoveSubscription(c, { id: 5, to: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    expect(error).toMatchObject({
      exitCode: 1,
      message:
        'Subscription 5 (Spelling Shed) is already at Oakfield Primary School (school 1, GB) (read GET schoolsubscriptions/5); no move was sent',
    });
    expect(prompter.asked).toEqual([]);
    expect(c.audited).toHaveLength(0);
  });
});
