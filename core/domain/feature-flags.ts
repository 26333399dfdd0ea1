/** Feature flag names (L §3). */
export const FEATURE_FLAGS = [
  'phonics_lite_1',
  'phonics_lite_2',
  'spelling-resources',
  'number-resources',
  'litshed-resources',
  'phonics-resources',
  'phonics-gameplay-full',
  'phonics-assignable-ebooks',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

/**
 * Whether a value is a known feature flag name.
 *
 * @example
 * isFeatureFlag('phonics-gameplay-full') // true
 * isFeatureFlag('dark-mode')             // false
 */
export function isFeatureFlag(value: string): value is FeatureFlag {
  return (FEATURE_FLAGS as readonly string[]).includes(value);
}
