import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingProxy, type CountingProxy } from '../helpers/counting-proxy.js';
import { startImportProduction, temps, type ImportProduction } from '../helpers/sandbox-import.js';
import type { SandboxProcess } from '../helpers/sandbox-process.js';

// What an import refuses, and how it stops: a field its manifest does not know, a local check (before the
// first request), Ctrl-C or a kill mid-import; none leaves a temporary file or a half-made FILE. What a copy
// holds: sandbox-import.test.ts.
let dir: string;
let production: SandboxProcess;
let token: string;
let importInto: ImportProduction['importInto'];
let firstImport: ImportProduction['firstImport'];
/** A proxy in front of production that adds a field the import manifest does not know to each invoice. */
let proxy: CountingProxy;

beforeAll(async () => {
  ({ dir, production, token, importInto, firstImport } = await startImportProduction());
  proxy = await countingProxy(production.url, {
    rewrite: (route, body) => {
      if (route !== 'GET /subscriptions/invoices') return body;
      const reply = body as { invoices: Record<string, unknown>[] };
      return { ...reply, invoices: reply.invoices.map((invoice) => ({ ...invoice, bank_account: '12345678' })) };
    },
  });
}, 120_000);

afterAll(async () => {
  await proxy?.close();
  await production?.stop();
});

describe('edshed sandbox import', () => {
  let copy: string;

  beforeAll(async () => {
    copy = join(dir, 'copy.db');
    await firstImport(copy);
  }, 120_000);

  it('fails on a field its manifest does not know, naming it, and writes nothing', async () => {
    const db = join(dir, 'unknown.db');
    const run = await importInto(db, [], proxy.url);
    expect(run.exitCode).toBe(1);
    expect(String(run.stderr)).toMatch(/field "bank_account" of a invoice is not in the import manifest/);
    expect(existsSync(db)).toBe(false);
    expect(temps(db)).toEqual([]);
  }, 60_000);

  it('checks everything local before the first request (exit 2)', async () => {
    proxy.reset();
    const notes = join(dir, 'notes.txt');
    writeFileSync(notes, 'not a database\n');
    const cases: string[][] = [
      ['--school', '1', '--db', copy],
      ['--school', '1', '--db', join(dir, 'none.db'), '--refresh'],
      ['--school', '1', '--db', join(dir, 'no-such-folder', 'x.db')],
      ['--school', 'one', '--db', join(dir, 'x.db')],
      ['--school', '1', '--school', '1', '--db', join(dir, 'x.db')],
      ['--db', join(dir, 'x.db')],
      ['--school', '1', '--db', join(dir, 'x.db'), '--key', join(dir, 'no.key')],
      // An empty name: once read production whole, then failed renaming the copy over ''.
      ['--school', '1', '--db', ''],
      // A refresh of a file that is no database: found making the temporary copy, before the first request.
      ['--school', '1', '--db', notes, '--refresh'],
    ];
    for (const args of cases) {
      const run = await production.edshed(['sandbox', 'import', ...args, '--api-url', proxy.url, '--token', token]);
      expect(run.exitCode, `${args.join(' ')}: ${String(run.stderr)}`).toBe(2);
      expect(String(run.stderr)).toMatch(/nothing was sent/);
    }
    expect([...proxy.counts().keys()]).toEqual([]);
    expect(readFileSync(notes, 'utf8')).toBe('not a database\n');
    expect(temps(notes)).toEqual([]);
  }, 60_000);

  it('refuses a refresh with another key than the copy was made with (exit 2, nothing sent, FILE as it was)', async () => {
    proxy.reset();
    const keyFile = join(dir, 'another.key');
    writeFileSync(keyFile, `${'cd'.repeat(32)}\n`, { mode: 0o600 });
    const before = readFileSync(copy);
    const run = await production.edshed([
      'sandbox',
      'import',
      '--school',
      '1',
      '--db',
      copy,
      '--refresh',
      '--key',
      keyFile,
      '--api-url',
      proxy.url,
      '--token',
      token,
    ]);
    expect(run.exitCode, String(run.stderr)).toBe(2);
    expect(String(run.stderr)).toContain('its pseudonyms were made with another key');
    expect([...proxy.counts().keys()]).toEqual([]);
    expect(readFileSync(copy).equals(before)).toBe(true);
    expect(temps(copy)).toEqual([]);
  }, 60_000);

  describe('stopped mid-import (a reply held by the proxy)', () => {
    /** A proxy that holds the first request for a group's pupils until released, saying when it has it. */
    async function holdingProxy() {
      let reached: () => void = () => undefined;
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (reached = resolve));
      const freed = new Promise<void>((resolve) => (release = resolve));
      const holding = await countingProxy(production.url, {
        hold: (route, n) => {
          if (route !== 'GET /users/me/school/groups/{id}/pupils' || n !== 1) return undefined;
          reached();
          return freed;
        },
      });
      return { holding, held, release };
    }

    it('Ctrl-C: exit 130, the temporary copy removed, no FILE made', async () => {
      const { holding, held, release } = await holdingProxy();
      const file = join(dir, 'interrupted.db');
      try {
        const child = importInto(file, [], holding.url);
        await held;
        // The copy's temporary file is there while it reads: that is what Ctrl-C must not leave behind.
        expect(temps(file)).toContain(`${basename(file)}.import-${String(child.pid)}.tmp`);
        child.kill('SIGINT');
        const stopped = await child;
        expect(stopped.exitCode).toBe(130);
        expect(String(stopped.stderr)).toContain(
          `sandbox import stopped (interrupted): ${file} was not made, and the temporary copy is removed`,
        );
        expect(temps(file)).toEqual([]);
        expect(existsSync(file)).toBe(false);
      } finally {
        release();
        await holding.close();
      }
    }, 60_000);

    it('killed (SIGTERM) during a refresh: FILE keeps its bytes, the temporary copy removed', async () => {
      const { holding, held, release } = await holdingProxy();
      const file = join(dir, 'kept.db');
      copyFileSync(copy, file);
      const bytes = createHash('sha256').update(readFileSync(file)).digest('hex');
      try {
        const child = importInto(file, ['--refresh'], holding.url);
        await held;
        expect(temps(file)).toContain(`${basename(file)}.import-${String(child.pid)}.tmp`);
        child.kill('SIGTERM');
        const stopped = await child;
        expect(stopped.exitCode).toBe(143);
        expect(temps(file)).toEqual([]);
        expect(createHash('sha256').update(readFileSync(file)).digest('hex')).toBe(bytes);
      } finally {
        release();
        await holding.close();
      }
    }, 60_000);
  });
});
