import { describe, expect, it } from 'vitest';
import {
  DOMESTIC_COUNTRIES,
  FREEMIUM_COUNTRIES,
  US_REGION_CODES,
  isDomesticCountry,
  isFreemiumCountry,
  isUsRegion,
  normaliseRegionCode,
} from '../../../core/domain/countries.js';

describe('country groups (O §6)', () => {
  it('lists the 15 freemium countries and the US as domestic', () => {
    expect([...FREEMIUM_COUNTRIES].sort()).toEqual([
      'AE',
      'BH',
      'EG',
      'GB',
      'GG',
      'IE',
      'IM',
      'IQ',
      'IR',
      'JE',
      'JO',
      'KW',
      'OM',
      'QA',
      'SA',
    ]);
    expect(DOMESTIC_COUNTRIES).toEqual(['US']);
  });

  it.each([
    ['GB', true],
    ['gb', true],
    ['GB-WLS', true],
    ['GB-CHA', true],
    ['im', true],
    ['US', false],
    ['FR', false],
    ['EL', false],
  ])('isFreemiumCountry(%s) is %s', (code, expected) => {
    expect(isFreemiumCountry(code)).toBe(expected);
  });

  it.each([
    ['US', true],
    ['us', true],
    ['GB', false],
    ['CA', false],
  ])('isDomesticCountry(%s) is %s', (code, expected) => {
    expect(isDomesticCountry(code)).toBe(expected);
  });
});

describe('US regions (O §9)', () => {
  it('has 57 distinct codes: 50 states, DC and six territories', () => {
    expect(US_REGION_CODES).toHaveLength(57);
    expect(new Set(US_REGION_CODES).size).toBe(57);
    for (const code of ['DC', 'AS', 'GU', 'MP', 'PR', 'UM', 'VI', 'CA', 'NY', 'WY', 'AK', 'HI'])
      expect(US_REGION_CODES).toContain(code);
  });

  it.each([
    ['TX', true],
    ['us-tx', true],
    [' ny ', true],
    ['ON', false],
    ['US-XX', false],
    ['', false],
  ])('isUsRegion(%j) is %s', (code, expected) => {
    expect(isUsRegion(code)).toBe(expected);
  });
});

describe('normaliseRegionCode (O §9)', () => {
  it.each([
    ['GB-CHA', 'JE'],
    ['gb-cha', 'JE'],
    ['GB-ENG', 'GB'],
    ['GB-NIR', 'GB'],
    ['GB-SCT', 'GB'],
    ['gb-wls', 'GB'],
    ['Gb-Eng', 'GB'],
    ['EL', 'GR'],
    ['el', 'GR'],
    ['FR', 'FR'],
    ['fr', 'fr'],
    ['GB', 'GB'],
    ['GB-LND', 'GB-LND'],
    ['US-TX', 'US-TX'],
    ['', ''],
  ])('%j -> %j', (input, expected) => {
    expect(normaliseRegionCode(input)).toBe(expected);
  });
});
