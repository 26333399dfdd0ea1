import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../core/endpoints/index.js';

/**
 * Routes the table may have that endpoints.tsv lacks. Each addition needs a comment saying why.
 */
const ALLOWED_ADDITIONS: readonly string[] = [
  // The spec shows no call for logout; `edshed logout` must end the session on the server.
  // A server without it answers 404 and the CLI says the token was only forgotten locally.
  'DELETE auth',
];

const tsv = readFileSync(new URL('../../fixtures/endpoints.tsv', import.meta.url), 'utf8')
  .split('\n')
  .slice(1)
  .filter((line) => line.trim() !== '')
  .map((line) => {
    const [method, path, area] = line.split('\t');
    return { route: `${method} ${path}`, area: area as string };
  });

describe('endpoint table coverage of endpoints.tsv', () => {
  const tableRoutes = new Set(ENDPOINTS.map((e) => `${e.method} ${e.path}`));

  it('reads all 777 rows of the fixture', () => {
    expect(tsv).toHaveLength(777);
    expect(new Set(tsv.map((r) => r.route)).size).toBe(777);
  });

  it('has an entry for every TSV row, with exactly its method and path', () => {
    const missing = tsv.filter((r) => !tableRoutes.has(r.route)).map((r) => r.route);
    expect(missing).toEqual([]);
  });

  it('has no route the TSV lacks, except the commented allow-list', () => {
    const rows = new Set(tsv.map((r) => r.route));
    const extra = [...tableRoutes].filter((route) => !rows.has(route) && !ALLOWED_ADDITIONS.includes(route));
    expect(extra).toEqual([]);
  });

  it('files each entry under the area the TSV gives it', () => {
    const areaOf = new Map(tsv.map((r) => [r.route, r.area]));
    const wrong = ENDPOINTS.filter(
      (e) => areaOf.has(`${e.method} ${e.path}`) && areaOf.get(`${e.method} ${e.path}`) !== e.area,
    ).map((e) => `${e.method} ${e.path}: ${e.area} != ${areaOf.get(`${e.method} ${e.path}`)}`);
    expect(wrong).toEqual([]);
  });

  it('gives every entry a unique two-word kebab-case command and a one-line summary', () => {
    const commands = ENDPOINTS.map((e) => e.command);
    expect(new Set(commands).size).toBe(commands.length);
    for (const e of ENDPOINTS) {
      expect(e.command).toMatch(/^[a-z][a-z0-9]*(-[a-z0-9]+)* [a-z][a-z0-9]*(-[a-z0-9]+)*$/);
      expect(e.summary.length).toBeGreaterThan(10);
      expect(e.summary).not.toMatch(/\n/);
    }
  });

  it('makes every superuser/ path superuser-only and keeps the support vocabulary', () => {
    expect(
      ENDPOINTS.filter((e) => e.path.startsWith('superuser/') && e.role !== 'superuser').map((e) => e.command),
    ).toEqual([]);
    const byCommand = new Map(ENDPOINTS.map((e) => [e.command, e]));
    expect(byCommand.get('invoices mark-paid')?.path).toMatch(/^superuser\/invoices\/\{id\}\/paid$/);
    expect(byCommand.get('pupils generate')?.route).toBe('POST users/me/school/pupils/generate');
    expect(byCommand.get('schools show')?.route).toBe('GET schools/{id}');
    expect(byCommand.get('subscriptions move')?.path).toMatch(/move/);
    expect(byCommand.get('resources search')?.route).toBe('GET resources/search');
  });
});
