import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../core/api/client.js';
import { runApply } from '../../../cli/bulk/apply.js';
// bulk apply finds a plan's curated command in cli/bulk's registry, which the commands' index fills.
import '../../../cli/commands/index.js';
import { runBulk } from '../../../cli/bulk/run-bulk.js';
import { moveBulkCommand } from '../../../cli/commands/subscriptions/move-bulk.js';
import { runMoveSubscription } from '../../../cli/commands/subscriptions/move.js';
import { scriptedPrompter } from '../../../cli/prompt/prompter.js';
import { fakeFactory, type FakeOptions } from '../../helpers/fake-factory.js';
import { BASE, testSandbox, type TestSandbox } from '../../sandbox/helpers/sandbox.js';

// Against the in-process sandbox's seed: school 1 Oakfield (GB, no district), 2 Maple (US, district 1),
// 3 Wattle (AU, district 1); on the test's day subscription 13 is Wattle's only live Literacy Shed Plus
// (AUD), 5 Oakfield's only live Spelling Shed (GBP; 1 has expired).
const dir = mkdtempSync(join(tmpdir(), 'edshed-move-warnings-'));
let t: TestSandbox;
let sent: string[];
beforeEach(() => {
  t = testSandbox({ now: () => new Date('2026-11-02T10:00:00Z') });
  sent = [];
});
afterEach(() => t.close());

async function factoryAs(options: FakeOptions = {}) {
  const client = new ApiClient().init({
    baseUrl: BASE,
    token: await t.login('superuser'),
    fetch: t.sandbox.fetch,
    retry: { retries: 0 },
    onRequest: (e) => void sent.push(`${e.method} ${e.url}`),
  });
  return fakeFactory({ client, env: { XDG_STATE_HOME: join(dir, 'state') }, ...options });
}

const flat = (text: string) => text.replace(/\n {2}/g, ' ');

describe('subscriptions move warns of what it changes besides the school', () => {
  it('one move: country, currency and a school left without its only literacy subscription, before the question, wrapped', async () => {
    const prompter = scriptedPrompter(['yes']);
    const c = await factoryAs({ tty: true, prompter });
    await runMoveSubscription(c, { id: 13, to: 2 });
    const err = c.err();
    expect(flat(err)).toContain('Warning (country): Subscription 13 (Literacy Shed Plus) moves from AU to US');
    expect(flat(err)).toContain(
      'Warning (currency): Subscription 13 is billed in AUD; Maple Elementary School (school 2, US) pays in USD',
    );
    expect(flat(err)).toMatch(
      /Warning \(access\): Wattle Public School \(school 3, AU\) is left with no live Literacy Shed Plus subscription: .* lose access when subscription 13 moves\./,
    );
    // Both schools are in district 1: no district crossed.
    expect(err).not.toContain('Warning (district)');
    expect(err.split('\n').every((l) => l.length <= 100)).toBe(true);
    expect(err.indexOf('Warning (access)')).toBeLessThan(err.indexOf('Moved subscription 13'));
    expect(prompter.asked).toEqual(['Move subscription 13 from Wattle Public School to Maple Elementary School?']);
  });

  it('one move with --yes: the warnings are printed all the same, the district crossed too', async () => {
    const c = await factoryAs();
    await runMoveSubscription(c, { id: 5, to: 2, yes: true });
    const err = flat(c.err());
    expect(err).toContain(
      'Warning (district): Subscription 5 moves from no district (Oakfield Primary School) to district 1 (Maple Elementary School)',
    );
    expect(err).toContain('Warning (currency): Subscription 5 is billed in GBP');
    expect(err).toContain(
      'Warning (access): Oakfield Primary School (school 1, GB) is left with no live Spelling Shed subscription',
    );
  });

  it('one move with --dry-run: the warnings come with the request it would send, and nothing is moved', async () => {
    const c = await factoryAs();
    await runMoveSubscription(c, { id: 13, to: 2, dryRun: true });
    expect(flat(c.err())).toContain(
      'Warning (access): Wattle Public School (school 3, AU) is left with no live Literacy Shed Plus subscription',
    );
    expect(sent.filter((s) => s.startsWith('POST'))).toEqual([]);
  });

  it('a bulk dry run with --yes and --plan: the plan names the destination, the warnings go to stderr and into the plan file, read in one walk', async () => {
    const csv = join(dir, 'moves.csv');
    writeFileSync(csv, 'id,to\n13,2\n5,2\n');
    const plan = join(dir, 'moves-plan.json');
    const c = await factoryAs();
    await runBulk(c, {
      command: moveBulkCommand(),
      from: csv,
      defaults: {},
      skipInvalid: false,
      concurrency: 1,
      dryRun: true,
      yes: true,
      plan,
    });
    expect(c.out()).toContain(
      '2 × subscriptions move (POST subscriptions/{id}/move)\n    to Maple Elementary School (school 2, US)\n',
    );
    expect(c.out()).toContain('Warnings: 7, on stderr and in the plan (they do not stop the run)');
    expect(flat(c.err())).toContain('7 warnings (they do not stop the run):\nWarning (country): Subscription 13');
    const saved = JSON.parse(readFileSync(plan, 'utf8')) as {
      warnings: { kind: string; target_id: number; text: string }[];
    };
    expect(saved.warnings.map((w) => `${w.target_id} ${w.kind}`)).toEqual([
      '13 country',
      '13 currency',
      '13 access',
      '5 country',
      '5 currency',
      '5 district',
      '5 access',
    ]);
    expect(saved.warnings[2]?.text).toMatch(
      /^Wattle Public School \(school 3, AU\) is left with no live Literacy Shed Plus subscription/,
    );
    // One walk of the list for every row, never one list per row.
    expect(sent.filter((s) => /GET .*schoolsubscriptions\?/.test(s))).toHaveLength(1);
    expect(sent.filter((s) => s.startsWith('POST'))).toEqual([]);
  });

  it('a bulk dry run with --json: the destination and the warnings are in the plan it prints', async () => {
    const csv = join(dir, 'moves-json.csv');
    writeFileSync(csv, 'id,to\n13,2\n');
    const c = await factoryAs({ globals: { json: true } });
    await runBulk(c, {
      command: moveBulkCommand(),
      from: csv,
      defaults: {},
      skipInvalid: false,
      concurrency: 1,
      dryRun: true,
    });
    const printed = JSON.parse(c.out()) as { destination: string; warnings: { kind: string; target_id: number }[] };
    expect(printed.destination).toBe('to Maple Elementary School (school 2, US)');
    expect(printed.warnings.map((w) => w.kind)).toEqual(['country', 'currency', 'access']);
  });

  it('a bulk run and bulk apply: the prompt names the destination, after the warnings', async () => {
    const csv = join(dir, 'moves2.csv');
    writeFileSync(csv, 'id,to\n13,2\n');
    const prompter = scriptedPrompter(['n']);
    const c = await factoryAs({ tty: true, prompter });
    await expect(
      runBulk(c, { command: moveBulkCommand(), from: csv, defaults: {}, skipInvalid: false, concurrency: 1 }),
    ).rejects.toMatchObject({ exitCode: 2 });
    expect(prompter.asked).toEqual([`1 × subscriptions move from ${csv} to Maple Elementary School (school 2, US)?`]);
    expect(flat(c.err())).toContain(
      'Warning (access): Wattle Public School (school 3, AU) is left with no live Literacy Shed Plus subscription',
    );

    const plan = join(dir, 'moves2-plan.json');
    await runBulk(await factoryAs(), {
      command: moveBulkCommand(),
      from: csv,
      defaults: {},
      skipInvalid: false,
      concurrency: 1,
      dryRun: true,
      plan,
    });
    const applying = scriptedPrompter(['yes']);
    const a = await factoryAs({ tty: true, prompter: applying });
    await runApply(a, { file: plan, concurrency: 1 });
    expect(applying.asked).toEqual([`1 × subscriptions move from ${plan} to Maple Elementary School (school 2, US)?`]);
    expect(flat(a.err())).toContain('Warning (access): Wattle Public School');
  });
});
