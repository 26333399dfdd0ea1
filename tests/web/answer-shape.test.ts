import fc from 'fast-check';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { answerCheck, checkShape, type AnswerShape } from '../../web/src/api/answer-shape.js';
import * as SCHEMAS from '../../web/src/api/schemas.js';
import { describeSchema, siteSchemasSource } from '../../web/plugins/site-schemas.js';

type Schema = z.ZodMiniType;

/** What zod answers and what the build's check answers, the same way: the output, or `refused`. */
function outcomes(schema: Schema, value: unknown): [unknown, unknown] {
  const zod = schema.safeParse(value);
  let shape: unknown;
  try {
    shape = checkShape(describeSchema(schema as never), value);
  } catch {
    shape = 'refused';
  }
  return [zod.success ? zod.data : 'refused', shape];
}

/** Answers near a schema's shape: values of the right kinds at random, with keys dropped, nulled or mistyped. */
function near(shape: AnswerShape, depth = 0): fc.Arbitrary<unknown> {
  const noise = fc.oneof(fc.constant(null), fc.constant(undefined), fc.integer(), fc.string({ maxLength: 3 }), fc.boolean(), fc.constant([]), fc.constant({}), fc.constant(Number.POSITIVE_INFINITY));
  const right = ((): fc.Arbitrary<unknown> => {
    switch (shape) {
      case 'string':
        return fc.string({ maxLength: 4 });
      case 'number':
        return fc.oneof(fc.integer(), fc.double());
      case 'boolean':
        return fc.boolean();
      case 'unknown':
        return fc.anything({ maxDepth: 1 });
    }
    if ('minLength' in shape) return fc.string({ maxLength: shape.minLength + 2 });
    if ('object' in shape) {
      const fields = Object.fromEntries(Object.entries(shape.object).map(([key, field]) => [key, near(field, depth + 1)]));
      return fc.record({ ...fields, extra: fc.integer() }, { requiredKeys: [] });
    }
    if ('array' in shape) return depth > 3 ? fc.constant([]) : fc.array(near(shape.array, depth + 1), { maxLength: 3 });
    if ('optional' in shape) return fc.oneof(fc.constant(undefined), near(shape.optional, depth));
    if ('nullable' in shape) return fc.oneof(fc.constant(null), near(shape.nullable, depth));
    if ('oneOf' in shape) return fc.constantFrom(...shape.oneOf);
    return fc.oneof(...shape.anyOf.map((option) => near(option, depth)));
  })();
  return fc.oneof({ arbitrary: right, weight: 6 }, { arbitrary: noise, weight: 1 });
}

const SITE_SCHEMAS = Object.entries(SCHEMAS as Readonly<Record<string, unknown>>).filter((entry): entry is [string, Schema] => typeof entry[1] === 'object' && entry[1] !== null && '_zod' in entry[1]);

describe("the build's answer checks (zod schemas written as data)", () => {
  it('cover every schema the site checks answers with', () => {
    expect(SITE_SCHEMAS.map(([name]) => name).sort()).toEqual(['AVATAR_ANSWER', 'CONTENT_BLOCK', 'EXCHANGE_ANSWER', 'LIST_ANSWER', 'NODES_ANSWER', 'PRESIGN_ANSWER', 'RESOURCE_ANSWER', 'RESOURCE_FILE', 'RESOURCE_ITEM', 'SEARCH_ANSWER', 'SIGN_IN_ANSWER', 'USER', 'USER_ANSWER']);
    const source = siteSchemasSource();
    for (const [name] of SITE_SCHEMAS) expect(source).toContain(`export const ${name} = answerCheck(JSON.parse(`);
    expect(source).not.toContain('zod');
  });

  it.each(SITE_SCHEMAS)('%s accepts and returns what zod does, for answers near its shape', (_name, schema) => {
    const shape = describeSchema(schema as never);
    fc.assert(
      fc.property(near(shape), (value) => {
        const [zod, built] = outcomes(schema, value);
        expect(built).toStrictEqual(zod);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps what a loose object holds besides its fields, and drops it from a strict one', () => {
    const loose = z.looseObject({ id: z.number() });
    const strict = z.object({ id: z.number(), name: z.optional(z.string()) });
    expect(outcomes(loose, { id: 1, extra: [1] })).toEqual([{ id: 1, extra: [1] }, { id: 1, extra: [1] }]);
    expect(outcomes(strict, { id: 1, extra: 1 })).toEqual([{ id: 1 }, { id: 1 }]);
    expect(outcomes(strict, { id: 1, name: undefined })).toStrictEqual([{ id: 1, name: undefined }, { id: 1, name: undefined }]);
    expect(outcomes(strict, { name: 'x' })).toEqual(['refused', 'refused']);
    expect(outcomes(strict, [])).toEqual(['refused', 'refused']);
    expect(outcomes(z.number(), Number.NaN)).toEqual(['refused', 'refused']);
    expect(outcomes(z.object({ u: z.unknown() }), {})).toEqual(['refused', 'refused']);
  });

  it('names where an answer does not fit', () => {
    const check = answerCheck(describeSchema(SCHEMAS.RESOURCE_ANSWER as never));
    expect(() => check.parse({ resource: { id: 1, title: 'Owls', url_key: 'owls', files: [{ id: 'x', name: 'a.pdf' }] } })).toThrow(
      'Unexpected answer: resource.files[0].id should be a number, not string',
    );
  });

  it('refuses to write a schema it cannot check as zod does (a transform, a refinement)', () => {
    expect(() => describeSchema(z.pipe(z.string(), z.transform((s) => s.length)) as never)).toThrow(/uses a pipe/);
    expect(() => describeSchema(z.object({ n: z.number().check(z.minimum(1)) }) as never, 'X')).toThrow('site-schemas: X.n uses a check on number');
    expect(() => describeSchema(z.strictObject({ a: z.string() }) as never)).toThrow(/never catchall/);
  });
});
