import { useState, type FormEvent } from 'react';
import {
  AGE_BAND_PATHS,
  categoryLabel,
  CONTENT_CATEGORY_PATHS,
  RESOURCE_SORTS,
} from '../../../core/domain/browse-categories.js';
import type { ResourceType } from '../api/site-types.js';
import { hasFilters, type SearchQuery } from '../components/search-query.js';
import { localeTable } from '../i18n/locale.js';

/** The Search page's own words (its chunk's). */
export const searchWords = localeTable({
  searchFor: 'Search for',
  formLabel: 'Search and filter the results',
  submit: 'Show results',
  filters: 'Narrow the results',
  free: 'Free resources only',
  ageBand: 'Age',
  anyAge: 'Any age',
  type: 'Type',
  anyType: 'Any type',
  category: 'Category',
  anyCategory: 'Any category',
  clear: 'Clear filters',
  sort: 'Sort by',
  sorts: { relevance: 'Best match', newest: 'Newest first', title: 'Title A–Z' },
  prompt: 'Type a word to search, or choose a filter to see every resource it holds.',
  found: (count: string, text: string) => (text === '' ? `${count}` : `${count} for “${text}”`),
});

type Words = ReturnType<typeof searchWords>;

interface SearchFormProps {
  readonly query: SearchQuery;
  readonly types: readonly ResourceType[];
  readonly words: Words;
  /** A new query to show (the page puts it in the address). */
  readonly onChange: (query: SearchQuery) => void;
}

/**
 * The Search page's box and filters: the text applies on Enter (or the button), a filter at once; every
 * filter combines with the others and with the text.
 */
export function SearchForm({ query, types, words, onChange }: SearchFormProps) {
  const [text, setText] = useState(query.text);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...query, text: text.trim() });
  };
  const set = <K extends Exclude<keyof SearchQuery, 'text'>>(key: K, value: SearchQuery[K] | undefined) => {
    const next: Record<string, unknown> = { ...query, text: text.trim() };
    if (value === undefined) delete next[key];
    else next[key] = value;
    onChange(next as unknown as SearchQuery);
  };
  return (
    <form className="search-page-form" role="search" aria-label={words.formLabel} onSubmit={submit}>
      <div className="search-page-box">
        <label htmlFor="search-page-input">{words.searchFor}</label>
        <input
          id="search-page-input"
          type="search"
          value={text}
          autoComplete="off"
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="button">
          {words.submit}
        </button>
      </div>
      <fieldset className="search-filters">
        <legend>{words.filters}</legend>
        <label className="filter-free">
          <input
            type="checkbox"
            checked={query.availability === 'free'}
            onChange={(event) => set('availability', event.target.checked ? 'free' : undefined)}
          />
          {words.free}
        </label>
        <label>
          {words.ageBand}
          <select
            value={query.age_band ?? ''}
            onChange={(event) =>
              set(
                'age_band',
                AGE_BAND_PATHS.find((band) => band === event.target.value),
              )
            }
          >
            <option value="">{words.anyAge}</option>
            {AGE_BAND_PATHS.map((band) => (
              <option key={band} value={band}>
                {categoryLabel(band)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {words.type}
          <select
            value={query.type_id ?? ''}
            onChange={(event) => set('type_id', event.target.value === '' ? undefined : Number(event.target.value))}
          >
            <option value="">{words.anyType}</option>
            {types.map((type) => (
              <option key={type.id} value={type.id}>
                {type.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {words.category}
          <select
            value={query.category ?? ''}
            onChange={(event) =>
              set(
                'category',
                CONTENT_CATEGORY_PATHS.find((category) => category === event.target.value),
              )
            }
          >
            <option value="">{words.anyCategory}</option>
            {CONTENT_CATEGORY_PATHS.map((category) => (
              <option key={category} value={category}>
                {categoryLabel(category)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {words.sort}
          <select
            value={query.sort ?? 'relevance'}
            onChange={(event) =>
              set(
                'sort',
                RESOURCE_SORTS.find((sort) => sort !== 'relevance' && sort === event.target.value),
              )
            }
          >
            {RESOURCE_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {words.sorts[sort]}
              </option>
            ))}
          </select>
        </label>
        {hasFilters(query) && (
          <button
            type="button"
            className="button button-outline"
            onClick={() => onChange({ text: text.trim(), ...(query.sort ? { sort: query.sort } : {}) })}
          >
            {words.clear}
          </button>
        )}
      </fieldset>
    </form>
  );
}
