import { describe, expect, it } from 'vitest';
import { ClientConfigError, ENVIRONMENT_NAMES, ENVIRONMENTS, resolveBaseUrl } from '../../../core/api/index.js';

describe('resolveBaseUrl', () => {
  it('knows production, preview, staging, dev and sandbox, each an http(s) URL ending in /', () => {
    expect(ENVIRONMENT_NAMES).toEqual(['production', 'preview', 'staging', 'dev', 'sandbox']);
    for (const name of ENVIRONMENT_NAMES) {
      const url = resolveBaseUrl({ environment: name });
      expect(url).toBe(ENVIRONMENTS[name]);
      expect(url).toMatch(/^https?:\/\/.+\/$/);
    }
    expect(resolveBaseUrl({ environment: 'sandbox' })).toBe('http://127.0.0.1:8787/');
  });

  it('defaults to production', () => {
    expect(resolveBaseUrl()).toBe(ENVIRONMENTS.production);
  });

  it('takes an explicit URL over the environment, adding the trailing slash', () => {
    expect(resolveBaseUrl({ environment: 'production', baseUrl: 'http://localhost:9000' })).toBe(
      'http://localhost:9000/',
    );
    expect(resolveBaseUrl({ baseUrl: 'https://example.test/api/v2' })).toBe('https://example.test/api/v2/');
    expect(resolveBaseUrl({ baseUrl: ' https://example.test/api/ ' })).toBe('https://example.test/api/');
  });

  it('refuses an unknown environment, listing the known ones', () => {
    expect(() => resolveBaseUrl({ environment: 'prod' })).toThrow(ClientConfigError);
    expect(() => resolveBaseUrl({ environment: 'prod' })).toThrow(
      "Unknown environment 'prod': expected one of production, preview, staging, dev, sandbox, or give a base URL",
    );
    expect(() => resolveBaseUrl({ environment: 'toString' })).toThrow(/Unknown environment/);
  });

  it.each([
    ['example.test/api', /absolute http/],
    ['ftp://example.test/', /scheme must be http or https, not ftp/],
    ['file:///etc/passwd', /not file/],
    ['https://example.test/?x=1', /query string or fragment/],
    ['https://user:pw@example.test/', /credentials/],
  ])('refuses the base URL %s', (baseUrl, message) => {
    expect(() => resolveBaseUrl({ baseUrl })).toThrow(message);
  });
});
