import { describe, expect, it } from 'vitest';
import { buildUrl, pathProblem } from '../../core/api/query.js';
import { createClient } from '../../core/api/client.js';
import { run } from '../../cli/main.js';
import { fakeFactory } from '../helpers/fake-factory.js';

// A raw path stays under the API base: `edshed api POST ../../__sandbox/reset` must not leave it.

describe('a raw path that leaves the API base', () => {
  const client = createClient({ baseUrl: 'http://127.0.0.1:9/v1/', token: 't' });

  for (const path of [
    '../../__sandbox/reset',
    '%2e%2e/__sandbox/reset',
    'schools/%2E%2E/%2e%2e/x',
    'schools/..%2f..%2f__sandbox',
    'schools\\..\\..\\x',
    './schools',
    'https:evil.example/x',
    'http://evil.example/x',
  ]) {
    it(`refuses ${path} (exit 2, nothing sent), naming why`, async () => {
      const f = fakeFactory({ client });
      expect(await run(['api', 'POST', path, '--dry-run'], f)).toBe(2);
      expect(f.out()).toBe('');
      expect(f.err()).toMatch(/leads out of the API base|backslash|not a URL/);
    });
  }

  it('keeps ordinary paths, with dots inside a segment or in the query', async () => {
    const f = fakeFactory({ client });
    expect(await run(['api', 'GET', 'resources/a..b?q=../x', '--dry-run'], f)).toBe(0);
    expect(f.out()).toMatch(/^GET http:\/\/127\.0\.0\.1:9\/v1\/resources\/a\.\.b\?q=\.\.\/x/);
    expect(pathProblem('superuser/invoices/12/paid')).toBeUndefined();
  });

  it('the client itself never builds a URL outside its base', () => {
    expect(() => buildUrl('http://127.0.0.1:9/v1/', 'schools/../../x')).toThrow(/leaves the API base/);
    expect(() => buildUrl('http://127.0.0.1:9/v1/', 'https:evil.example/x')).toThrow(/leaves the API base/);
    expect(buildUrl('http://127.0.0.1:9/v1/', '/schools/1')).toBe('http://127.0.0.1:9/v1/schools/1');
  });
});
