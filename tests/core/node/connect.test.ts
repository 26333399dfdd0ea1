import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ClientConfigError } from '../../../core/api/errors/client-config-error.js';
import { connect, ConfigFileError, type ConnectOptions } from '../../../core/node.js';
import { openConfigStore } from '../../../core/node/config-store.js';
import { sendJson, startHttpTestServer, type HttpTestServer } from '../../helpers/http-test-server.js';

// connect() from source: the CLI's choice of API and token, read from a config directory of our own.
let server: HttpTestServer;
let dir: string;
const SANDBOX = 'http://127.0.0.1:8787/';

beforeAll(async () => {
  server = await startHttpTestServer((req, res) =>
    sendJson(res, 200, { user: { id: 1, username: 'superuser' }, token: req.headers['x-token'] ?? null }),
  );
});
afterAll(() => server.close());
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'edshed-connect-'));
});

/** Where connect() points, and the token it sends (a fake fetch answers `users/me`). */
async function where(options: ConnectOptions, env: Record<string, string> = {}) {
  let sent: { url: string; token: string | null } | undefined;
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    sent = { url: String(url), token: new Headers(init?.headers).get('x-token') };
    return Response.json({ user: { id: 1 } });
  };
  const api = await connect({ configDir: dir, processEnv: env, fetch, ...options });
  await api.me.show();
  await api.close();
  expect(sent?.url).toBe(`${api.connection.baseUrl}users/me`);
  return { ...api.connection, token: sent?.token ?? undefined };
}

describe('connect() chooses the API and token as the CLI does', () => {
  it('uses the profile that `edshed auth login` stored, and its token only for that API', async () => {
    openConfigStore(dir).setCredential('default', { token: 'tok_stored', username: 'superuser', apiUrl: server.url });
    const api = await connect({ configDir: dir, processEnv: {} });
    try {
      expect(api.connection).toEqual({
        baseUrl: server.url,
        source: 'credentials',
        environment: undefined,
        profile: 'default',
        signedIn: true,
      });
      const { data } = await api.me.show();
      expect(data).toMatchObject({ user: { username: 'superuser' }, token: 'tok_stored' });
      expect(server.requests.at(-1)?.url).toBe('/users/me');
    } finally {
      await api.close();
    }
    expect(await where({ env: 'production' })).toMatchObject({
      baseUrl: 'https://api.edshed.com/',
      source: 'env',
      environment: 'production',
      signedIn: false,
    });
  });

  it('puts options before environment variables before the stored profile', async () => {
    openConfigStore(dir).setCredential('default', { token: 'tok_stored', apiUrl: SANDBOX });
    const env = { EDSHED_API_URL: 'https://from-env.test', EDSHED_ENV: 'staging', EDSHED_TOKEN: 'tok_env' };
    expect(await where({ apiUrl: 'https://a.test/', env: 'dev', token: 'tok_opt' }, env)).toMatchObject({
      baseUrl: 'https://a.test/',
      source: 'apiUrl',
      token: 'tok_opt',
    });
    expect(await where({ env: 'dev' }, env)).toMatchObject({
      baseUrl: 'http://localhost:8081/',
      source: 'env',
      token: 'tok_env',
    });
    expect(await where({}, env)).toMatchObject({ baseUrl: 'https://from-env.test/', source: 'EDSHED_API_URL' });
    expect(await where({}, { EDSHED_ENV: 'staging' })).toMatchObject({
      baseUrl: 'https://api-staging.edshed.com/',
      source: 'EDSHED_ENV',
      signedIn: false,
    });
    expect(await where({}, { EDSHED_API_URL: '', EDSHED_TOKEN: '' })).toMatchObject({
      baseUrl: SANDBOX,
      source: 'credentials',
      token: 'tok_stored',
    });
  });

  it('reads the profile named by the option, else EDSHED_PROFILE, else the stored default, from the option or EDSHED_CONFIG_DIR', async () => {
    const store = openConfigStore(dir);
    store.setCredential('staging', { token: 'tok_staging', apiUrl: 'https://api-staging.edshed.com/' });
    store.setProfile('ops', { apiUrl: 'https://ops.test/' });
    store.setDefaultProfile('ops');
    expect(await where({})).toMatchObject({
      profile: 'ops',
      baseUrl: 'https://ops.test/',
      source: 'profile',
      token: undefined,
    });
    expect(await where({}, { EDSHED_PROFILE: 'staging' })).toMatchObject({
      profile: 'staging',
      source: 'credentials',
      token: 'tok_staging',
    });
    expect(await where({ profile: 'ops' }, { EDSHED_PROFILE: 'staging' })).toMatchObject({
      profile: 'ops',
      baseUrl: 'https://ops.test/',
      source: 'profile',
    });
    const viaEnv = await connect({ processEnv: { EDSHED_CONFIG_DIR: dir, EDSHED_PROFILE: 'staging' } });
    await viaEnv.close();
    expect(viaEnv.connection.baseUrl).toBe('https://api-staging.edshed.com/');
  });

  it('points `sandbox` at EDSHED_SANDBOX_URL when it is set', async () => {
    expect(await where({ env: 'sandbox' }, { EDSHED_SANDBOX_URL: 'http://127.0.0.1:9123' })).toMatchObject({
      baseUrl: 'http://127.0.0.1:9123/',
    });
    expect(await where({}, { EDSHED_ENV: 'sandbox' })).toMatchObject({ baseUrl: SANDBOX });
    await expect(where({ env: 'sandbox' }, { EDSHED_SANDBOX_URL: 'ftp://x' })).rejects.toThrow(
      /EDSHED_SANDBOX_URL: "ftp:\/\/x" is not an http\(s\) URL/,
    );
  });
});

describe('connect() refuses with a ClientConfigError that says what to do', () => {
  it('when no API is named anywhere, naming the profile and the credentials file', async () => {
    const error: unknown = await connect({ configDir: dir, processEnv: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClientConfigError);
    expect((error as Error).message).toMatch(
      /^No API to talk to: pass \{ apiUrl \} or \{ env \} \(production, .*sandbox\).*edshed auth login/,
    );
    expect((error as Error).message).toContain(`profile "default" has no API in ${join(dir, 'credentials.json')}`);
    await expect(connect({ configDir: dir, processEnv: {}, env: 'prod' })).rejects.toThrow(
      /^env: unknown environment "prod"/,
    );
    await expect(connect({ configDir: dir, processEnv: {}, apiUrl: 'ftp://jane:pw@x' })).rejects.toThrow(
      /^apiUrl: "ftp:\/\/\*\*\*@x" is not an http\(s\) URL/,
    );
  });

  it('when the credentials file is not JSON, or holds a bad entry: a ConfigFileError naming the file', async () => {
    const file = join(dir, 'credentials.json');
    writeFileSync(file, '{ "profiles": ');
    chmodSync(file, 0o600);
    const notJson: unknown = await connect({ configDir: dir, processEnv: {} }).catch((e: unknown) => e);
    expect(notJson).toBeInstanceOf(ConfigFileError);
    expect(notJson).toBeInstanceOf(ClientConfigError);
    expect(notJson).toMatchObject({ name: 'ConfigFileError', path: file });
    expect((notJson as Error).message).toMatch(new RegExp(`^${file}: not valid JSON; fix or delete the file$`));

    writeFileSync(file, JSON.stringify({ profiles: { default: { token: '' } } }));
    await expect(connect({ configDir: dir, processEnv: {} })).rejects.toThrow(
      new RegExp(`^${file}: "profiles.default" is not valid .*; fix or delete the file$`),
    );
  });
});
