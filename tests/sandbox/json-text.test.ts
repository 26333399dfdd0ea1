import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bodyParts, JsonText } from '../../sandbox/db/fast/json-text.js';

const joined = (parts: readonly (string | Buffer)[]): string =>
  parts.map((p) => (typeof p === 'string' ? p : p.toString('utf8'))).join('');

describe('ready-made JSON in reply bodies', () => {
  it('writes plain bodies as JSON.stringify does', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(joined(bodyParts(value))).toBe(JSON.stringify(value) ?? 'null');
      }),
    );
  });

  it('writes JsonText as it is, alone or as top-level values, as if the values had been serialised', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.oneof(fc.jsonValue(), fc.constant(undefined))),
        fc.jsonValue(),
        fc.boolean(),
        (rest, inner, asBytes) => {
          const text = JSON.stringify(inner) ?? 'null';
          const ready = new JsonText(asBytes ? Buffer.from(text) : text);
          const body = { ...rest, ready, more: ready };
          expect(JSON.parse(joined(bodyParts(body)))).toEqual(
            JSON.parse(JSON.stringify({ ...rest, ready: inner, more: inner })),
          );
          expect(joined(bodyParts(ready))).toBe(text);
        },
      ),
    );
  });

  it('keeps JSON.stringify right on a body holding JsonText (stored replies, harnesses)', () => {
    const body = {
      invoice: new JsonText(Buffer.from('{"id":1,"name":"Zoë"}')),
      nested: { list: new JsonText('[1,2]') },
    };
    expect(JSON.parse(JSON.stringify(body))).toEqual({ invoice: { id: 1, name: 'Zoë' }, nested: { list: [1, 2] } });
    expect(bodyParts(body).some((part) => Buffer.isBuffer(part))).toBe(true);
  });
});
