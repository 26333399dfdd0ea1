/**
 * Every entry of the table answers in the shape it declares, read strictly (a key the shape does not name
 * is a mistake of the shape or of the sandbox): one request per entry, as the seeded account its role
 * needs, against a fresh demo-seeded sandbox per area (`conformance/run.ts`). An entry the demo seed cannot
 * answer must say why in `conformance/cases.ts`; the summary prints how many entries were checked with a
 * real 2xx reply and lists the rest.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../core/endpoints/index.js';
import { replyProblems } from '../../core/shapes/schema.js';
import { runArea, type Outcome } from './conformance/run.js';

const AREAS = [...new Set(ENDPOINTS.map((e) => e.area))];
const outcomes = new Map<string, Outcome>();

for (const area of AREAS) {
  describe(`replies of area ${area}`, () => {
    const entries = ENDPOINTS.filter((e) => e.area === area);
    let results: Outcome[] = [];
    it('are answered for every entry the seed can answer', async () => {
      results = await runArea(entries);
      for (const outcome of results) outcomes.set(outcome.endpoint.command, outcome);
      const unexplained = results.filter((o) => o.skipped === undefined && (o.status < 200 || o.status >= 300));
      expect(unexplained.map((o) => `${o.endpoint.command}: ${o.status} ${JSON.stringify(o.body).slice(0, 200)}`)).toEqual([]);
    }, 120_000);

    it('conform strictly to the declared shapes', () => {
      const mismatches = results
        .filter((o) => o.status >= 200 && o.status < 300)
        .flatMap((o) => replyProblems(o.endpoint.reply ?? {}, o.body, 'strict').map((p) => `${o.endpoint.command}: ${p.path || '(body)'} ${p.message}`));
      expect(results.length).toBe(entries.length);
      expect(mismatches).toEqual([]);
    });
  });
}

afterAll(() => {
  const checked = [...outcomes.values()].filter((o) => o.status >= 200 && o.status < 300);
  const skipped = [...outcomes.values()].filter((o) => o.skipped !== undefined);
  console.log(`reply conformance: ${checked.length} of ${ENDPOINTS.length} entries checked with a real 2xx reply`);
  for (const o of skipped) console.log(`  not reached: ${o.endpoint.command} (${o.endpoint.route}): ${o.skipped}`);
});
