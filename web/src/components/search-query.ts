import { AGE_BAND_PATHS, CONTENT_CATEGORY_PATHS, RESOURCE_SORTS } from '../../../core/domain/browse-categories.js';
import type { InputOf } from '../../../core/endpoints/define.js';
import type { SiteEntry } from '../api/site-commands.js';

type SearchInput = InputOf<SiteEntry<'search'>>;

/** A search as the site asks it: the text and the filters, which combine (the search entry's own fields). */
export interface SearchQuery {
  readonly text: string;
  readonly availability?: 'free';
  readonly age_band?: NonNullable<SearchInput['age_band']>;
  readonly type_id?: number;
  readonly category?: (typeof CONTENT_CATEGORY_PATHS)[number];
  /** The order of the results; relevance when not given (it is not a filter: it narrows nothing). */
  readonly sort?: NonNullable<SearchInput['sort']>;
}

/** The filters of a query, without its text. */
export type SearchFilters = Omit<SearchQuery, 'text' | 'sort'>;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((v) => v === value);
}

/**
 * A search from the address (`/Search?q=poetry&availability=free&age_band=age-7-9&sort=title`): `q` or
 * `search` for the text, then each filter and the order, each read against the values the search entry takes; a value it does not
 * take is left out (the address may be old, or typed), never sent.
 *
 * @example
 * queryFromParams(new URLSearchParams('q=owls&availability=free')) // { text: 'owls', availability: 'free' }
 */
export function queryFromParams(params: URLSearchParams): SearchQuery {
  const type = Number(params.get('type_id'));
  const query: { -readonly [K in keyof SearchQuery]: SearchQuery[K] } = {
    text: params.get('q') ?? params.get('search') ?? '',
  };
  if (params.get('availability') === 'free') query.availability = 'free';
  const band = oneOf(AGE_BAND_PATHS, params.get('age_band'));
  if (band) query.age_band = band;
  if (Number.isSafeInteger(type) && type > 0) query.type_id = type;
  const category = oneOf(CONTENT_CATEGORY_PATHS, params.get('category'));
  if (category) query.category = category;
  const sort = oneOf(RESOURCE_SORTS, params.get('sort'));
  if (sort && sort !== 'relevance') query.sort = sort;
  return query;
}

/**
 * The address query of a search (`?search=owls&availability=free`), for a shared or reloaded search.
 *
 * @example
 * searchAddress({ text: 'owls', age_band: 'age-7-9' }) // '?search=owls&age_band=age-7-9'
 */
export function searchAddress(query: SearchQuery): string {
  const params = new URLSearchParams();
  if (query.text !== '') params.set('search', query.text);
  for (const key of ['availability', 'age_band', 'type_id', 'category', 'sort'] as const) {
    const value = query[key];
    if (value !== undefined) params.set(key, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** Whether a query narrows by anything besides its text. */
export function hasFilters(query: SearchQuery): boolean {
  return (
    query.availability !== undefined ||
    query.age_band !== undefined ||
    query.type_id !== undefined ||
    query.category !== undefined
  );
}

/** Two queries ask the same. */
export function sameQuery(a: SearchQuery, b: SearchQuery): boolean {
  return searchAddress(a) === searchAddress(b);
}
