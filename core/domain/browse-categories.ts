/**
 * The browse paths of the literacy-resources site's Resources menu, in menu order, with their labels
 * (overview spec, section 2). The labels are our wording; the spec gives only the paths.
 */
export const BROWSE_CATEGORIES = [
  { path: 'free-resources', label: 'Free Resources' },
  { path: 'what-is-new', label: "What's New" },
  { path: 'early-years-age-4-5', label: 'Early Years (Age 4-5)' },
  { path: 'age-5-7', label: 'Age 5-7' },
  { path: 'age-7-9', label: 'Age 7-9' },
  { path: 'age-9-11', label: 'Age 9-11' },
  { path: 'age-11-14', label: 'Age 11-14' },
  { path: 'writing-shed', label: 'Writing Shed' },
  { path: 'reading-shed', label: 'Reading Shed' },
  { path: 'non-fiction', label: 'Non-Fiction' },
  { path: 'poetry-shed', label: 'Poetry Shed' },
  { path: 'the-news-shed', label: 'The News Shed' },
  { path: 'history-shed', label: 'History Shed' },
  { path: 'christmas-resources', label: 'Christmas Resources' },
  { path: 'additional-resources', label: 'Additional Resources' },
] as const;

export type BrowseCategory = (typeof BROWSE_CATEGORIES)[number]['path'];

/**
 * True when `path` is one of the Resources menu's browse paths.
 *
 * @example
 * isBrowseCategory('poetry-shed') // true
 */
export function isBrowseCategory(path: string): path is BrowseCategory {
  return BROWSE_CATEGORIES.some((c) => c.path === path);
}

/** The browse paths that are age bands, youngest first (a resource has one; early years is its own band). */
export const AGE_BAND_PATHS = [
  'early-years-age-4-5',
  'age-5-7',
  'age-7-9',
  'age-9-11',
  'age-11-14',
] as const satisfies readonly BrowseCategory[];

/**
 * The orders a resource search can be read in: `relevance` (titles that start with the search first, then
 * the newest; with no search, the newest), `newest`, or `title` (A to Z).
 */
export const RESOURCE_SORTS = ['relevance', 'newest', 'title'] as const;

/** The browse paths that say what a resource is about (its shed), in menu order. */
export const CONTENT_CATEGORY_PATHS = [
  'writing-shed',
  'reading-shed',
  'non-fiction',
  'poetry-shed',
  'the-news-shed',
  'history-shed',
  'christmas-resources',
  'additional-resources',
] as const satisfies readonly BrowseCategory[];

/**
 * True when a category is an age band.
 *
 * @example
 * isAgeBand('age-7-9') // true
 */
export function isAgeBand(path: string): path is (typeof AGE_BAND_PATHS)[number] {
  return (AGE_BAND_PATHS as readonly string[]).includes(path);
}

/**
 * A browse path's label (`Age 7-9`), or the path itself for one the menu lacks.
 *
 * @example
 * categoryLabel('poetry-shed') // 'Poetry Shed'
 */
export function categoryLabel(path: string): string {
  return BROWSE_CATEGORIES.find((c) => c.path === path)?.label ?? path;
}
