import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../core/api/client.js';
import type { Endpoint } from '../../../core/endpoints/define.js';
import { ENDPOINTS } from '../../../core/endpoints/index.js';
import { runsDir } from '../../../cli/bulk/journal.js';
import { runResume } from '../../../cli/bulk/resume.js';
import { runBulk } from '../../../cli/bulk/run-bulk.js';
import { endpointCommand } from '../../../cli/bulk/endpoint-command.js';
import { run } from '../../../cli/main.js';
import { testSandbox, type TestSandbox } from '../../sandbox/helpers/sandbox.js';
import { fakeFactory } from '../../helpers/fake-factory.js';

// One record of a run across resumes: the results file given at the start is kept by the run and
// rewritten whole by each resume, and `runs results` gives the same view from the journal alone.

const notesCreate = ENDPOINTS.find((e) => e.command === 'notes create') as Endpoint;
const dir = mkdtempSync(join(tmpdir(), 'edshed-run-results-'));
const env = { XDG_STATE_HOME: join(dir, 'state') };
let t: TestSandbox;
let token: string;

beforeAll(async () => {
  t = testSandbox();
  token = await t.login('superuser');
});
afterAll(() => t.close());

function factory(options: { interrupt?: AbortController } = {}) {
  const client = createClient({ baseUrl: 'http://sandbox.invalid/', fetch: t.sandbox.fetch, token });
  return fakeFactory({ client, env, connection: { baseUrl: client.baseUrl }, ...options });
}

function notes(name: string, count: number): string {
  const file = join(dir, name);
  const rows = Array.from({ length: count }, (_, i) => `"{""type"":""pupil"",""id"":${i + 1}}","${name} ${i}"`);
  writeFileSync(file, `target,data\n${rows.join('\n')}\n`);
  return file;
}

const options = { command: endpointCommand(notesCreate), defaults: {}, skipInvalid: false, concurrency: 2 };
const runIds = () =>
  new Set(
    readdirSync(runsDir(fakeFactory({ env }).env))
      .filter((n) => n.endsWith('.items.jsonl'))
      .map((n) => n.replace('.items.jsonl', '')),
  );
let known = new Set<string>();
/** The run started since the last call (the fake clock gives every run the same time, so ids differ only by their random end). */
function newestRun(): string {
  const now = runIds();
  const id = [...now].find((runId) => !known.has(runId)) ?? '';
  known = now;
  return id;
}
const indexes = (csv: string) =>
  csv
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => Number(line.split(',')[0]));

describe("a run's results across resumes", () => {
  it('keeps --results in the run: a resume without it completes the same file, every item in it once', async () => {
    const results = join(dir, 'kept.csv');
    // Interrupted before the first item: the file is there from the start, with no items yet.
    const interrupt = new AbortController();
    interrupt.abort();
    await expect(
      runBulk(factory({ interrupt }), { ...options, from: notes('kept.csv.in', 9), results }),
    ).rejects.toMatchObject({ exitCode: 130 });
    const id = newestRun();
    expect(readFileSync(results, 'utf8')).toBe('index,line,key,status,http_status,message,request_id\n');
    const header = JSON.parse(
      readFileSync(join(runsDir(factory().env), `${id}.jsonl`), 'utf8').split('\n')[0] ?? '{}',
    ) as { results?: unknown };
    expect(header.results).toEqual({ path: results, format: 'csv' });

    await runResume(factory(), { runId: id, retryFailed: false });
    expect(indexes(readFileSync(results, 'utf8'))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    // A further resume (nothing to send) leaves each item once.
    await runResume(factory(), { runId: id, retryFailed: false });
    expect(indexes(readFileSync(results, 'utf8'))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);

    // `runs results` prints the same from the journal, in either format.
    const printed = fakeFactory({ env });
    expect(await run(['runs', 'results', id], printed), printed.err()).toBe(0);
    expect(printed.out()).toBe(readFileSync(results, 'utf8'));
    const ndjson = fakeFactory({ env });
    expect(await run(['runs', 'results', id, '--format', 'ndjson'], ndjson)).toBe(0);
    const rows = ndjson
      .out()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(rows).toHaveLength(9);
    expect(rows[0]).toMatchObject({ index: 0, line: 2, key: null, status: 'done', http_status: 201, message: 'ok' });
  });

  it("refuses a resume given another --results than the run's own, naming both, before anything is sent", async () => {
    const results = join(dir, 'own.ndjson');
    const interrupt = new AbortController();
    interrupt.abort();
    await expect(
      runBulk(factory({ interrupt }), { ...options, from: notes('own.in.csv', 3), results }),
    ).rejects.toMatchObject({ exitCode: 130 });
    const id = newestRun();
    const other = join(dir, 'other.ndjson');
    const refused = runResume(factory(), { runId: id, retryFailed: false, results: other });
    await expect(refused).rejects.toMatchObject({ exitCode: 2, message: expect.stringContaining(other) });
    await expect(refused).rejects.toMatchObject({ message: expect.stringContaining(results) });
    expect(readFileSync(results, 'utf8')).toBe('');
    // The same file named again is the run's own: no refusal.
    await runResume(factory(), { runId: id, retryFailed: false, results });
    expect(readFileSync(results, 'utf8').trim().split('\n')).toHaveLength(3);
  });

  it('keeps the --results a resume gives a run started without one, for the resumes after it', async () => {
    const interrupt = new AbortController();
    interrupt.abort();
    await expect(runBulk(factory({ interrupt }), { ...options, from: notes('late.in.csv', 4) })).rejects.toMatchObject({
      exitCode: 130,
    });
    const id = newestRun();
    const late = join(dir, 'late.csv');
    const stopped = new AbortController();
    stopped.abort();
    await expect(
      runResume(factory({ interrupt: stopped }), { runId: id, retryFailed: false, results: late }),
    ).rejects.toMatchObject({ exitCode: 130 });
    expect(readFileSync(late, 'utf8')).toBe('index,line,key,status,http_status,message,request_id\n');
    await expect(
      runResume(factory(), { runId: id, retryFailed: false, results: join(dir, 'later.csv') }),
    ).rejects.toMatchObject({ exitCode: 2, message: expect.stringContaining(late) });
    await runResume(factory(), { runId: id, retryFailed: false });
    expect(indexes(readFileSync(late, 'utf8'))).toEqual([0, 1, 2, 3]);
  });

  it('names each item by its natural key in runs show and runs results, beside index and line', async () => {
    const markPaid = ENDPOINTS.find((e) => e.command === 'invoices mark-paid') as Endpoint;
    const file = join(dir, 'missing.csv');
    writeFileSync(file, 'id,method,date\n999991,bacs,2026-11-02\n999992,bacs,2026-11-02\n');
    await expect(
      runBulk(factory(), { ...options, command: endpointCommand(markPaid), from: file }),
    ).rejects.toMatchObject({ exitCode: 3 });
    const id = newestRun();
    const shown = fakeFactory({ env, tty: true });
    expect(await run(['runs', 'show', id], shown)).toBe(0);
    expect(shown.out()).toMatch(/#0 line 2\s+invoice 999991\s+failed\s+HTTP 404/);
    expect(shown.out()).toMatch(/#1 line 3\s+invoice 999992\s+failed/);
    const json = fakeFactory({ env });
    expect(await run(['runs', 'show', id, '--json'], json)).toBe(0);
    expect((JSON.parse(json.out()) as { not_done: unknown[] }).not_done).toEqual([
      expect.objectContaining({ index: 0, line: 2, key: 'invoice 999991' }),
      expect.objectContaining({ index: 1, line: 3, key: 'invoice 999992' }),
    ]);
    const results = fakeFactory({ env });
    expect(await run(['runs', 'results', id], results)).toBe(0);
    expect(results.out().split('\n')[1]).toMatch(/^0,2,invoice 999991,failed,404,/);
  });
});
