import { describe, expect, it } from 'vitest';
import { headerRecord } from '../../../core/api/header-fields.js';

describe('headerRecord', () => {
  it('is the record the standard Headers gives, later names overriding earlier ones', () => {
    const entries: [string, string][] = [
      ['Accept', 'application/json'],
      ['X-Token', ' abc '],
      ['content-type', 'text/csv'],
      ['x-token', 'def'],
      ['Idempotency-Key', 'k1'],
    ];
    const standard = new Headers();
    for (const [name, value] of entries) standard.set(name, value);
    const ours = headerRecord(entries);
    expect(ours).toEqual(Object.fromEntries(standard));
    expect(Object.keys(ours)).toEqual([...standard.keys()]);
  });

  it('refuses what the standard Headers refuses, naming the header', () => {
    expect(() => headerRecord([['x-token', 'a\r\nInjected: yes']])).toThrow(/header "x-token"/);
    expect(() => headerRecord([['bad header', 'x']])).toThrow(TypeError);
    expect(() => new Headers([['bad header', 'x']])).toThrow(TypeError);
  });
});
