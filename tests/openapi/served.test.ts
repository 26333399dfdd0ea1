/**
 * A real sandbox process (the built binary) serves its OpenAPI document at /openapi.json and a reference
 * page at /docs that loads Redoc from the sandbox itself (no CDN), and answers requests generated from that
 * document alone (fast-check arbitraries of each operation's parameter and body schemas, not the table)
 * with no 5xx and no reply that breaks the schema its status declares (ajv, draft 2020-12) or lacks a
 * header it declares (with no fault injected, every reply carries the request id and the rate limit's headers).
 * A fixed seed keeps runs repeatable; FUZZ_SEED picks another, OPENAPI_FUZZ_OPERATIONS samples more.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../core/endpoints/index.js';
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process.js';
import {
  declaredHeaders,
  operationsOf,
  replySchemaPointer,
  requestArbitrary,
  type Document,
  type DocumentOperation,
  type DrawnRequest,
} from './requests.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
const OPERATIONS = Number(process.env.OPENAPI_FUZZ_OPERATIONS ?? 300);
const PER_OPERATION = 2;
const BASE = 'https://edshed.test/openapi.json';

let sandbox: SandboxProcess;
let doc: Document;

beforeAll(async () => {
  // A rate limit out of the way: the generated requests come from one token, faster than a person's.
  sandbox = await startSandboxProcess(['--db', ':memory:', '--rate-limit', '1000000']);
  doc = (await (await fetch(`${sandbox.url}openapi.json`)).json()) as Document;
}, 60_000);

afterAll(async () => {
  const stopped = await sandbox?.stop();
  expect(stopped?.exitCode).toBe(0);
});

async function signIn(): Promise<string> {
  const res = await fetch(`${sandbox.url}auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'superuser', password: 'sandbox' }),
  });
  const body = (await res.json()) as { token?: string };
  if (res.status !== 200 || body.token === undefined) throw new Error(`sign-in answered ${res.status}`);
  return body.token;
}

describe('the sandbox serves its description', () => {
  it('GET /openapi.json: the document of the table, with this sandbox as its first server', async () => {
    const res = await fetch(`${sandbox.url}openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const served = (await res.json()) as { openapi: string; servers: { url: string }[] };
    expect(served.openapi).toBe('3.1.0');
    expect(served.servers[0]?.url).toBe(sandbox.url.replace(/\/$/, ''));
    expect(operationsOf(doc)).toHaveLength(ENDPOINTS.length);
  });

  it('GET /docs: a page whose script, Redoc, the sandbox serves itself', async () => {
    const res = await fetch(`${sandbox.url}docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    const src = /<script src="([^"]+)"><\/script>/.exec(html)?.[1];
    expect(src).toBe('docs/redoc.standalone.js');
    expect(html).toContain('spec-url="openapi.json"');
    const script = await fetch(new URL(src ?? '', `${sandbox.url}docs`));
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect((await script.text()).length).toBeGreaterThan(500_000);
  });
});

describe('requests generated from the document', () => {
  it(`${OPERATIONS} sampled operations x ${PER_OPERATION} requests: no 5xx, every reply as its status declares`, async () => {
    const ajv = new Ajv2020({ strict: false, validateSchema: false, allErrors: true });
    ajv.addSchema(doc as object, BASE);
    const validators = new Map<string, ValidateFunction>();
    const validatorOf = (pointer: string): ValidateFunction => {
      let validate = validators.get(pointer);
      if (validate === undefined) {
        validate = ajv.compile({ $ref: `${BASE}#${encodeURI(pointer)}` });
        validators.set(pointer, validate);
      }
      return validate;
    };
    const all = operationsOf(doc);
    const [chosen] = fc.sample(
      fc.shuffledSubarray(all, {
        minLength: Math.min(OPERATIONS, all.length),
        maxLength: Math.min(OPERATIONS, all.length),
      }),
      { seed: SEED, numRuns: 1 },
    );
    let token = await signIn();
    const statuses = new Map<number, number>();
    const serverErrors: string[] = [];
    const broken: string[] = [];
    let sent = 0;
    const send = (request: DrawnRequest, session: string) => {
      const query = request.query.toString();
      const headers: Record<string, string> = { ...request.headers, 'x-token': session };
      if (request.body !== undefined) headers['content-type'] = 'application/json';
      return fetch(`${sandbox.url}${request.path.slice(1)}${query === '' ? '' : `?${query}`}`, {
        method: request.method,
        headers,
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      });
    };
    for (const [n, operation] of (chosen ?? []).entries()) {
      const requests = fc.sample(requestArbitrary(doc, operation), { seed: SEED + n, numRuns: PER_OPERATION });
      for (const request of requests) {
        let res = await send(request, token);
        sent += 1;
        if (res.status === 401) {
          // A generated call may end the session (sign out, a password change): sign in again, then retry once.
          await res.body?.cancel();
          token = await signIn();
          res = await send(request, token);
          sent += 1;
        }
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const text = await res.text();
        const where = `${request.method} ${request.path}?${request.query.toString()} ${JSON.stringify(request.body) ?? ''} -> ${res.status}`;
        if (res.status >= 500) serverErrors.push(`${where}: ${text.slice(0, 300)}`);
        check(operation, res.status, text, where);
        const missing = Object.keys(declaredHeaders(doc, operation, res.status)).filter(
          (name) => res.headers.get(name) === null,
        );
        if (missing.length > 0) broken.push(`${where}: no ${missing.join(', ')} header`);
      }
    }
    function check(operation: DocumentOperation, status: number, text: string, where: string): void {
      const pointer = replySchemaPointer(doc, operation, status);
      if (pointer === undefined) {
        broken.push(`${where}: the operation declares no reply for ${status}`);
        return;
      }
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        broken.push(`${where}: not JSON: ${text.slice(0, 100)}`);
        return;
      }
      const validate = validatorOf(pointer);
      if (!validate(body)) broken.push(`${where}: ${ajv.errorsText(validate.errors?.slice(0, 3))}`);
    }
    const summary = [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}: ${count}`)
      .join(', ');
    console.log(
      `${sent} requests to ${chosen?.length ?? 0} of ${all.length} operations (seed ${SEED}); statuses ${summary}`,
    );
    expect(serverErrors).toEqual([]);
    expect(broken).toEqual([]);
    // Some calls got past validation into the handlers: the replies checked were not errors alone.
    expect([...statuses].filter(([status]) => status < 300).reduce((sum, [, count]) => sum + count, 0)).toBeGreaterThan(
      20,
    );
  }, 90_000);
});
