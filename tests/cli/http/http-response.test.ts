import { describe, expect, it } from 'vitest';
import { NodeHeaders, NodeResponse } from '../../../cli/http/http-response.js';

// The CLI's node:http fetch answers these instead of Node's Headers and Response (which load Node's whole
// fetch); code reading a response must not be able to tell the difference.
const RAW = {
  'x-request-id': 'req_1',
  'Content-Type': 'application/json',
  'set-cookie': ['a=1', 'b=2'],
  accept: ' text/plain ',
};
const AS_PAIRS: [string, string][] = [
  ['x-request-id', 'req_1'],
  ['Content-Type', 'application/json'],
  ['set-cookie', 'a=1'],
  ['set-cookie', 'b=2'],
  ['accept', ' text/plain '],
];

describe('NodeHeaders', () => {
  it('reads, lists and iterates as the standard Headers does', () => {
    const ours = new NodeHeaders(RAW);
    const standard = new Headers(AS_PAIRS);
    expect([...ours]).toEqual([...standard]);
    expect([...ours.keys()]).toEqual([...standard.keys()]);
    expect([...ours.values()]).toEqual([...standard.values()]);
    for (const name of ['X-Request-ID', 'content-type', 'set-cookie', 'accept', 'missing'])
      expect(ours.get(name)).toBe(standard.get(name));
    expect(ours.getSetCookie()).toEqual(standard.getSetCookie());
    const seen: string[] = [];
    ours.forEach((value, name, parent) => seen.push(`${name}=${value}:${parent === ours}`));
    expect(seen).toEqual([...standard].map(([name, value]) => `${name}=${value}:true`));
  });

  it('changes as the standard Headers does, and refuses the same bad names and values', () => {
    const ours = new NodeHeaders(new Headers({ a: '1' }));
    const standard = new Headers({ a: '1' });
    for (const headers of [ours, standard]) {
      headers.append('A', '2');
      headers.set('b', '3');
      headers.delete('B');
      headers.append('c', '4');
    }
    expect([...ours]).toEqual([...standard]);
    expect(ours.has('C')).toBe(true);
    for (const [name, value] of [
      ['bad name', 'x'],
      ['ok', 'line\nbreak'],
      ['ok', 'nul\0'],
      ['ok', 'snowman \u2603'],
    ]) {
      expect(() => new Headers([[name, value]] as [string, string][])).toThrow(TypeError);
      expect(() => new NodeHeaders([[name, value]] as [string, string][])).toThrow(TypeError);
    }
  });
});

describe('NodeResponse', () => {
  const body = () => new TextEncoder().encode('{"ok":true}') as Uint8Array<ArrayBuffer>;
  const response = (bytes: Uint8Array<ArrayBuffer> | null, status = 200) =>
    new NodeResponse(bytes, {
      status,
      statusText: 'OK',
      headers: new NodeHeaders({ 'content-type': 'application/json' }),
      url: 'http://x.test/a',
    });

  it('answers status, ok and its body once, like a fetch Response', async () => {
    const ours = response(body());
    expect([ours.status, ours.ok, ours.url, ours.bodyUsed]).toEqual([200, true, 'http://x.test/a', false]);
    expect(await ours.json()).toEqual({ ok: true });
    expect(ours.bodyUsed).toBe(true);
    await expect(ours.text()).rejects.toThrow(TypeError);
    expect(() => ours.clone()).toThrow(TypeError);
    expect(response(null, 404).ok).toBe(false);
    expect(await response(null, 204).text()).toBe('');
  });

  it('gives the same bytes, blob, stream and clone as Node’s own Response', async () => {
    expect(new TextDecoder().decode(await response(body()).arrayBuffer())).toBe('{"ok":true}');
    const blob = await response(body()).blob();
    expect([blob.type, await blob.text()]).toEqual(['application/json', '{"ok":true}']);
    const streamed = response(body());
    expect(await new Response(streamed.body).text()).toBe('{"ok":true}');
    expect(streamed.bodyUsed).toBe(true);
    const original = response(body());
    const copy = original.clone();
    expect([await copy.text(), await original.text()]).toEqual(['{"ok":true}', '{"ok":true}']);
  });
});
