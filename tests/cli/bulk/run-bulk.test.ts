import { mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../core/api/client.js';
import type { Endpoint } from '../../../core/endpoints/define.js';
import { ENDPOINTS } from '../../../core/endpoints/index.js';
import { readJournal } from '../../../cli/bulk/journal-state.js';
import { runsDir } from '../../../cli/bulk/journal.js';
import { runResume } from '../../../cli/bulk/resume.js';
import { runBulk } from '../../../cli/bulk/run-bulk.js';
import { run } from '../../../cli/main.js';
import { endpointCommand } from '../../../cli/bulk/endpoint-command.js';
import { CliError } from '../../../cli/errors/cli-error.js';
import { testSandbox, type TestSandbox } from '../../sandbox/helpers/sandbox.js';
import { fakeFactory } from '../../helpers/fake-factory.js';
import { scriptedPrompter, type Prompter } from '../../../cli/prompt/prompter.js';

const notesCreate = ENDPOINTS.find((e) => e.command === 'notes create') as Endpoint;
const dir = mkdtempSync(join(tmpdir(), 'edshed-run-bulk-'));
let t: TestSandbox;
let token: string;

beforeAll(async () => {
  t = testSandbox();
  token = await t.login('superuser');
});
afterAll(() => t.close());

function factory(options: { interrupt?: AbortController; production?: boolean; prompter?: Prompter } = {}) {
  const { production, ...rest } = options;
  const client = createClient({ baseUrl: 'http://sandbox.invalid/', fetch: t.sandbox.fetch, token });
  const connection = { baseUrl: client.baseUrl, ...(production ? { environment: 'production' as const } : {}) };
  return fakeFactory({ client, env: { XDG_STATE_HOME: join(dir, 'state') }, connection, ...rest });
}

const notesApplied = async () =>
  ((await t.call('GET', '__sandbox/writes', { query: { route: 'POST notes' } })).body.total as number) ?? 0;

function csvOf(name: string, rows: readonly string[]): string {
  const file = join(dir, name);
  writeFileSync(file, `target,data\n${rows.join('\n')}\n`);
  return file;
}

const note = (i: number, text = `note ${i}`) => `"{""type"":""pupil"",""id"":${i}}","${text}"`;
const options = { command: endpointCommand(notesCreate), defaults: {}, skipInvalid: false, concurrency: 2 };

describe('runBulk and runResume in-process', () => {
  it('prints the plan for --dry-run and sends nothing', async () => {
    const c = factory();
    const before = await notesApplied();
    await runBulk(c, { ...options, from: csvOf('plan.csv', [note(1), note(2)]), dryRun: true });
    expect(c.out()).toContain('Plan for');
    expect(c.out()).toContain('2 × notes create (POST notes)');
    expect(c.out()).toContain('line 2: POST notes {"target":{"type":"pupil","id":1},"data":"note 1"}');
    expect(await notesApplied()).toBe(before);
  });

  it('sets bad rows aside with --skip-invalid, writes results with quoting, and audits every write with the run id', async () => {
    const c = factory();
    const rejects = join(dir, 'rejects.csv');
    const results = join(dir, 'results.csv');
    const file = csvOf('skip.csv', [note(1, 'a, b'), '"{""type"":""pupil"",""id"":2}"', note(3, 'c')]);
    await runBulk(c, { ...options, from: file, skipInvalid: true, rejects, results });
    expect(readFileSync(rejects, 'utf8')).toBe(
      'target,data,reason\n"{""type"":""pupil"",""id"":2}",,"line 3: expected 2 fields, like the header; got 1 (quote a value that contains a comma)"\n',
    );
    const lines = readFileSync(results, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 5).join(','))).toEqual(['0,2,,done,201', '1,4,,done,201']);
    expect(c.audited).toHaveLength(2);
    expect(new Set(c.audited.map((a) => a.run_id)).size).toBe(1);
    expect(c.audited.map((a) => a.idempotency_key)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^edshed-bulk-.*-0$/),
        expect.stringMatching(/^edshed-bulk-.*-1$/),
      ]),
    );
  });

  it('stops at Ctrl-C with exit 130 and resumes the rest, each item applied once', async () => {
    const interrupt = new AbortController();
    interrupt.abort();
    const c = factory({ interrupt });
    const before = await notesApplied();
    const file = csvOf(
      'ctrl-c.csv',
      Array.from({ length: 12 }, (_, i) => note(i + 1)),
    );
    const stopped = runBulk(c, { ...options, from: file });
    await expect(stopped).rejects.toThrow(CliError);
    await expect(stopped).rejects.toMatchObject({ exitCode: 130 });
    const runId = (
      readdirSync(runsDir(c.env)).find(
        (n) => n.endsWith('.items.jsonl') && readFileSync(join(runsDir(c.env), n), 'utf8').split('\n').length === 13,
      ) ?? ''
    ).replace('.items.jsonl', '');
    expect((await readJournal(c.env, runId)).counts.pending).toBe(12);

    await runResume(factory(), { runId, retryFailed: false, concurrency: 3 });
    expect((await readJournal(c.env, runId)).counts).toMatchObject({ done: 12, pending: 0 });
    expect((await notesApplied()) - before).toBe(12);
  });

  it("runs resume keeps the run's --rate unless given, and --rate none lifts it", async () => {
    const interrupt = new AbortController();
    interrupt.abort();
    const c = factory({ interrupt });
    const file = csvOf('rated.csv', [note(1), note(2)]);
    await expect(runBulk(c, { ...options, from: file, rate: 500 })).rejects.toMatchObject({ exitCode: 130 });
    const journals = readdirSync(runsDir(c.env)).filter((n) => /^[\w-]+\.jsonl$/.test(n));
    const id = (
      journals.find((n) => readFileSync(join(runsDir(c.env), n), 'utf8').includes(`"file":${JSON.stringify(file)}`)) ??
      ''
    ).replace('.jsonl', '');
    expect((await readJournal(c.env, id)).header.settings).toEqual({ concurrency: 2, rate: 500 });
    // A bad --rate is refused before anything is sent; `none` is the one word it takes.
    const bad = factory();
    expect(await run(['runs', 'resume', id, '--rate', 'nine'], bad)).toBe(2);
    expect(bad.err()).toContain('--rate: expected requests per second');
    const lifted = factory();
    expect(await run(['runs', 'resume', id, '--rate', 'none'], lifted)).toBe(0);
    expect(lifted.err()).toContain(`Run ${id}: sending 2 items of notes create (concurrency 2).`);
    expect((await readJournal(c.env, id)).counts).toMatchObject({ done: 2, pending: 0 });
  });
});

describe('the files a bulk run writes', () => {
  it('refuses --results, --rejects and --plan naming the input file another way, leaving it whole and sending nothing', async () => {
    const file = csvOf('own.csv', [note(1), note(2)]);
    const before = readFileSync(file, 'utf8');
    const applied = await notesApplied();
    // The input named through a folder and back: another spelling of the same file.
    mkdirSync(join(dir, 'sub'), { recursive: true });
    const from = `${dir}/sub/../own.csv`;
    const link = join(dir, 'own-link.csv');
    symlinkSync(file, link);
    for (const [args, message] of [
      [['--results', file], 'that is the input file'],
      [['--results', link], 'that is the input file'],
      [['--skip-invalid', '--rejects', `${dir}/./own.csv`], 'that is the input file'],
      [['--dry-run', '--plan', file], '--plan: name a file other than the input file'],
    ] as const) {
      const c = factory();
      expect(await run(['notes', 'create', '--from', from, ...args], c), args.join(' ')).toBe(2);
      expect(c.err()).toContain(message);
      expect(readFileSync(file, 'utf8')).toBe(before);
    }
    expect(await notesApplied()).toBe(applied);
  });
});

describe('a results file that cannot be written', () => {
  it('stops the run with exit 2 before anything is sent, leaving no run to resume', async () => {
    const c = factory();
    const file = csvOf('unwritable.csv', [note(1), note(2)]);
    await runBulk(c, { ...options, from: file, dryRun: true });
    const runs = () => readdirSync(runsDir(c.env)).filter((n) => n.endsWith('.jsonl'));
    const before = runs();
    const applied = await notesApplied();
    for (const results of [join(dir, 'no-such-folder', 'r.csv'), join(dir, 'sub.csv', 'r.csv')]) {
      if (results.includes('sub.csv')) mkdirSync(join(dir, 'sub.csv', 'r.csv'), { recursive: true });
      const err = await runBulk(factory(), { ...options, from: file, results }).catch((e: unknown) => e);
      expect(err, results).toBeInstanceOf(CliError);
      expect(err).toMatchObject({
        exitCode: 2,
        message: expect.stringContaining(`--results ${results}: cannot write`),
      });
    }
    expect(runs().filter((n) => !before.includes(n))).toEqual([]);
    expect(await notesApplied()).toBe(applied);
  });

  it('a dry run whose --plan cannot be written is exit 2 naming it, not a bare ENOENT (exit 1)', async () => {
    const plan = join(dir, 'no-such-folder', 'plan.json');
    const from = csvOf('unplannable.csv', [note(1)]);
    const err = await runBulk(factory(), { ...options, from, dryRun: true, plan }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CliError);
    expect(err).toMatchObject({
      exitCode: 2,
      message: `--plan ${plan}: its directory does not exist (${dirname(plan)}); nothing was sent`,
    });
  });
});

describe('a bulk write to a production-marked environment', () => {
  const file = () => csvOf('production.csv', [note(1), note(2), note(3)]);

  it('asks the user to type the number of operations, and sends them all once it is typed', async () => {
    const prompter = scriptedPrompter(['3']);
    const c = factory({ production: true, prompter });
    const before = await notesApplied();
    await runBulk(c, { ...options, from: file() });
    expect(prompter.asked).toEqual([
      expect.stringMatching(
        /^3 × notes create from .*production\.csv in PRODUCTION \(http:\/\/sandbox\.invalid\/\)\. Type 3 to go on: $/,
      ),
    ]);
    expect((await notesApplied()) - before).toBe(3);
    expect(c.err()).toContain('Writing to PRODUCTION');
  });

  it('sends nothing when the number typed is wrong (exit 2), or when there is no terminal to ask on', async () => {
    const before = await notesApplied();
    const wrong = scriptedPrompter(['yes']);
    await expect(
      runBulk(factory({ production: true, prompter: wrong }), { ...options, from: file() }),
    ).rejects.toMatchObject({ exitCode: 2, message: 'Cancelled; nothing was sent' });
    expect(wrong.asked).toHaveLength(1);
    const offTerminal = scriptedPrompter([], { interactive: false });
    await expect(
      runBulk(factory({ production: true, prompter: offTerminal }), { ...options, from: file() }),
    ).rejects.toMatchObject({ exitCode: 2, message: expect.stringContaining('in PRODUCTION: pass --yes to confirm') });
    expect(await notesApplied()).toBe(before);
  });

  it('skips the question with --yes', async () => {
    const prompter = scriptedPrompter([]);
    const before = await notesApplied();
    await runBulk(factory({ production: true, prompter }), { ...options, from: file(), yes: true });
    expect(prompter.asked).toEqual([]);
    expect((await notesApplied()) - before).toBe(3);
  });
});
