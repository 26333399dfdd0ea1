import { describe, expect, it } from 'vitest';
import { findLocale, ROUTABLE_LOCALES } from '../../core/domain/locales.js';
import { siteLocalesSource } from '../../web/plugins/site-locales.js';
import { pickSiteLocales } from '../../web/src/i18n/site-locales.js';

describe("the shell's locale rows", () => {
  it("are the columns of core's locale table for every routable locale, as the build writes them", async () => {
    const url = `data:text/javascript,${encodeURIComponent(siteLocalesSource())}`;
    const built = ((await import(url)) as { SITE_LOCALES: unknown }).SITE_LOCALES;
    expect(built).toEqual(pickSiteLocales());
    expect(Object.keys(built as object).sort()).toEqual([...ROUTABLE_LOCALES].sort());
    for (const code of ROUTABLE_LOCALES) {
      const entry = findLocale(code);
      expect((built as Record<string, unknown>)[code], code).toEqual({
        iso: entry?.iso,
        name: entry?.name,
        svg: entry?.svg,
        country: entry?.country,
      });
    }
    expect((built as Record<string, { country: string }>)['en-us']?.country).toBe('US');
  });
});
