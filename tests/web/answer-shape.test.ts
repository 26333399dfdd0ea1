import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../core/endpoints/index.js';
import type { Reply } from '../../core/shapes/define.js';
import { RESOURCE_FILE } from '../../core/shapes/resource.js';
import { replySchema } from '../../core/shapes/schema.js';
import { answerShapeOf } from '../../web/src/api/answer-shape-of.js';
import { checkShape, type AnswerShape } from '../../web/src/api/answer-shape.js';
import { SITE_COMMANDS } from '../../web/src/api/site-commands.js';
import { siteEndpointsSource } from '../../web/plugins/site-endpoints.js';

/** What core's loose reply schema answers and what the site's check answers: the output, or `refused`. */
function outcomes(reply: Reply, value: unknown): [unknown, unknown] {
  const zod = replySchema(reply, 'loose').safeParse(value);
  let shape: unknown;
  try {
    shape = checkShape(answerShapeOf(reply), value);
  } catch {
    shape = 'refused';
  }
  return [zod.success ? zod.data : 'refused', shape];
}

/**
 * Answers near a shape: values of the right kinds, now and then one key dropped, nulled or mistyped (rarely
 * enough that about half the answers of a shape with thirty fields are whole, so both outcomes are tried).
 */
function near(shape: AnswerShape, depth = 0): fc.Arbitrary<unknown> {
  const noise = fc.oneof(
    fc.constant(null),
    fc.constant(undefined),
    fc.integer(),
    fc.double(),
    fc.string({ maxLength: 3 }),
    fc.boolean(),
    fc.constant([]),
    fc.constant({}),
  );
  const right = ((): fc.Arbitrary<unknown> => {
    switch (shape) {
      case 'string':
        return fc.string({ maxLength: 4 });
      case 'number':
        return fc.oneof(fc.integer(), fc.double());
      case 'int':
        return fc.oneof({ arbitrary: fc.integer(), weight: 20 }, fc.double(), fc.constant(2 ** 60));
      case 'boolean':
        return fc.boolean();
      case 'unknown':
        return fc.jsonValue({ maxDepth: 1 });
      case 'date':
      case 'day':
        return fc.oneof(
          { arbitrary: fc.constantFrom('2026-09-01', '2026-09-01T10:00:00Z', '2026-09-01 10:00'), weight: 20 },
          fc.constantFrom('01/09/2026', '2026-9-1'),
        );
    }
    if ('object' in shape) {
      const fields = Object.fromEntries(
        Object.entries(shape.object).map(([key, field]) => [key, near(field, depth + 1)]),
      );
      const required = Object.entries(shape.object).flatMap(([key, field]) =>
        typeof field === 'object' && 'optional' in field ? [] : [key],
      );
      const model: Record<string, fc.Arbitrary<unknown>> = { ...fields, extra: fc.integer() };
      return fc.record(model, { requiredKeys: required });
    }
    if ('array' in shape) return depth > 3 ? fc.constant([]) : fc.array(near(shape.array, depth + 1), { maxLength: 3 });
    if ('optional' in shape) return fc.oneof(fc.constant(undefined), near(shape.optional, depth));
    if ('nullable' in shape) return fc.oneof(fc.constant(null), near(shape.nullable, depth));
    if ('oneOf' in shape) return fc.constantFrom(...shape.oneOf);
    return fc.oneof(...shape.anyOf.map((option) => near(option, depth)));
  })();
  return fc.oneof({ arbitrary: right, weight: 40 }, { arbitrary: noise, weight: 1 });
}

const replyOf = (command: string): Reply => {
  const entry = ENDPOINTS.find((e) => e.command === command);
  if (!entry?.reply) throw new Error(`${command}: no reply`);
  return entry.reply;
};
const SITE_REPLIES = Object.entries(SITE_COMMANDS).map(([name, command]) => [name, replyOf(command)] as const);

describe("the site's answer checks (core's reply shapes written as data)", () => {
  it("the build carries each site call's reply shape as data, and no zod", () => {
    const source = siteEndpointsSource();
    for (const [name, reply] of SITE_REPLIES)
      expect(source, name).toContain(JSON.stringify(JSON.stringify(answerShapeOf(reply))).slice(1, -1));
    expect(source).not.toMatch(/zod/);
  });

  it.each(SITE_REPLIES)(
    "%s accepts and returns what core's reply schema does, for answers near its shape",
    (_name, reply) => {
      let accepted = 0;
      fc.assert(
        fc.property(near(answerShapeOf(reply)), (value) => {
          const [zod, built] = outcomes(reply, value);
          expect(built).toStrictEqual(zod);
          accepted += zod === 'refused' ? 0 : 1;
        }),
        { numRuns: 300 },
      );
      // Both outcomes were tried: answers that fit and answers that do not.
      expect(accepted).toBeGreaterThan(20);
      expect(accepted).toBeLessThan(300);
    },
  );

  it('names where an answer does not fit', () => {
    const shape = answerShapeOf(replyOf('resources by-url-key'));
    expect(() =>
      checkShape(shape, { resource: { id: 1, title: 'Owls', url_key: 'owls', files: [{ id: 'x', name: 'a.pdf' }] } }),
    ).toThrow(/^Unexpected answer: resource\.\w+ should be/);
    expect(() =>
      checkShape(answerShapeOf({ files: [RESOURCE_FILE] }), { files: [{ id: 'x', name: 'a.pdf' }] }),
    ).toThrow('Unexpected answer: files[0].id should be a whole number, not string');
    expect(() => checkShape(answerShapeOf({ at: 'date' }), { at: '01/09/2026' })).toThrow(
      'Unexpected answer: at should be a date (2026-09-01, with a time if any), not string',
    );
  });
});
