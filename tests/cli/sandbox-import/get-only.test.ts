import { describe, expect, it } from 'vitest';
import { createClient } from '../../../core/api/client.js';
import { WriteRefusedError, getOnlyFetch, getOnlySource } from '../../../cli/sandbox-import/get-only.js';

describe("the import's reader", () => {
  const sent: string[] = [];
  const fetch = getOnlyFetch((input, init) => {
    sent.push(`${init?.method ?? 'GET'} ${String(input)}`);
    return Promise.resolve(
      new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
  });
  const client = createClient({ baseUrl: 'http://127.0.0.1:9/', fetch, retry: { retries: 0 } });

  it('sends GET and counts its requests', async () => {
    const source = getOnlySource(client);
    expect(await source.get('schools/1')).toEqual({ ok: true });
    expect(source.requests).toBe(1);
    expect(sent).toEqual(['GET http://127.0.0.1:9/schools/1']);
  });

  it('refuses every other method in the transport, before anything is sent', async () => {
    sent.length = 0;
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      await expect(client.request({ method, path: 'superuser/invoices/1/paid', body: {} })).rejects.toThrow();
      await expect(fetch('http://127.0.0.1:9/x', { method })).rejects.toBeInstanceOf(WriteRefusedError);
    }
    expect(sent).toEqual([]);
  });
});
