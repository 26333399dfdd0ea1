import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { placeholderWarning } from '../../web/plugins/site-config.js';
import { SITE_CONFIG } from '../../web/site.config.js';
import { placeholderValues } from '../../web/src/site-config.js';

const source = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

describe('the site configuration (web/site.config.ts)', () => {
  it('holds the company details, which the messages and components no longer write themselves', () => {
    const details = [
      SITE_CONFIG.email,
      SITE_CONFIG.ukCompany.companyNumber,
      SITE_CONFIG.ukCompany.vatNumber,
      ...SITE_CONFIG.ukCompany.address,
      ...SITE_CONFIG.usCompany.address,
      ...Object.values(SITE_CONFIG.phones),
      SITE_CONFIG.links.help,
    ];
    for (const file of [
      'web/src/i18n/messages.ts',
      'web/src/components/footer.tsx',
      'web/src/config.ts',
      'web/src/components/top-nav.tsx',
      'web/src/pages/memberships.tsx',
    ]) {
      const text = source(file);
      for (const detail of details) expect(text, `${detail} in ${file}`).not.toContain(detail);
    }
  });

  it('marks its made-up values, and the build names each of them', () => {
    const values = placeholderValues();
    expect(values).toContain(SITE_CONFIG.ukCompany.companyNumber);
    expect(values).toContain(SITE_CONFIG.ukCompany.vatNumber);
    expect(values).toContainEqual(SITE_CONFIG.ukCompany.address);
    const marked = source('web/site.config.ts').match(/placeholder\(/g)?.length ?? 0;
    expect(values).toHaveLength(marked - 1); // its comment names the mark once
    expect(placeholderWarning()).toMatch(
      /^web\/site\.config\.ts: \d+ values are placeholders, to replace before the site goes live: .*"09999999"/,
    );
    expect(placeholderWarning([])).toBeUndefined();
  });
});
