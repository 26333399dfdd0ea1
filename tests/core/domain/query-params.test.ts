import { describe, expect, it } from 'vitest';
import { numberParam } from '../../../core/domain/query-params.js';
import { QueryParamError } from '../../../core/domain/query-param-error.js';

describe('numberParam (O §5)', () => {
  it.each([
    [new URLSearchParams('take=10'), 'take', {}, 10],
    [new URLSearchParams('skip=0'), 'skip', { required: true }, 0],
    [{ take: '10' }, 'take', {}, 10],
    [{ take: ['10'] }, 'take', {}, 10],
    [{ take: 10 }, 'take', { required: true }, 10],
    [{ ratio: ' 2.5 ' }, 'ratio', {}, 2.5],
    [{}, 'take', {}, undefined],
    [{ take: '' }, 'take', {}, undefined],
    [new URLSearchParams(''), 'take', {}, undefined],
  ])('%o %s %o -> %s', (query, name, options, expected) => {
    expect(numberParam(query, name, options)).toBe(expected);
  });

  it.each([
    [new URLSearchParams('take=1&take=2'), 'take', {}, 'multiple'],
    [{ take: ['1', '2'] }, 'take', {}, 'multiple'],
    [{ take: ['1', '1'] }, 'take', { required: true }, 'multiple'],
    [{}, 'take', { required: true }, 'missing'],
    [{ take: '' }, 'take', { required: true }, 'missing'],
    [{ take: null }, 'take', { required: true }, 'missing'],
    [new URLSearchParams('take='), 'take', { required: true }, 'missing'],
    [{ take: 'ten' }, 'take', {}, 'not-a-number'],
    [{ take: 'Infinity' }, 'take', {}, 'not-a-number'],
    [{ take: { n: 1 } }, 'take', {}, 'not-a-number'],
    [{ take: '1.5' }, 'take', { integer: true }, 'not-a-number'],
  ])('%o %s %o throws %s', (query, name, options, reason) => {
    expect(() => numberParam(query, name, options)).toThrow(QueryParamError);
    expect(() => numberParam(query, name, options)).toThrow(expect.objectContaining({ reason, param: name }));
  });

  it('does not read inherited keys of a plain object', () => {
    expect(numberParam({}, 'toString')).toBeUndefined();
  });
});
