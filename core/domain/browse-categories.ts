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
