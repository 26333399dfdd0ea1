import { findLocale } from './locales.js';

/** Curriculum ids by country (O §9). */
export const CURRICULUM_IDS = { GB: 6, US: 7, CA: 7, AU: 8, IE: 9, NZ: 10 } as const;
export type CurriculumCountry = keyof typeof CURRICULUM_IDS;

/** Spag curriculum ids (O §9): England, Australia, New Zealand. */
export const SPAG_CURRICULUM_IDS = { GB: 13, AU: 14, NZ: 15 } as const;
export type SpagCurriculumCountry = keyof typeof SPAG_CURRICULUM_IDS;

/** The curriculum the literacy-resources search uses (O §7, §9). */
export const LITERACY_RESOURCES_CURRICULUM_ID = 2;

function countryOf(localeOrCountry: string): string {
  return findLocale(localeOrCountry)?.country ?? localeOrCountry.trim().toUpperCase();
}

/**
 * The curriculum id of a locale or country, or undefined where the spec gives none.
 *
 * @example
 * curriculumIdFor('en-au') // 8
 * curriculumIdFor('CA')    // 7
 * curriculumIdFor('en-za') // undefined
 */
export function curriculumIdFor(localeOrCountry: string): number | undefined {
  const country = countryOf(localeOrCountry);
  return Object.hasOwn(CURRICULUM_IDS, country) ? CURRICULUM_IDS[country as CurriculumCountry] : undefined;
}

/**
 * The spag curriculum id of a locale or country (England counts as GB), or undefined.
 *
 * @example
 * spagCurriculumIdFor('en-gb') // 13
 * spagCurriculumIdFor('US')    // undefined
 */
export function spagCurriculumIdFor(localeOrCountry: string): number | undefined {
  const country = countryOf(localeOrCountry);
  return Object.hasOwn(SPAG_CURRICULUM_IDS, country)
    ? SPAG_CURRICULUM_IDS[country as SpagCurriculumCountry]
    : undefined;
}
