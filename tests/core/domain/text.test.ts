import { describe, expect, it } from 'vitest';
import { formatDuration, prepareForSpeech, truncate } from '../../../core/domain/text.js';

describe('truncate', () => {
  it('cuts at 50 characters by default and adds ...', () => {
    const long = 'x'.repeat(51);
    expect(truncate(long)).toBe(`${'x'.repeat(50)}...`);
    expect(truncate('y'.repeat(50))).toBe('y'.repeat(50));
  });

  it.each([
    ['The Highwayman', 5, 'The H...'],
    ['short', 10, 'short'],
    ['', 3, ''],
    ['abc', 0, '...'],
    ['👩‍🏫👩‍🏫', 1, '👩‍🏫...'],
    ['cafe\u0301s', 4, 'cafe\u0301...'],
    ['😀😀😀', 2, '😀😀...'],
  ])('truncate(%j, %i) is %j', (text, length, expected) => {
    expect(truncate(text, length)).toBe(expected);
  });

  it('refuses a negative or fractional length', () => {
    expect(() => truncate('abc', -1)).toThrow(RangeError);
    expect(() => truncate('abc', 1.5)).toThrow(RangeError);
  });
});

describe('prepareForSpeech', () => {
  it.each([
    ['The cat sat on the ____.', 'The cat sat on the blank.'],
    ['_ is a letter', 'blank is a letter'],
    ['un___able', 'un blank able'],
    ['a __ b ___ c', 'a blank b blank c'],
    ['fill____', 'fill blank'],
    ['no gaps here', 'no gaps here'],
    ['__', 'blank'],
  ])('%j -> %j', (input, expected) => {
    expect(prepareForSpeech(input)).toBe(expected);
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0s'],
    [45.9, '45s'],
    [59, '59s'],
    [60, '1m 0s'],
    [200, '3m 20s'],
    [3599, '59m 59s'],
    [3600, '1h 0m'],
    [7500, '2h 5m'],
    [86399, '23h 59m'],
    [86400, '1d'],
    [200000, '2d'],
  ])('%d seconds is %s', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });

  it.each([[-1], [Number.NaN], [Number.POSITIVE_INFINITY]])('refuses %d', (seconds) => {
    expect(() => formatDuration(seconds)).toThrow(RangeError);
  });
});
