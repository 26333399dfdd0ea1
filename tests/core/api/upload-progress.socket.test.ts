import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type ApiClient } from '../../../core/api/index.js';
import { createNodeTransport, type NodeTransport } from '../../../core/node.js';
import { sendJson, startHttpTestServer, type HttpTestServer } from '../../helpers/http-test-server.js';

function expectProgress(values: readonly number[], minimumSteps: number): void {
  expect(values.at(0)).toBe(0);
  expect(values.at(-1)).toBe(100);
  expect(values.length).toBeGreaterThanOrEqual(minimumSteps);
  for (const [index, value] of values.entries()) {
    expect(Number.isInteger(value)).toBe(true);
    if (index > 0) expect(value).toBeGreaterThan(values[index - 1] ?? -1);
  }
}

describe.each(['global fetch', 'undici transport'])('upload progress over a socket (%s)', (transportName) => {
  let server: HttpTestServer;
  let transport: NodeTransport | undefined;
  let client: ApiClient;

  beforeAll(async () => {
    server = await startHttpTestServer((req, res) => sendJson(res, 200, { received: req.body.length }));
    transport = transportName === 'undici transport' ? createNodeTransport() : undefined;
    client = createClient({
      baseUrl: server.url,
      ...(transport ? { fetch: transport.fetch, dispatcher: transport.dispatcher } : {}),
    });
  });
  afterAll(async () => {
    await transport?.close();
    await server.close();
  });

  it('reports rising percentages ending at 100 for bytes, and the server gets every byte', async () => {
    const bytes = new Uint8Array(1024 * 1024).map((_, i) => i % 251);
    const progress: number[] = [];
    const response = await client.request({
      method: 'POST',
      path: 'files',
      body: bytes,
      onUploadProgress: (p) => progress.push(p),
    });
    expect(response.data).toEqual({ received: bytes.length });
    expect(Buffer.compare(server.requests.at(-1)?.body ?? Buffer.alloc(0), Buffer.from(bytes))).toBe(0);
    expectProgress(progress, 10);
  });

  it('reports progress for a JSON body, which arrives intact with its content type', async () => {
    const body = { pupils: Array.from({ length: 5000 }, (_, i) => ({ first: `Pupil ${i}`, year: i % 7 })) };
    const progress: number[] = [];
    await client.request({ method: 'PUT', path: 'pupils', body, onUploadProgress: (p) => progress.push(p) });
    const received = server.requests.at(-1);
    expect(received?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(received?.body.toString('utf8') ?? '')).toEqual(body);
    expectProgress(progress, 3);
  });

  it('reports progress for a Blob, keeping its content type', async () => {
    const text = 'name,year\n'.repeat(40_000);
    const progress: number[] = [];
    await client.request({
      method: 'POST',
      path: 'pupils/import',
      body: new Blob([text], { type: 'text/csv' }),
      onUploadProgress: (p) => progress.push(p),
    });
    const received = server.requests.at(-1);
    expect(received?.headers['content-type']).toBe('text/csv');
    expect(received?.body.toString('utf8')).toBe(text);
    expectProgress(progress, 3);
  });

  it('reports 0 then 100 for a small body', async () => {
    const progress: number[] = [];
    await client.request({ method: 'POST', path: 'x', body: { a: 1 }, onUploadProgress: (p) => progress.push(p) });
    expect(progress).toEqual([0, 100]);
  });
});
