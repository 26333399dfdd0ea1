import fc from 'fast-check';
import type * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { fieldInfo } from '../../../core/endpoints/define.js';
import { ENDPOINTS } from '../../../core/endpoints/index.js';
import { either, inline, isEither, isListValue, isObjectShape, listItem, type OptionalList, type Reply, type ReplyValue } from '../../../core/shapes/define.js';
import { replyProblems, type ReplyProblem, type Strictness } from '../../../core/shapes/check.js';
import { replySchema } from '../../../core/shapes/schema.js';

/** zod's issue in the words of replyProblems. */
function zodWords(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}`;
    case 'invalid_value':
      return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_format':
      return `expected text of the form ${(issue as { pattern?: string }).pattern ?? ''}`;
    case 'unrecognized_keys':
      return `keys the shape does not name: ${issue.keys.join(', ')}`;
    case 'invalid_union':
      return 'matches none of the forms it may take';
    case 'too_big':
    case 'too_small':
      return `expected a whole number within ${Number.MAX_SAFE_INTEGER} of 0`;
    default:
      return `zod's ${issue.code}`;
  }
}

/** The problems the reply's zod schema finds, as replyProblems words them. */
function zodProblems(reply: Reply, data: unknown, strictness: Strictness): ReplyProblem[] {
  const result = replySchema(reply, strictness).safeParse(data);
  return result.success ? [] : result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: zodWords(issue) }));
}

const NOISE = fc.oneof(fc.constant(null), fc.constant(undefined), fc.integer(), fc.double(), fc.constant(2 ** 60), fc.string({ maxLength: 3 }), fc.boolean(), fc.constant([]), fc.constant({}));
const DATES = fc.constantFrom('2026-09-01', '2026-09-01T10:00:00Z', '2026-09-01 10:00', '01/09/2026', '2026-9-1');
const ID = fc.oneof(fc.nat(), fc.string({ maxLength: 3 }));

/** Answers near a reply value: mostly of the right kinds, now and then a key dropped, nulled, mistyped or added. */
function near(value: ReplyValue, depth = 0): fc.Arbitrary<unknown> {
  const right = ((): fc.Arbitrary<unknown> => {
    if (isEither(value)) return fc.oneof(...value.either.map((form) => near(form, depth)));
    if (isListValue(value)) {
      const options: Omit<OptionalList, 'list'> = Array.isArray(value) ? {} : (value as OptionalList);
      const items = depth > 3 ? fc.constant([]) : fc.array(near(listItem(value), depth + 1), { maxLength: 3 });
      return options.nullable || options.optional ? fc.oneof(items, fc.constant(options.nullable ? null : undefined)) : items;
    }
    if (isObjectShape(value)) {
      const fields = Object.fromEntries(Object.entries(value.fields).map(([key, field]) => [key, near(field, depth + 1)]));
      // Now and then with `extra`, a key beyond the shape's.
      const object = fc.oneof({ arbitrary: fc.record(fields), weight: 9 }, { arbitrary: fc.record({ ...fields, extra: fc.integer() }), weight: 1 });
      return value.nullable || value.optional ? fc.oneof(object, fc.constant(value.nullable ? null : undefined)) : object;
    }
    const info = fieldInfo(value);
    const kind = ((): fc.Arbitrary<unknown> => {
      switch (info.kind) {
        case 'enum':
          return fc.constantFrom(...(info.oneOf ?? []), 'none of them');
        case 'string':
        case 'text':
          return fc.string({ maxLength: 4 });
        case 'int':
        case 'serial':
        case 'take':
        case 'skip':
          return fc.oneof({ arbitrary: fc.integer(), weight: 20 }, fc.double(), fc.constant(2 ** 60));
        case 'number':
          return fc.double();
        case 'boolean':
          return fc.boolean();
        case 'date':
        case 'day':
          return DATES;
        case 'id':
          return ID;
        case 'ids':
          return fc.array(ID, { maxLength: 3 });
        case 'flag':
          return fc.constantFrom(0, 1, 2, true);
        case 'strings':
          return fc.array(fc.string({ maxLength: 2 }), { maxLength: 3 });
        case 'json':
          return fc.jsonValue({ maxDepth: 1 });
        case 'object':
          return fc.dictionary(fc.string({ maxLength: 2 }), fc.oneof(fc.jsonValue({ maxDepth: 1 }), fc.constant(undefined)), { maxKeys: 2 });
      }
    })();
    return info.nullable || info.optional ? fc.oneof(kind, fc.constant(info.nullable ? null : undefined)) : kind;
  })();
  return fc.oneof({ arbitrary: right, weight: 40 }, { arbitrary: NOISE, weight: 1 });
}

/** Every reply the table declares, once each (entries that answer alike, once). */
const REPLIES = [...new Map(ENDPOINTS.flatMap((e) => (e.reply === undefined ? [] : [[JSON.stringify(e.reply), [e.reply, e.command] as const] as const]))).values()];

describe('replyProblems reads a shape as its zod schema does', () => {
  it.each(['loose', 'strict'] as const)('finds the same problems at the same paths for answers near every reply of the table (%s)', (strictness) => {
    let fitted = 0;
    let tried = 0;
    for (const [reply, command] of REPLIES) {
      fc.assert(
        fc.property(near(inline(reply)), (data) => {
          const expected = zodProblems(reply, data, strictness);
          expect(replyProblems(reply, data, strictness), command).toEqual(expected);
          tried += 1;
          fitted += expected.length === 0 ? 1 : 0;
        }),
        { numRuns: 5 },
      );
    }
    // Both outcomes were tried often: answers that fit and answers that do not.
    expect(fitted).toBeGreaterThan(tried / 10);
    expect(tried - fitted).toBeGreaterThan(tried / 10);
  });

  it('takes an either to be the form the value is of the type of, when only one is', () => {
    const reply = { at: either('date', 'int') };
    expect(replyProblems(reply, { at: '01/09/2026' })).toEqual([{ path: 'at', message: `expected text of the form ${String(/^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/)}` }]);
    expect(replyProblems(reply, { at: true })).toEqual([{ path: 'at', message: 'matches none of the forms it may take' }]);
    expect(zodProblems(reply, { at: '01/09/2026' }, 'loose')).toEqual(replyProblems(reply, { at: '01/09/2026' }));
  });

  it('refuses a whole number beyond the safe range, and a number that is not whole where an int is declared', () => {
    expect(replyProblems({ n: 'int' }, { n: 2 ** 60 })).toEqual([{ path: 'n', message: `expected a whole number within ${Number.MAX_SAFE_INTEGER} of 0` }]);
    expect(replyProblems({ n: 'int' }, { n: 1.5 })).toEqual([{ path: 'n', message: 'expected int' }]);
    expect(replyProblems({ n: 'int' }, { n: '1' })).toEqual([{ path: 'n', message: 'expected number' }]);
  });
});
