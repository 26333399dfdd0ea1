import { mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openConfigStore } from '../../cli/config/store.js';
import { configDir, stateDir } from '../../cli/config/paths.js';

const fresh = () => join(mkdtempSync(join(tmpdir(), 'edshed-store-')), 'config');

describe('config store', () => {
  it('keeps profiles and credentials in 0600 files inside a 0700 directory, written whole', () => {
    const dir = fresh();
    const store = openConfigStore(dir);
    store.setCredential('default', { token: 'tok_1', username: 'superuser', apiUrl: 'http://127.0.0.1:8787/' });
    store.setProfile('default', { apiUrl: 'http://127.0.0.1:8787/' });
    store.setCredential('staging', { token: 'tok_2', username: 'jane' });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    for (const file of ['config.json', 'credentials.json']) expect(statSync(join(dir, file)).mode & 0o777).toBe(0o600);
    // No temporary file is left beside them.
    expect(readdirSync(dir).sort()).toEqual(['config.json', 'credentials.json']);
    const reopened = openConfigStore(dir);
    expect(reopened.credential('default')?.token).toBe('tok_1');
    expect(reopened.profileNames()).toEqual(['default', 'staging']);
    expect(readFileSync(join(dir, 'config.json'), 'utf8')).not.toContain('tok_');
  });

  it('stores a default profile and forgets a removed one with its credential', () => {
    const store = openConfigStore(fresh());
    store.setCredential('a', { token: 'tok_a' });
    store.setCredential('b', { token: 'tok_b' });
    store.setDefaultProfile('b');
    expect(store.defaultProfile()).toBe('b');
    expect(store.removeProfile('b')).toBe(true);
    expect(store.defaultProfile()).toBeUndefined();
    expect(store.credential('b')).toBeUndefined();
    expect(store.removeProfile('b')).toBe(false);
    expect(() => store.setDefaultProfile('bad name!')).toThrow(/profile "bad name!"/);
  });

  it('names a damaged file instead of replacing it', () => {
    const dir = fresh();
    openConfigStore(dir);
    writeFileSync(join(dir, 'credentials.json'), '{"profiles": {"default": {"token": ""}}}');
    expect(() => openConfigStore(dir).credential('default')).toThrow(
      /credentials\.json: "profiles\.default" is not valid/,
    );
    writeFileSync(join(dir, 'credentials.json'), 'not json');
    expect(() => openConfigStore(dir).credential('default')).toThrow(
      /credentials\.json: not valid JSON; fix or delete the file/,
    );
  });

  it('names the config directory it cannot make, why, and how to choose another', () => {
    const parent = mkdtempSync(join(tmpdir(), 'edshed-store-'));
    writeFileSync(join(parent, 'file'), '');
    const dir = join(parent, 'file', 'config');
    expect(() => openConfigStore(dir)).toThrow(
      `${dir}: cannot be the config directory: a parent in the path is not a directory (ENOTDIR); make it a directory of yours, or set EDSHED_CONFIG_DIR to one`,
    );
  });

  it('checks every entry it reads whole, keeps only the known fields, and names the entry and the problem', () => {
    const dir = fresh();
    openConfigStore(dir);
    const write = (file: string, data: unknown) => writeFileSync(join(dir, file), JSON.stringify(data));
    write('config.json', {
      profiles: { a: { apiUrl: ' http://127.0.0.1:8787/ ', colour: 'red' }, b: { apiUrl: 'not a url' }, c: 'x' },
      defaultProfile: 'bad name!',
    });
    write('credentials.json', {
      profiles: { a: { token: 't', username: 'u', extra: 1 }, b: { username: 'u' }, c: { token: 7 } },
    });
    const store = openConfigStore(dir);
    expect(store.profile('a')).toEqual({ apiUrl: 'http://127.0.0.1:8787/' });
    expect(store.credential('a')).toEqual({ token: 't', username: 'u' });
    expect(() => store.profile('b')).toThrow(/config\.json: "profiles\.b" is not valid \(apiUrl is not a URL\)/);
    expect(() => store.profile('c')).toThrow(/"profiles\.c" is not valid \(expected an object\)/);
    expect(() => store.credential('b')).toThrow(/credentials\.json: "profiles\.b" is not valid \(token is missing\)/);
    expect(() => store.credential('c')).toThrow(/"profiles\.c" is not valid \(token is not text\)/);
    expect(() => store.defaultProfile()).toThrow(
      /"defaultProfile" is not valid \(a profile name is letters, digits, - and _\)/,
    );
    write('config.json', { profiles: [] });
    expect(() => store.profile('a')).toThrow(/"profiles" is not an object/);
    expect(() => store.setCredential('a', { token: '' })).toThrow(/credential of profile "a": token is empty/);
    expect(() => store.setProfile('a', { apiUrl: 'nowhere' })).toThrow(/profile "a": apiUrl is not a URL/);
  });

  it('finds its directories from the environment it is given: EDSHED_* first, then XDG, then home', () => {
    expect(configDir({ EDSHED_CONFIG_DIR: '/x', XDG_CONFIG_HOME: '/y' })).toBe('/x');
    expect(configDir({ XDG_CONFIG_HOME: '/y' })).toBe('/y/edshed');
    expect(configDir({ HOME: '/home/jane' })).toBe('/home/jane/.config/edshed');
    expect(stateDir({ EDSHED_STATE_DIR: '/s' })).toBe('/s');
    expect(stateDir({ XDG_STATE_HOME: '/t' })).toBe('/t/edshed');
    expect(stateDir({ HOME: '/home/jane' })).toBe('/home/jane/.local/state/edshed');
  });
});
