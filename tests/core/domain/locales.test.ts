import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOCALE,
  LOCALES,
  REDIRECT_ONLY_LOCALE_PREFIX,
  ROUTABLE_LOCALES,
  findLocale,
  isRoutableLocale,
  localeForCountry,
} from '../../../core/domain/locales.js';
import { resolveLocale, splitLocalePath } from '../../../core/domain/locale-resolution.js';

describe('LOCALES', () => {
  it('has the 17 locales of O §3, in their underscored form', () => {
    expect(LOCALES.map((l) => l.underscored)).toEqual([
      'en_GB',
      'en_AU',
      'en_CA',
      'en_HK',
      'en_IE',
      'en_IN',
      'en_NZ',
      'en_PK',
      'en_US',
      'en_ZA',
      'fr_FR',
      'de_DE',
      'es_ES',
      'cy_GB',
      'pt_PT',
      'pt_BR',
      'af_ZA',
    ]);
  });

  it.each(LOCALES.map((l) => [l.underscored, l]))('%s has consistent written forms', (_name, locale) => {
    const [language, country] = locale.underscored.split('_') as [string, string];
    expect(locale.code).toBe(`${language}-${country.toLowerCase()}`);
    expect(locale.iso).toBe(`${language}-${country}`);
    expect(locale.language).toBe(language);
    expect(locale.currency).toMatch(/^[a-z]{3}$/);
    expect(locale.stripeRegion).toBe(locale.underscored === 'en_US' ? 'US' : 'GB');
    expect(locale.name.length).toBeGreaterThan(0);
    expect(locale.emoji.length).toBeGreaterThan(0);
    for (const flag of ['spelling', 'quiz', 'user', 'school', 'audio'] as const)
      expect(typeof locale[flag]).toBe('boolean');
    expect(() => new Intl.NumberFormat(locale.iso, { style: 'currency', currency: locale.currency })).not.toThrow();
  });

  it('marks Wales as Welsh in GB', () => {
    expect(findLocale('cy_GB')).toMatchObject({ name: 'Wales', language: 'cy', country: 'GB', currency: 'gbp' });
  });

  it('routes only the seven English prefixes, default en-gb, with en as a redirect-only prefix', () => {
    expect([...ROUTABLE_LOCALES].sort()).toEqual(['en-au', 'en-gb', 'en-ie', 'en-in', 'en-nz', 'en-us', 'en-za']);
    expect(DEFAULT_LOCALE).toBe('en-gb');
    expect(isRoutableLocale(REDIRECT_ONLY_LOCALE_PREFIX)).toBe(false);
    for (const code of ROUTABLE_LOCALES) expect(findLocale(code)?.language).toBe('en');
  });

  it.each([
    ['en-gb', 'en_GB'],
    ['EN_au', 'en_AU'],
    [' pt-br ', 'pt_BR'],
    ['xx-yy', undefined],
    ['en', undefined],
  ])('findLocale(%j) is %s', (input, expected) => {
    expect(findLocale(input)?.underscored).toBe(expected);
  });
});

describe('localeForCountry', () => {
  it.each([
    ['GB', 'en_GB'],
    ['za', 'en_ZA'],
    [' us ', 'en_US'],
    ['PK', 'en_PK'],
    ['FR', undefined],
    ['BR', undefined],
    ['XX', undefined],
  ])('%j -> %s', (country, expected) => {
    expect(localeForCountry(country)?.underscored).toBe(expected);
  });
});

describe('resolveLocale', () => {
  it.each([
    [{ path: '/en-nz/browse', cookie: 'en-au', browserLanguages: ['en-US'] }, 'en-nz', 'route'],
    [{ path: 'en-za' }, 'en-za', 'route'],
    [{ path: '/fr-fr/browse', cookie: 'en-au' }, 'en-au', 'cookie'],
    [{ path: '/en/about', cookie: 'en_IE' }, 'en-ie', 'cookie'],
    [{ path: '/EN-AU/browse', cookie: null }, 'en-gb', 'default'],
    [{ path: '/about', cookie: 'fr-fr', browserLanguages: ['de-DE', 'en-IN', 'en-US'] }, 'en-in', 'browser'],
    [{ path: '/', browserLanguages: ['en_us'] }, 'en-us', 'browser'],
    [{ browserLanguages: ['en', 'en-CA'] }, 'en-gb', 'default'],
    [{}, 'en-gb', 'default'],
    [{ path: '', cookie: '', browserLanguages: [] }, 'en-gb', 'default'],
  ])('%j -> %s from %s', (inputs, locale, source) => {
    expect(resolveLocale(inputs)).toEqual({ locale, source });
  });
});

describe('splitLocalePath', () => {
  it.each([
    ['/en-au/browse/poetry', 'en-au', '/browse/poetry'],
    ['/en-au', 'en-au', '/'],
    ['/en-au?x=1', 'en-au', '/?x=1'],
    ['/browse', undefined, '/browse'],
    ['/fr-fr/browse', undefined, '/fr-fr/browse'],
  ])('%s', (path, locale, rest) => {
    expect(splitLocalePath(path)).toEqual({ locale, rest });
  });
});
