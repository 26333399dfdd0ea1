import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../core/endpoints/index.js';
import { AREA_SERVICE, servedGenerically } from '../../sandbox/routes/areas.js';
import { genericHandlers, HANDLERS, REAL_HANDLERS } from '../../sandbox/routes/index.js';

const sorted = (routes: Iterable<string>): string[] => [...routes].sort();

describe('which areas have real handlers', () => {
  it('classifies every area of the table, and only those', () => {
    expect(sorted(Object.keys(AREA_SERVICE))).toEqual(sorted(new Set(ENDPOINTS.map((e) => e.area))));
  });

  it('lists, for partly generic areas, commands that exist in that area', () => {
    for (const [area, service] of Object.entries(AREA_SERVICE)) {
      if (typeof service === 'string') continue;
      const commands = new Set(ENDPOINTS.filter((e) => e.area === area).map((e) => e.command));
      expect(
        service.real.filter((c) => !commands.has(c)),
        area,
      ).toEqual([]);
    }
  });

  it('has specific handlers for exactly the real routes, and generic ones for exactly the rest', () => {
    expect(sorted(Object.keys(REAL_HANDLERS))).toEqual(
      sorted(ENDPOINTS.filter((e) => !servedGenerically(e)).map((e) => e.route)),
    );
    expect(sorted(Object.keys(genericHandlers()))).toEqual(
      sorted(ENDPOINTS.filter(servedGenerically).map((e) => e.route)),
    );
  });

  it('answers every route of the table with the real handler where there is one', () => {
    expect(Object.keys(HANDLERS)).toHaveLength(ENDPOINTS.length);
    for (const [route, handler] of Object.entries(REAL_HANDLERS))
      expect(HANDLERS[route as keyof typeof HANDLERS], route).toBe(handler);
  });

  it('keeps the site, billing and school administration real, and the learner long tail generic', () => {
    const served = (route: string): boolean => {
      const endpoint = ENDPOINTS.find((e) => e.route === route);
      if (!endpoint) throw new Error(`no ${route} in the table`);
      return servedGenerically(endpoint);
    };
    expect(
      ['GET resources/search', 'POST superuser/invoices/{id}/paid', 'GET users/me/school/pupils', 'POST auth'].map(
        served,
      ),
    ).toEqual([false, false, false, false]);
    expect(['GET lists/{id}', 'POST users/forgot', 'GET quiz/curricula'].map(served)).toEqual([true, true, true]);
  });
});

describe('routes files', () => {
  const dir = fileURLToPath(new URL('../../sandbox/routes/', import.meta.url));
  const areaFiles = readdirSync(dir).filter((name) => name.endsWith('.ts') && !['areas.ts', 'index.ts'].includes(name));

  it.each(areaFiles)('%s takes handlers only from its own folder, and picks none out of another map', (name) => {
    const area = name.replace(/\.ts$/, '');
    const text = readFileSync(join(dir, name), 'utf8');
    const sources = [...text.matchAll(/from '\.\/([^']+)'/g)].map((m) => m[1] ?? '');
    expect(sources.filter((source) => source !== 'areas.js' && !source.startsWith(`${area}/`))).toEqual([]);
    expect(text).not.toMatch(/Handlers\[['"]/);
  });

  const filesUnder = (folder: string): string[] =>
    readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? filesUnder(join(folder, entry.name))
        : entry.name.endsWith('.ts')
          ? [join(folder, entry.name)]
          : [],
    );
  const subFiles = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => filesUnder(join(dir, entry.name)).map((file) => relative(dir, file)));

  it('has area folders to check', () => {
    expect(subFiles.length).toBeGreaterThan(0);
  });

  it.each(subFiles)('%s imports from no other area (shared code lives in domain/ or kit/)', (file) => {
    const area = file.split(sep)[0] ?? '';
    const text = readFileSync(join(dir, file), 'utf8');
    const targets = [...text.matchAll(/from '(\.[^']+)'/g)].map((m) =>
      relative(dir, resolve(dirname(join(dir, file)), m[1] ?? '')),
    );
    const otherAreas = targets.filter((target) => !target.startsWith('..') && !target.startsWith(`${area}${sep}`));
    expect(otherAreas).toEqual([]);
  });
});
