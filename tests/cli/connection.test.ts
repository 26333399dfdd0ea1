import { describe, expect, it } from 'vitest';
import { CliError } from '../../cli/errors/cli-error.js';
import { resolveConnection } from '../../cli/config/connection.js';
import { resolveBaseUrl } from '../../core/api/environments.js';

const credential = { token: 'tok_stored', username: 'superuser', apiUrl: 'http://127.0.0.1:8787/' };

describe('choosing the API and token', () => {
  it('uses the stored token only for the API that issued it', () => {
    expect(resolveConnection({}, {}, {}, credential)).toMatchObject({
      baseUrl: 'http://127.0.0.1:8787/',
      token: 'tok_stored',
      source: 'credentials',
    });
    expect(resolveConnection({ apiUrl: 'http://127.0.0.1:8787' }, {}, {}, credential).token).toBe('tok_stored');
    expect(resolveConnection({ env: 'production' }, {}, {}, credential).token).toBeUndefined();
    expect(resolveConnection({ apiUrl: 'http://127.0.0.1:9999/' }, {}, {}, credential).token).toBeUndefined();
    expect(resolveConnection({}, { EDSHED_API_URL: 'https://evil.test' }, {}, credential).token).toBeUndefined();
  });

  it('prefers an explicit token, flags over environment, and ignores empty values', () => {
    expect(
      resolveConnection({ apiUrl: 'https://a.test', token: 'flag' }, { EDSHED_TOKEN: 'env' }, {}, credential).token,
    ).toBe('flag');
    expect(resolveConnection({ apiUrl: 'https://a.test' }, { EDSHED_TOKEN: 'env' }, {}, credential).token).toBe('env');
    expect(resolveConnection({}, { EDSHED_TOKEN: '', EDSHED_API_URL: '' }, {}, credential)).toMatchObject({
      token: 'tok_stored',
      source: 'credentials',
    });
  });

  it('refuses a missing or bad URL and an unknown environment without echoing passwords', () => {
    expect(() => resolveConnection({}, {}, {}, undefined)).toThrow(/No API to talk to/);
    expect(() => resolveConnection({ env: 'prod' }, {}, {}, undefined)).toThrow(/unknown environment "prod"/);
    expect(() => resolveConnection({ apiUrl: 'ftp://user:pw@x' }, {}, {}, undefined)).toThrow(/ftp:\/\/\*\*\*@x/);
    expect(() => resolveBaseUrl({ baseUrl: 'http://user:hunter2@api.test/' })).toThrow(/^(?!.*hunter2)/);
  });

  it('points --env sandbox and EDSHED_ENV=sandbox at EDSHED_SANDBOX_URL when it is set', () => {
    const moved = { EDSHED_SANDBOX_URL: 'http://127.0.0.1:9123' };
    expect(resolveConnection({ env: 'sandbox' }, moved, {}, undefined)).toMatchObject({
      baseUrl: 'http://127.0.0.1:9123/',
      source: '--env',
      environment: 'sandbox',
    });
    expect(resolveConnection({ apiUrl: 'http://127.0.0.1:8787/' }, moved, {}, undefined).environment).toBeUndefined();
    expect(resolveConnection({}, { ...moved, EDSHED_ENV: 'sandbox' }, {}, undefined).baseUrl).toBe(
      'http://127.0.0.1:9123/',
    );
    expect(resolveConnection({ env: 'staging' }, moved, {}, undefined).baseUrl).toBe('https://api-staging.edshed.com/');
  });

  it('reports a bad choice as a usage error (exit 2)', () => {
    expect(() => resolveConnection({}, {}, {}, undefined)).toThrow(
      expect.objectContaining({ name: 'CliError', exitCode: 2 }) as CliError,
    );
  });
});
