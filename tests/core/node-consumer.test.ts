import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConfigStore } from '../../core/node/config-store.js';
import { makeConsumerDir, ROOT, type ConsumerDir } from '../helpers/consumer-dir.js';
import { sendJson, startHttpTestServer, type HttpTestServer } from '../helpers/http-test-server.js';

// The built package as a script outside the checkout imports it (npm test builds before vitest runs):
// connect() from 'edshed-toolkit/node' signs in from the CLI's files, and the browser entry loads no
// Node-only module.
let server: HttpTestServer;
let consumer: ConsumerDir;

beforeAll(async () => {
  server = await startHttpTestServer((req, res) =>
    req.headers['x-token'] === 'tok_consumer'
      ? sendJson(res, 200, { user: { id: 1, username: 'superuser' } })
      : sendJson(res, 401, { error: 'Unauthorised' }),
  );
  consumer = makeConsumerDir();
});
afterAll(async () => {
  consumer.remove();
  await server.close();
});

describe("a script importing 'edshed-toolkit/node'", () => {
  it('connects with the stored profile, calls the API, and names the config problem in a ClientConfigError', async () => {
    openConfigStore(join(consumer.dir, 'config')).setCredential('default', {
      token: 'tok_consumer',
      username: 'superuser',
      apiUrl: server.url,
    });
    const script = `
import { connect, ConfigFileError } from 'edshed-toolkit/node';
import { ClientConfigError } from 'edshed-toolkit';
const api = await connect();
const { data } = await api.me.show();
await api.close();
const refused = await connect({ profile: 'nobody' }).catch((error) => error);
console.log(JSON.stringify({
  user: data.user,
  connection: api.connection,
  refused: { name: refused.name, clientConfig: refused instanceof ClientConfigError, file: refused instanceof ConfigFileError, message: refused.message },
}));
`;
    const result = await consumer.run('connect.mjs', script);
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    const out = JSON.parse(String(result.stdout)) as Record<string, Record<string, unknown>>;
    expect(out.user).toEqual({ id: 1, username: 'superuser' });
    expect(out.connection).toEqual({ baseUrl: server.url, source: 'credentials', profile: 'default', signedIn: true });
    expect(out.refused).toMatchObject({ name: 'ClientConfigError', clientConfig: true, file: false });
    expect(out.refused?.message).toMatch(/^No API to talk to: .*profile "nobody" has no API in /);
  });

  it('reports a credentials file that is not JSON as a ConfigFileError naming the file', async () => {
    const config = join(consumer.dir, 'broken');
    const script = `
import { mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'edshed-toolkit/node';
mkdirSync(${JSON.stringify(config)}, { recursive: true });
writeFileSync(${JSON.stringify(join(config, 'credentials.json'))}, '{', { mode: 0o600 });
try { await connect(); } catch (error) { console.log(error.name, error.path); process.exitCode = 3; }
`;
    const result = await consumer.run('broken.mjs', script, { EDSHED_CONFIG_DIR: config });
    expect(result.exitCode).toBe(3);
    expect(result.stdout).toBe(`ConfigFileError ${join(config, 'credentials.json')}`);
  });

  it("leaves undici, node: and the config files' code out of what 'edshed-toolkit' loads", () => {
    const loaded = new Set<string>();
    const bare = new Set<string>();
    const visit = (file: string): void => {
      if (loaded.has(file)) return;
      loaded.add(file);
      const source = readFileSync(file, 'utf8');
      // Static imports and re-exports (at a line start, as esbuild writes them) and dynamic imports.
      for (const m of source.matchAll(
        /^(?:import|export)\b[^;"]*?\bfrom\s*"([^"]+)"|^import\s*"([^"]+)"|\bimport\(\s*"([^"]+)"\s*\)/gm,
      )) {
        const specifier = (m[1] ?? m[2] ?? m[3]) as string;
        if (specifier.startsWith('.')) visit(join(dirname(file), specifier));
        else bare.add(specifier);
      }
    };
    visit(join(ROOT, 'dist/core/index.js'));
    // Only zod's own entries: classic, zod/mini (the client's error envelope, the request checks, the access
    // and avatar checks) and zod's English messages for mini; the config files' code would bring node:
    // imports with it.
    expect([...bare].sort()).toEqual(['zod', 'zod/mini', 'zod/v4/locales/en.js']);
    expect(loaded.size).toBeGreaterThan(1);
  });
});
