/** The quick check of replies (core/shapes/conforms.ts) never says yes where the reply schema says no. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../core/endpoints/index.js';
import { fieldInfo, type FieldSpec } from '../../../core/endpoints/define.js';
import { conformsLoosely } from '../../../core/shapes/conforms.js';
import {
  isEither,
  isListValue,
  isObjectShape,
  listItem,
  type ObjectShape,
  type OptionalList,
  type Reply,
  type ReplyValue,
} from '../../../core/shapes/define.js';
import { INVOICE } from '../../../core/shapes/invoice.js';
import { replyProblems, replySchema } from '../../../core/shapes/schema.js';

/** Values no kind or only some kinds take: each field is sometimes given one of them. */
const ODD: readonly unknown[] = [
  null,
  undefined,
  0,
  1,
  -0,
  -1,
  1.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  2 ** 53,
  '',
  'x',
  '12',
  '2026-12-02',
  '2026-12-02T10:00:00.000Z',
  '2026-12-02 10:00',
  '2026-1-2',
  true,
  false,
  [],
  {},
  ['a'],
  [1],
  [1, 'a'],
  [null],
];

/** A value that fits the field's kind, when the kind has an obvious one. */
function fitting(spec: FieldSpec): fc.Arbitrary<unknown> {
  const info = fieldInfo(spec);
  const base: Record<string, fc.Arbitrary<unknown>> = {
    enum: fc.constantFrom(...((info as { oneOf?: readonly string[] }).oneOf ?? ['x'])),
    string: fc.string(),
    text: fc.string(),
    int: fc.integer(),
    serial: fc.nat(),
    take: fc.nat(),
    skip: fc.nat(),
    number: fc.double({ noNaN: true, noDefaultInfinity: true }),
    boolean: fc.boolean(),
    date: fc.constantFrom('2026-12-02', '2026-12-02T10:00:00.000Z', '2026-12-02 10:00:00+01:00'),
    day: fc.constant('2026-12-02'),
    id: fc.oneof(fc.nat(), fc.string()),
    ids: fc.array(fc.oneof(fc.nat(), fc.string()), { maxLength: 3 }),
    flag: fc.constantFrom(0, 1),
    strings: fc.array(fc.string(), { maxLength: 3 }),
    json: fc.jsonValue(),
    object: fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 3 }),
  };
  const value = base[info.kind] ?? fc.string();
  return info.nullable ? fc.oneof(value, fc.constant(null)) : value;
}

/** A value of the shape, each part sometimes replaced by an odd one (`odd`), or always fitting. */
function arbitrary(value: ReplyValue, odd: boolean, depth = 0): fc.Arbitrary<unknown> {
  const maybeOdd = (a: fc.Arbitrary<unknown>) =>
    odd ? fc.oneof({ arbitrary: a, weight: 4 }, { arbitrary: fc.constantFrom(...ODD), weight: 1 }) : a;
  if (isEither(value)) return maybeOdd(fc.oneof(...value.either.map((v) => arbitrary(v, odd, depth + 1))));
  if (isListValue(value)) {
    const list = fc.array(arbitrary(listItem(value), odd, depth + 1), { maxLength: depth > 2 ? 0 : 2 });
    const options: Omit<OptionalList, 'list'> = Array.isArray(value) ? {} : (value as OptionalList);
    return maybeOdd(options.nullable ? fc.oneof(list, fc.constant(null)) : list);
  }
  if (isObjectShape(value)) {
    const object = fields(value.fields, odd, depth + 1);
    return maybeOdd(value.nullable ? fc.oneof(object, fc.constant(null)) : object);
  }
  return maybeOdd(fitting(value));
}

function fields(shape: Reply, odd: boolean, depth: number): fc.Arbitrary<unknown> {
  const entries = Object.entries(shape);
  const optional = (v: ReplyValue) =>
    (isObjectShape(v) && v.optional === true) ||
    (isListValue(v) && !Array.isArray(v) && (v as OptionalList).optional === true) ||
    (!isEither(v) && !isListValue(v) && !isObjectShape(v) && fieldInfo(v).optional);
  return fc.record(Object.fromEntries(entries.map(([key, v]) => [key, arbitrary(v, odd, depth)])), {
    requiredKeys: entries.filter(([, v]) => odd || !optional(v)).map(([key]) => key),
  });
}

/** Whether a value holds a kind the quick check leaves to the schema (`json`, `object`). */
function freeJson(value: ReplyValue): boolean {
  if (isEither(value)) return value.either.some(freeJson);
  if (isListValue(value)) return freeJson(listItem(value));
  if (isObjectShape(value)) return Object.values(value.fields).some(freeJson);
  const { kind } = fieldInfo(value);
  return kind === 'json' || kind === 'object';
}

const replies = ENDPOINTS.flatMap((e) => (e.reply ? [{ command: e.command, reply: e.reply }] : []));

describe('the quick check of a reply', () => {
  it('says yes only where the schema does, for every reply of the table', () => {
    expect(replies.length).toBeGreaterThan(20);
    for (const { command, reply } of replies) {
      const schema = replySchema(reply);
      fc.assert(
        fc.property(arbitrary({ fields: reply } as ObjectShape, true), (data) => {
          if (conformsLoosely(reply, data)) expect(schema.safeParse(data).success, command).toBe(true);
        }),
        { numRuns: 60 },
      );
    }
  });

  it('says yes to a reply that fits, so the schema is not asked', () => {
    // Replies holding free-form JSON have no quick check; every other one must take it.
    const quick = replies.filter(({ reply }) => !Object.values(reply).some(freeJson));
    expect(quick.length).toBeGreaterThan(200);
    expect(quick.map((r) => r.command)).toContain('invoices mark-paid');
    for (const { command, reply } of quick) {
      const schema = replySchema(reply);
      fc.assert(
        fc.property(arbitrary({ fields: reply } as ObjectShape, false), (data) => {
          expect(schema.safeParse(data).success, command).toBe(true);
          expect(conformsLoosely(reply, data), command).toBe(true);
        }),
        { numRuns: 10 },
      );
    }
  });

  it('still names what differs when a reply does not fit', () => {
    const invoice = fc.sample(arbitrary(INVOICE, false), { numRuns: 1, seed: 7 })[0] as Record<string, unknown>;
    expect(conformsLoosely(INVOICE, invoice)).toBe(true);
    expect(replyProblems(INVOICE, invoice)).toEqual([]);
    const wrong = { ...invoice, state: 'bogus', total: 1.5 };
    expect(conformsLoosely(INVOICE, wrong)).toBe(false);
    expect(replyProblems(INVOICE, wrong).map((p) => p.path)).toEqual(['state', 'total']);
    expect(conformsLoosely(INVOICE, { ...invoice, id: undefined })).toBe(false);
    expect(conformsLoosely(INVOICE, [invoice])).toBe(false);
    expect(conformsLoosely(INVOICE, { ...invoice, extra: { any: 'thing' } })).toBe(true);
  });
});
