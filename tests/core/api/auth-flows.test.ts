import { describe, expect, it, vi } from 'vitest';
import {
  createClient,
  ForbiddenError,
  ReverificationRequiredError,
  UnauthorisedError,
  type ClientOptions,
} from '../../../core/api/index.js';
import { fakeFetch, json, type FakeAnswer } from './support/fake-fetch.js';

function setup(answers: readonly FakeAnswer[], options: Partial<ClientOptions> = {}) {
  const fake = fakeFetch(answers);
  const client = createClient({
    baseUrl: 'http://api.test/',
    fetch: fake.fetch,
    sleep: async () => undefined,
    ...options,
  });
  return { client, calls: fake.calls };
}

const reverify = json(403, { error: 'Forbidden', message: 'Password requires reverification' });

describe('auth-error handler', () => {
  it('is awaited before UnauthorisedError is raised', async () => {
    const events: string[] = [];
    const onAuthError = async (): Promise<void> => {
      await Promise.resolve();
      events.push('handler done');
    };
    const { client } = setup([json(401, {})], { onAuthError });
    await client.request({ method: 'GET', path: 'x' }).catch((error: unknown) => events.push((error as Error).name));
    expect(events).toEqual(['handler done', 'UnauthorisedError']);
  });

  it('is not called for other statuses', async () => {
    const onAuthError = vi.fn();
    const { client } = setup([json(403, { message: 'no' }), json(404, {})], { onAuthError });
    await expect(client.request({ method: 'GET', path: 'x' })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(client.request({ method: 'GET', path: 'x' })).rejects.not.toBeInstanceOf(UnauthorisedError);
    expect(onAuthError).not.toHaveBeenCalled();
  });
});

describe('reverification flow', () => {
  it('resends the same request after reverification, with a token the handler set', async () => {
    const fake = fakeFetch([reverify, json(200, { done: true })]);
    const onReverify = vi.fn(async (error: ReverificationRequiredError) => {
      expect(error).toMatchObject({ status: 403, serverMessage: 'Password requires reverification' });
      client.setToken('fresh');
      return true;
    });
    const client = createClient({ baseUrl: 'http://api.test/', fetch: fake.fetch, token: 'old', onReverify });
    const response = await client.request({ method: 'PUT', path: 'schools/3', body: { name: 'Oak' } });
    expect(response.data).toEqual({ done: true });
    expect(onReverify).toHaveBeenCalledTimes(1);
    expect(fake.calls.map((c) => c.headers.get('x-token'))).toEqual(['old', 'fresh']);
    expect(fake.calls.map((c) => c.init.body)).toEqual(['{"name":"Oak"}', '{"name":"Oak"}']);
  });

  it('does not start without a message, raising ForbiddenError', async () => {
    const onReverify = vi.fn(async () => true);
    const { client, calls } = setup([json(403, {})], { onReverify });
    const error = await client.request({ method: 'GET', path: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ForbiddenError);
    expect(error).toMatchObject({ message: 'Request failed with status 403' });
    expect(onReverify).not.toHaveBeenCalled();
    expect(calls).toHaveLength(1);
  });

  it('does not start for a stream body, which cannot be sent twice', async () => {
    const onReverify = vi.fn(async () => true);
    const { client } = setup([reverify], { onReverify });
    const body = new ReadableStream<Uint8Array>({ start: (c) => c.close() });
    await expect(client.request({ method: 'POST', path: 'x', body })).rejects.toBeInstanceOf(
      ReverificationRequiredError,
    );
    expect(onReverify).not.toHaveBeenCalled();
  });

  it("passes on the handler's own failure", async () => {
    const { client } = setup([reverify], { onReverify: async () => Promise.reject(new Error('prompt closed')) });
    await expect(client.request({ method: 'GET', path: 'x' })).rejects.toThrow('prompt closed');
  });

  it('raises ReverificationRequiredError for a reverification 403 when there is no handler', async () => {
    const { client } = setup([reverify]);
    await expect(client.request({ method: 'GET', path: 'x' })).rejects.toBeInstanceOf(ReverificationRequiredError);
  });
});
