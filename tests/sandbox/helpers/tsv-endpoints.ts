import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildTable, type AreaDef, type Endpoint, type EndpointSpec } from '../../../core/endpoints/index.js';

/** One row of tests/fixtures/endpoints.tsv. */
export interface TsvRow {
  readonly method: string;
  readonly path: string;
  readonly area: string;
}

/** Reads the canonical endpoint list shipped with the tests. */
export function readTsv(): TsvRow[] {
  const file = fileURLToPath(new URL('../../fixtures/endpoints.tsv', import.meta.url));
  return readFileSync(file, 'utf8')
    .split('\n')
    .slice(1)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [method = '', path = '', area = ''] = line.split('\t');
      return { method, path, area };
    });
}

/** A table built straight from the TSV (placeholder commands, role `user`), independent of the area files. */
export function tsvEndpoints(): readonly Endpoint[] {
  const areas = new Map<string, Record<string, EndpointSpec>>();
  readTsv().forEach((row, i) => {
    const entries = areas.get(row.area) ?? {};
    entries[`r${i} call`] = {
      route: `${row.method} ${row.path}` as EndpointSpec['route'],
      role: 'user',
      summary: 'row',
    };
    areas.set(row.area, entries);
  });
  const defs: AreaDef[] = [...areas].map(([area, entries]) => ({ area, entries }));
  return buildTable(defs);
}
