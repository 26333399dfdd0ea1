import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importGraph } from '../../helpers/import-graph.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const doc = readFileSync(`${ROOT}docs/ARCHITECTURE.md`, 'utf8');
const section = doc.slice(doc.indexOf('## One operation end to end'));
const touches = section.slice(section.indexOf('### Files the operation touches'));

/** The numbered rows of the non-shared file table: `| 3 | \`path\` | role |`. */
const nonShared = [...touches.matchAll(/^\| (\d+) \| `([^`]+)` \|/gm)].map((m) => m[2] as string);
const claimed = Number(/\*\*(\d+) non-shared files\.\*\*/.exec(touches)?.[1]);
const shared = [
  ...(/Shared files on the path: ([^\n]+(?:\n(?!\n)[^\n]+)*)/.exec(touches)?.[1] ?? '').matchAll(/`([^`]+)`/g),
].map((m) => m[1] as string);

describe('docs/ARCHITECTURE.md: `invoices mark-paid` traced end to end (at most 15 non-shared files)', () => {
  it('lists the non-shared files, at most 15, as many as it says', () => {
    expect(nonShared.length).toBeGreaterThan(5);
    expect(claimed).toBe(nonShared.length);
    expect(nonShared.length).toBeLessThanOrEqual(15);
    expect(shared.length).toBeGreaterThan(10);
  });

  it('names only files that exist', () => {
    const named = [...section.matchAll(/`((?:core|cli|sandbox|bin|tests)\/[\w./-]+\.(?:ts|js))`/g)].map(
      (m) => m[1] as string,
    );
    expect(named.length).toBeGreaterThan(40);
    expect(named.filter((path) => !existsSync(`${ROOT}${path}`))).toEqual([]);
  });

  // An area's handler map (`sandbox/routes/superuser-billing.ts`) imports every handler of the area, the
  // other operations' too: the closure starts below it, at the handler and the domain files.
  it('lists every area file that the listed handler and domain files import', () => {
    const graph = importGraph(ROOT, ['sandbox']);
    const listed = new Set([...nonShared, ...shared]);
    const missing = nonShared
      .filter((path) => path.startsWith('sandbox/') && !/^sandbox\/routes\/[^/]+\.ts$/.test(path))
      .flatMap((path) => (graph.get(path) ?? []).map((edge) => edge.to))
      .filter((to) => /^sandbox\/(domain|routes)\//.test(to) && !listed.has(to));
    expect([...new Set(missing)]).toEqual([]);
  });
});
