import { describe, expect, it } from 'vitest';
import { AREA_REACH, AREAS, ENDPOINTS, REACHES, reachOf, type EndpointSpec } from '../../../core/endpoints/index.js';
import { buildTable, defineArea } from '../../../core/endpoints/index.js';

describe('whose records each entry reaches', () => {
  it('gives every entry a reach of the vocabulary', () => {
    const words = new Set<string>(REACHES);
    expect(ENDPOINTS.filter((e) => !words.has(e.reach)).map((e) => e.route)).toEqual([]);
  });

  it('takes an area’s read rule for GET and its write rule for the other methods, unless the entry says otherwise', () => {
    const table = buildTable(
      [
        defineArea('lists', {
          'lists show': { route: 'GET lists/{id}', role: 'user', summary: 's' },
          'lists update': { route: 'PUT lists/{id}', role: 'user', summary: 's' },
          'lists report': { route: 'POST lists/{id}/report', role: 'user', summary: 's', reach: 'published' },
        }),
      ],
      { lists: { read: 'published', write: 'own' } },
    );
    expect(table.map((e) => e.reach)).toEqual(['published', 'own', 'published']);
    expect(
      buildTable([defineArea('x', { 'x show': { route: 'GET x/{id}', role: 'user', summary: 's' } })])[0]?.reach,
    ).toBe('school');
    expect(reachOf('everyone', 'DELETE')).toBe('everyone');
  });

  it('says an entry’s reach only where it differs from its area’s default', () => {
    const redundant: string[] = [];
    for (const { area, entries } of AREAS) {
      for (const spec of Object.values(entries) as EndpointSpec[]) {
        const method = spec.route.slice(0, spec.route.indexOf(' ')) as Parameters<typeof reachOf>[1];
        if (spec.reach !== undefined && spec.reach === reachOf(AREA_REACH[area], method)) redundant.push(spec.route);
      }
    }
    expect(redundant).toEqual([]);
  });
});
