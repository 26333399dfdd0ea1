import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError, RateLimitedError } from '../../../core/api/errors/index.js';
import type { BulkCommand } from '../../../cli/bulk/bulk-command.js';
import { fixedColumns } from '../../../cli/bulk/columns.js';
import { readJournal } from '../../../cli/bulk/journal-state.js';
import { runBulk } from '../../../cli/bulk/run-bulk.js';
import { issuesOf, missingIssues } from '../../../cli/bulk/row-issues.js';
import { CliError } from '../../../cli/errors/cli-error.js';
import { parseWholeNumber } from '../../../cli/input/whole-number.js';
import { scriptedPrompter } from '../../../cli/prompt/prompter.js';
import { fakeFactory } from '../../helpers/fake-factory.js';

// The bulk runner with a fake BulkCommand: any run function per row goes through the same validation,
// confirmation, journal and runner as a table endpoint.

const dir = mkdtempSync(join(tmpdir(), 'edshed-bulk-command-'));

interface Row {
  readonly n: number;
  readonly label: string;
}
interface Call {
  readonly row: Row;
  readonly key: string;
  readonly runId: string;
}

/** A command whose row is `n` (a whole number) and `label`; `answer` decides each run. */
function fakeCommand(answer: (row: Row, attempt: number) => void, extra: Partial<BulkCommand<Row>> = {}) {
  const calls: Call[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const command: BulkCommand<Row> = {
    name: 'things bump',
    columns: fixedColumns({
      required: ['n', 'label'],
      optional: [],
      given: (key) => (key === 'label' ? '--label' : undefined),
    }),
    destructive: false,
    signedIn: true,
    validate(values) {
      const missing = missingIssues(values, ['n', 'label']);
      if (missing.length > 0) return { ok: false, issues: missing };
      try {
        return { ok: true, row: { n: parseWholeNumber(String(values.n), '--n'), label: String(values.label) } };
      } catch (error) {
        return { ok: false, issues: issuesOf(error) };
      }
    },
    targetKey: (row) => `thing ${row.n}`,
    parse: (stored) => stored as Row,
    describe: (row) => `bump ${row.n} (${row.label})`,
    async run(_c, row, context) {
      calls.push({ row, key: context.idempotencyKey, runId: context.runId });
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        await new Promise((resolve) => setImmediate(resolve));
        answer(row, calls.filter((c) => c.row.n === row.n).length);
        return { outcome: { status: 'done', http_status: null, message: `bumped ${row.n}`, request_id: null } };
      } finally {
        inFlight -= 1;
      }
    },
    ...extra,
  };
  return { command, calls, maxInFlight: () => maxInFlight };
}

function csv(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

const factory = (prompter = scriptedPrompter([], { interactive: false })) =>
  fakeFactory({ env: { XDG_STATE_HOME: join(dir, 'state') }, prompter });
const base = { defaults: {}, skipInvalid: false, concurrency: 3 };

describe('a bulk run of a fake BulkCommand', () => {
  it('checks every row with its validate first: problems as file:line: column: message, exit 2, nothing run', async () => {
    const fake = fakeCommand(() => undefined);
    const file = csv('bad.csv', 'n,label\n1,a\nx,b\n3,\n1,a\n');
    const c = factory();
    await expect(runBulk(c, { ...base, command: fake.command, from: file })).rejects.toMatchObject({ exitCode: 2 });
    expect(c.err()).toContain(`${file}:3: n: expected a whole number from 1, got "x"`);
    expect(c.err()).toContain(`${file}:4: label: missing; give a value here or --label`);
    expect(c.err()).toContain(`${file}:5: duplicate of line 2 (the same change twice)`);
    expect(fake.calls).toHaveLength(0);
  });

  it('names a missing column once, with the flag that could give it instead', async () => {
    const fake = fakeCommand(() => undefined);
    const file = csv('no-label.csv', 'n\n1\n2\n');
    const c = factory();
    await expect(runBulk(c, { ...base, command: fake.command, from: file })).rejects.toThrow(CliError);
    expect(c.err()).toContain(`${file}:1: label: missing column; add it, or give --label for every row`);
    await runBulk(factory(), { ...base, command: fake.command, from: file, defaults: { label: 'all' } });
    expect(fake.calls.map((call) => call.row)).toEqual([
      { n: 1, label: 'all' },
      { n: 2, label: 'all' },
    ]);
  });

  it('runs each row once with a key from the run and the row index, retrying a 429 with the same key', async () => {
    const fake = fakeCommand((row, attempt) => {
      if (row.n === 2 && attempt === 1) throw new RateLimitedError(undefined, { status: 429, retryAfterMs: 1 });
    });
    const c = factory();
    await runBulk(c, { ...base, command: fake.command, from: csv('ok.csv', 'n,label\n1,a\n2,b\n3,c\n') });
    const keys = fake.calls.map((call) => call.key);
    expect(keys.filter((k) => k.endsWith('-1'))).toHaveLength(2);
    expect(new Set(keys).size).toBe(3);
    expect(keys.every((k) => /^edshed-bulk-\d{8}-\d{6}-[0-9a-f]{4}-[0-2]$/.test(k))).toBe(true);
    expect(new Set(fake.calls.map((call) => call.runId)).size).toBe(1);
    const state = await readJournal(c.env, fake.calls[0]?.runId ?? '');
    expect(state.header.command).toBe('things bump');
    expect(state.counts).toMatchObject({ done: 3, failed: 0, pending: 0 });
  });

  it("records a row's refusal as failed and goes on: exit 3", async () => {
    const fake = fakeCommand((row) => {
      if (row.n === 1) throw new ApiError('Conflict: already bumped', { status: 409 });
      if (row.n === 2) throw new CliError('not sent: thing 2 has no owner');
    });
    const results = join(dir, 'results.ndjson');
    await expect(
      runBulk(factory(), {
        ...base,
        command: fake.command,
        from: csv('fail.csv', 'n,label\n1,a\n2,b\n3,c\n'),
        results,
      }),
    ).rejects.toMatchObject({ exitCode: 3 });
    const lines = readFileSync(results, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { index: number; status: string; message: string });
    expect(lines.sort((a, b) => a.index - b.index).map((l) => [l.status, l.message])).toEqual([
      ['failed', 'Conflict: already bumped'],
      ['failed', 'not sent: thing 2 has no owner'],
      ['done', 'bumped 3'],
    ]);
  });

  it('asks once for a destructive command, never per row, and refuses off a terminal before running anything', async () => {
    const fake = fakeCommand(() => undefined, { destructive: true });
    const file = csv('destroy.csv', 'n,label\n1,a\n2,b\n3,c\n');
    await expect(runBulk(factory(), { ...base, command: fake.command, from: file })).rejects.toThrow(
      /3 × things bump .*pass --yes/,
    );
    expect(fake.calls).toHaveLength(0);
    const prompter = scriptedPrompter(['y'], { interactive: true });
    await runBulk(factory(prompter), { ...base, command: fake.command, from: file });
    expect(prompter.asked).toHaveLength(1);
    expect(fake.calls).toHaveLength(3);
  });

  it('caps the concurrency at the command maximum', async () => {
    const fake = fakeCommand(() => undefined, { maxConcurrency: 1 });
    await runBulk(factory(), {
      ...base,
      concurrency: 8,
      command: fake.command,
      from: csv('one.csv', `n,label\n${Array.from({ length: 6 }, (_, i) => `${i + 1},x`).join('\n')}\n`),
    });
    expect(fake.calls).toHaveLength(6);
    expect(fake.maxInFlight()).toBe(1);
  });

  it('plans a dry run with its describe lines, but refuses to save a plan for a command without targets: exit 2, nothing run', async () => {
    const fake = fakeCommand(() => undefined);
    const from = csv('plan.csv', 'n,label\n1,a\n2,b\n');
    const c = factory();
    await runBulk(c, { ...base, command: fake.command, from, dryRun: true });
    expect(c.out()).toContain('line 2: bump 1 (a)');
    const planned = runBulk(factory(), {
      ...base,
      command: fake.command,
      from,
      dryRun: true,
      plan: join(dir, 'plan.json'),
    });
    await expect(planned).rejects.toThrow(CliError);
    await expect(planned).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringMatching(
        /^--plan: things bump has no targets a plan could check; plans and edshed bulk apply cover the table's endpoint commands, invoices mark and subscriptions move/,
      ) as unknown,
    });
    expect(fake.calls).toEqual([]);
  });
});
