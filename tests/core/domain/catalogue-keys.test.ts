import { describe, expect, it } from 'vitest';
import {
  CURRICULUM_IDS,
  LITERACY_RESOURCES_CURRICULUM_ID,
  curriculumIdFor,
  spagCurriculumIdFor,
} from '../../../core/domain/curricula.js';
import { FEATURE_FLAGS, isFeatureFlag } from '../../../core/domain/feature-flags.js';
import { PRODUCT_KEYS, isProductKey, resourceCollectionKey } from '../../../core/domain/products.js';
import { UnknownSubjectError } from '../../../core/domain/unknown-subject-error.js';

describe('curricula (O §9)', () => {
  it.each([
    ['en-gb', 6],
    ['GB', 6],
    ['en-us', 7],
    ['en-ca', 7],
    ['en-au', 8],
    ['en-ie', 9],
    ['en-nz', 10],
    ['cy-gb', 6],
    ['en-za', undefined],
    ['en-in', undefined],
    ['zz', undefined],
  ])('curriculumIdFor(%s) is %s', (input, expected) => {
    expect(curriculumIdFor(input)).toBe(expected);
  });

  it.each([
    ['en-gb', 13],
    ['AU', 14],
    ['en-nz', 15],
    ['en-us', undefined],
    ['toString', undefined],
  ])('spagCurriculumIdFor(%s) is %s', (input, expected) => {
    expect(spagCurriculumIdFor(input)).toBe(expected);
  });

  it('uses curriculum 2 for literacy resources, not one of the locale curricula', () => {
    expect(LITERACY_RESOURCES_CURRICULUM_ID).toBe(2);
    expect(Object.values(CURRICULUM_IDS)).not.toContain(2);
  });
});

describe('products (O §3)', () => {
  it('has the ten product keys', () => {
    expect(PRODUCT_KEYS).toHaveLength(10);
    expect(isProductKey('phonics_supplemental')).toBe(true);
    expect(isProductKey('quiz')).toBe(false);
  });

  it.each([
    ['literacy', 'litshed-resources'],
    ['number', 'number-resources'],
    ['phonics', 'phonics-resources'],
    ['spelling', 'spelling-resources'],
    ['phonics_lite_1', 'phonics_lite_1'],
    ['phonics_lite_2', 'phonics_lite_2'],
  ])('resourceCollectionKey(%s) is %s', (subject, key) => {
    expect(resourceCollectionKey(subject)).toBe(key);
  });

  it.each([['quiz'], ['grammar'], ['Literacy'], [''], ['constructor'], ['__proto__']])(
    'throws UnknownSubjectError for %j',
    (subject) => {
      expect(() => resourceCollectionKey(subject)).toThrow(UnknownSubjectError);
      try {
        resourceCollectionKey(subject);
      } catch (error) {
        expect((error as UnknownSubjectError).subject).toBe(subject);
      }
    },
  );
});

describe('feature flags (L §3)', () => {
  it('has the eight names', () => {
    expect(FEATURE_FLAGS).toHaveLength(8);
    expect(isFeatureFlag('phonics-assignable-ebooks')).toBe(true);
    expect(isFeatureFlag('phonics_lite_3')).toBe(false);
  });
});
