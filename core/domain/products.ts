import { UnknownSubjectError } from './unknown-subject-error.js';

/** Product keys (O §3). */
export const PRODUCT_KEYS = [
  'spelling',
  'number',
  'phonics',
  'phonics_digital',
  'phonics_intervention',
  'phonics_supplemental',
  'spag',
  'litshed',
  'freemium',
  'premium',
] as const;
export type ProductKey = (typeof PRODUCT_KEYS)[number];

/**
 * Resource collection key by subject (O §3). The two phonics-lite collections are their own subjects
 * (our reading of "also phonics_lite_1 and phonics_lite_2").
 */
export const RESOURCE_COLLECTIONS = {
  literacy: 'litshed-resources',
  number: 'number-resources',
  phonics: 'phonics-resources',
  spelling: 'spelling-resources',
  phonics_lite_1: 'phonics_lite_1',
  phonics_lite_2: 'phonics_lite_2',
} as const;
export type ResourceSubject = keyof typeof RESOURCE_COLLECTIONS;
export type ResourceCollectionKey = (typeof RESOURCE_COLLECTIONS)[ResourceSubject];

/**
 * Whether a value is a product key.
 *
 * @example
 * isProductKey('litshed') // true
 */
export function isProductKey(value: string): value is ProductKey {
  return (PRODUCT_KEYS as readonly string[]).includes(value);
}

/**
 * The resource collection key of a subject; any other subject throws UnknownSubjectError.
 *
 * @example
 * resourceCollectionKey('literacy') // 'litshed-resources'
 * resourceCollectionKey('quiz')     // throws UnknownSubjectError
 */
export function resourceCollectionKey(subject: string): ResourceCollectionKey {
  if (!Object.hasOwn(RESOURCE_COLLECTIONS, subject)) throw new UnknownSubjectError(subject);
  return RESOURCE_COLLECTIONS[subject as ResourceSubject];
}
