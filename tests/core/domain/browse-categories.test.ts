import { describe, expect, it } from 'vitest';
import { BROWSE_CATEGORIES, isBrowseCategory } from '../../../core/domain/browse-categories.js';

describe('browse categories', () => {
  it('lists the fifteen Resources menu paths of the spec, in menu order', () => {
    expect(BROWSE_CATEGORIES.map((c) => c.path)).toEqual([
      'free-resources',
      'what-is-new',
      'early-years-age-4-5',
      'age-5-7',
      'age-7-9',
      'age-9-11',
      'age-11-14',
      'writing-shed',
      'reading-shed',
      'non-fiction',
      'poetry-shed',
      'the-news-shed',
      'history-shed',
      'christmas-resources',
      'additional-resources',
    ]);
    expect(isBrowseCategory('poetry-shed')).toBe(true);
    expect(isBrowseCategory('maths-shed')).toBe(false);
  });
});
