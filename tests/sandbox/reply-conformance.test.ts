/**
 * Every entry of the table answers in the shape it declares, read strictly (a key the shape does not name
 * is a mistake of the shape or of the sandbox): one request per entry, as the seeded account its role
 * needs, against a fresh demo-seeded sandbox per area (`conformance/run.ts`). An entry the demo seed cannot
 * answer must say why in `conformance/cases.ts`; the summary prints how many entries were checked with a
 * real 2xx reply and lists the rest. A reply that varies with a query flag (`byFlag`: `GET schools` with
 * `dfe_schools`) is checked both ways, each request against the form the flag picks, with items in its lists.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../core/endpoints/index.js';
import { mainValue, replyFlags, replyWithFlags } from '../../core/shapes/reply.js';
import { replyProblems } from '../../core/shapes/schema.js';
import { runArea, type Outcome } from './conformance/run.js';

const AREAS = [...new Set(ENDPOINTS.map((e) => e.area))];

/** The entry's command, and the flag the request set if it set one (`schools list [dfe_schools=true]`). */
const nameOf = (o: Outcome): string =>
  o.flag === undefined ? o.endpoint.command : `${o.endpoint.command} [${o.flag}=true]`;

/** The reply the request was answered with: the form its flags pick, where the reply varies with one. */
const replyAsSent = (o: Outcome) =>
  replyWithFlags(o.endpoint.reply ?? {}, new Set(o.flag === undefined ? [] : [o.flag]));
const outcomes = new Map<string, Outcome>();

for (const area of AREAS) {
  describe(`replies of area ${area}`, () => {
    const entries = ENDPOINTS.filter((e) => e.area === area);
    let results: Outcome[] = [];
    it('are answered for every entry the seed can answer', async () => {
      results = await runArea(entries);
      for (const outcome of results) outcomes.set(nameOf(outcome), outcome);
      const unexplained = results.filter((o) => o.skipped === undefined && (o.status < 200 || o.status >= 300));
      expect(
        unexplained.map((o) => `${o.endpoint.command}: ${o.status} ${JSON.stringify(o.body).slice(0, 200)}`),
      ).toEqual([]);
    }, 120_000);

    it('conform strictly to the declared shapes', () => {
      const mismatches = results
        .filter((o) => o.status >= 200 && o.status < 300)
        .flatMap((o) =>
          replyProblems(replyAsSent(o), o.body, 'strict').map(
            (p) => `${nameOf(o)}: ${p.path || '(body)'} ${p.message}`,
          ),
        );
      expect(results.filter((o) => o.flag === undefined).length).toBe(entries.length);
      expect(mismatches).toEqual([]);
    });

    const flagged = entries.filter((e) => replyFlags(e.reply ?? {}).length > 0);
    if (flagged.length > 0) {
      it('answer each form of a reply that varies with a query flag, with real data', () => {
        const sent = results.filter((o) => o.flag !== undefined);
        expect(sent.map(nameOf).sort()).toEqual(
          flagged.flatMap((e) => replyFlags(e.reply ?? {}).map((flag) => `${e.command} [${flag}=true]`)).sort(),
        );
        for (const o of results.filter((r) => flagged.includes(r.endpoint))) {
          const main = mainValue(replyAsSent(o));
          const items = main?.list ? (o.body as Record<string, unknown>)[main.key] : null;
          expect(
            Array.isArray(items) && items.length > 0,
            `${nameOf(o)}: ${JSON.stringify(o.body).slice(0, 200)}`,
          ).toBe(true);
        }
      });
    }
  });
}

afterAll(() => {
  const checked = [...outcomes.values()].filter((o) => o.flag === undefined && o.status >= 200 && o.status < 300);
  const skipped = [...outcomes.values()].filter((o) => o.skipped !== undefined);
  const forms = [...outcomes.values()].filter((o) => o.flag !== undefined && o.status >= 200 && o.status < 300);
  console.log(
    `reply conformance: ${checked.length} of ${ENDPOINTS.length} entries checked with a real 2xx reply, and ${forms.length} flagged forms (${forms.map(nameOf).join(', ')})`,
  );
  for (const o of skipped) console.log(`  not reached: ${o.endpoint.command} (${o.endpoint.route}): ${o.skipped}`);
});
