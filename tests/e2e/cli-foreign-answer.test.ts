import { writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalItems, journals, writes } from '../helpers/bulk-run.js';
import { startHttpTestServer, type HttpTestServer, type ReceivedRequest } from '../helpers/http-test-server.js';
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process.js';
import { auditLines } from '../helpers/transcript.js';

// A 2xx answer that is not the API's (a proxy's maintenance page, JSON cut short, a bare
// array, an empty 200) is no success: exit 1, audit outcome unknown, and in a bulk run the item is unknown
// (a resume reads it back or sends it again with its key), never done.

type BadForm = readonly [name: string, type: string, body: string];
const BAD_FORMS: readonly BadForm[] = [
  ['maintenance page', 'text/html', '<html>maintenance</html>'],
  ['truncated JSON', 'application/json', '{"invoice":{"id":6,"state":"pa'],
  ['bare array', 'application/json', '[1,2,3]'],
  ['empty 200', 'application/json', ''],
];

let sandbox: SandboxProcess;
let proxy: HttpTestServer;
/** When set, `POST superuser/invoices/6/paid` is answered with this form instead of the API's answer. */
let spoil: BadForm | undefined;
/** Whether the spoiled request still reaches the sandbox first (applied behind the proxy's answer). */
let applyBehind = false;

/** Sends a request on to the sandbox and its answer back, as a reverse proxy does. */
async function forward(request: ReceivedRequest): Promise<{ status: number; headers: Headers; body: Buffer }> {
  const headers = Object.fromEntries(
    Object.entries(request.headers).filter(
      ([name, value]) => name !== 'host' && name !== 'connection' && typeof value === 'string',
    ),
  ) as Record<string, string>;
  const answer = await fetch(new URL(request.url.replace(/^\//, ''), sandbox.url), {
    method: request.method,
    headers,
    ...(request.body.length > 0 ? { body: request.body.toString() } : {}),
  });
  return { status: answer.status, headers: answer.headers, body: Buffer.from(await answer.arrayBuffer()) };
}

async function handle(request: ReceivedRequest, response: ServerResponse): Promise<void> {
  if (spoil !== undefined && request.method === 'POST' && request.url === '/superuser/invoices/6/paid') {
    if (applyBehind) await forward(request);
    response.writeHead(200, { 'content-type': spoil[1] });
    response.end(spoil[2]);
    return;
  }
  const answer = await forward(request);
  const passed = [
    'content-type',
    'x-request-id',
    'idempotent-replayed',
    'x-ratelimit-limit',
    'x-ratelimit-remaining',
    'x-ratelimit-reset',
  ];
  response.writeHead(
    answer.status,
    Object.fromEntries(
      passed.flatMap((name) => (answer.headers.has(name) ? [[name, answer.headers.get(name) as string]] : [])),
    ),
  );
  response.end(answer.body);
}

beforeAll(async () => {
  sandbox = await startSandboxProcess(['--db', ':memory:', '--rate-limit', '1000000']);
  proxy = await startHttpTestServer(handle);
  const login = await sandbox.edshed(
    ['login', '--api-url', proxy.url, '-u', 'superuser', '--password-stdin'],
    'sandbox\n',
  );
  expect(login.exitCode).toBe(0);
});
afterAll(async () => {
  await proxy.close();
  await sandbox.stop();
});

describe("an answer that is not the API's", () => {
  for (const form of BAD_FORMS) {
    it(`${form[0]} to invoices mark-paid: exit 1 naming it, audit outcome unknown`, async () => {
      spoil = form;
      const result = await sandbox.edshed([
        'invoices',
        'mark-paid',
        '6',
        '--method',
        'bacs',
        '--date',
        '2026-11-02',
        '--idempotency-key',
        `e2e-foreign-${form[0]}`,
      ]);
      spoil = undefined;
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toMatch(/The server's answer was not the API's: 200/);
      expect(result.stderr).toMatch(/outcome is unknown/);
      expect(result.stdout).toBe('');
      expect(auditLines(sandbox.env.XDG_STATE_HOME as string).at(-1)).toMatchObject({
        path: 'superuser/invoices/6/paid',
        idempotency_key: `e2e-foreign-${form[0]}`,
        outcome: 'unknown',
      });
    });
  }

  it(
    'in a bulk run: the item is unknown, not done (exit 3), and runs resume settles it; invoice 6 applied once',
    { timeout: 60_000 },
    async () => {
      const file = join(sandbox.dir, 'payments.csv');
      writeFileSync(file, 'id,date\n4,2026-11-02\n6,2026-11-02\n');
      const before = await writes(sandbox, 'POST superuser/invoices/{id}/paid');
      spoil = BAD_FORMS[0];
      applyBehind = true;
      const run = await sandbox.edshed([
        'invoices',
        'mark-paid',
        '--from',
        file,
        '--method',
        'bacs',
        '--concurrency',
        '1',
      ]);
      spoil = undefined;
      expect(run.exitCode).toBe(3);
      expect(run.stderr).toMatch(/1 done, 0 failed, 0 skipped \(drift\), 1 unknown of 2/);
      const runId = (journals(sandbox)[0] as string).replace(/\.jsonl$/, '');
      const items = journalItems(sandbox, runId);
      expect(items.filter((o) => o.index === 1).map((o) => o.status)).toEqual(['unknown']);
      expect(items.find((o) => o.index === 1)?.message).toMatch(/not the API's: 200 text\/html/);

      const resumed = await sandbox.edshed(['runs', 'resume', runId]);
      expect(resumed.exitCode).toBe(0);
      expect(resumed.stderr).toMatch(/2 done, 0 failed, 0 skipped \(drift\), 0 unknown of 2/);
      const after = await writes(sandbox, 'POST superuser/invoices/{id}/paid');
      expect((after.get('superuser/invoices/6/paid') ?? 0) - (before.get('superuser/invoices/6/paid') ?? 0)).toBe(1);
      expect((after.get('superuser/invoices/4/paid') ?? 0) - (before.get('superuser/invoices/4/paid') ?? 0)).toBe(1);
    },
  );
});
