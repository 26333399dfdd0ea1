import { useCallback, useEffect, useRef, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../../../core/domain/constants.js';
import type { ResourceItem } from '../api/site-types.js';
import { loadApi } from '../api/load.js';
import { useNavigate } from '../router.js';
import { useSession } from '../state/session.js';
import { useLocale } from '../i18n/locale.js';
import { LocalLink } from './local-link.js';
import { ResourceImage, ResourceTiles } from './resource-tiles.js';
import { hasFilters, type SearchQuery } from './search-query.js';

export interface SearchResults {
  readonly text: string;
  /** The whole query the results answer (its text is `text`). */
  readonly query?: SearchQuery;
  readonly items: readonly ResourceItem[];
  readonly total: number;
  /** idle: nothing asked; done: an answer for `text` is shown. */
  readonly status: 'idle' | 'loading' | 'done';
  readonly error: string | undefined;
}

const EMPTY: SearchResults = { text: '', query: { text: '' }, items: [], total: 0, status: 'idle', error: undefined };

const emptyFor = (query: SearchQuery): SearchResults => ({ ...EMPTY, text: query.text, query });

/** Whether a text is worth searching: blank or whitespace-only never searches (O §5). */
export function searchable(text: string): boolean {
  return text.trim() !== '';
}

/** Whether a query asks anything: its text, or on the Search page a filter alone (all free resources for age 7-9). */
function asks(query: SearchQuery): boolean {
  return searchable(query.text) || hasFilters(query);
}

/**
 * The search rules of O §4, §5, §8: typing resets results and paging and searches after 500 ms; blank text
 * clears; `run` searches at once (Enter); `more` loads the next page of 10; 403 goes to /logout, any
 * other failure reads 'Details incorrect'.
 */
export function useSearch(debounceMs: number = SEARCH_DEBOUNCE_MS) {
  const [results, setResults] = useState<SearchResults>(EMPTY);
  const navigate = useNavigate();
  const { set } = useSession();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const controller = useRef<AbortController | undefined>(undefined);

  const fetchPage = useCallback(
    async (query: SearchQuery, skip: number) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      set({ searching: 'loading' });
      const { text } = query;
      // A new search shows none of the last one's results: they would stand under the new text (and stay
      // beside its error, with a 'More...' that adds the new search's page to them). 'More...' keeps them.
      setResults((current) =>
        skip === 0
          ? { ...emptyFor(query), status: 'loading' }
          : { ...current, text, query, status: 'loading', error: undefined },
      );
      try {
        const api = await loadApi();
        try {
          const page = await api.searchResources(query, skip, abort.signal);
          if (abort.signal.aborted) return;
          setResults((current) => ({
            text,
            query,
            items: skip === 0 ? page.items : [...current.items, ...page.items],
            total: page.total,
            status: 'done',
            error: undefined,
          }));
        } catch (error) {
          if (abort.signal.aborted) return;
          if (error instanceof api.ApiError && error.status === 403) {
            navigate('/logout');
            return;
          }
          setResults((current) => ({ ...current, status: 'done', error: 'Details incorrect' }));
        }
      } finally {
        if (controller.current === abort) set({ searching: '' });
      }
    },
    [navigate, set],
  );

  const type = useCallback(
    (text: string) => {
      clearTimeout(timer.current);
      controller.current?.abort();
      setResults(emptyFor({ text }));
      if (!searchable(text)) return;
      timer.current = setTimeout(() => void fetchPage({ text }, 0), debounceMs);
    },
    [debounceMs, fetchPage],
  );

  const run = useCallback(
    (query: SearchQuery) => {
      clearTimeout(timer.current);
      if (!asks(query)) {
        controller.current?.abort();
        setResults(emptyFor(query));
        return;
      }
      void fetchPage(query, 0);
    },
    [fetchPage],
  );

  const more = useCallback(
    () => void fetchPage(results.query ?? { text: results.text }, results.items.length),
    [fetchPage, results.query, results.text, results.items.length],
  );
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    controller.current?.abort();
    setResults(EMPTY);
  }, []);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      controller.current?.abort();
    },
    [],
  );

  return { results, type, run, more, clear };
}

/** 'No results': the text is non-blank (or a filter is set) and the answer is empty (O §2). */
export function showsNoResults(results: SearchResults): boolean {
  return (
    results.status === 'done' &&
    results.error === undefined &&
    asks(results.query ?? { text: results.text }) &&
    results.items.length === 0
  );
}

/** 'More...': the total exceeds what is loaded (O §2). */
export function showsMore(results: SearchResults): boolean {
  return results.total > results.items.length;
}

interface SearchResultListProps {
  readonly results: SearchResults;
  readonly more: () => void;
  /** Rows with a small image (the dropdown), or tiles (the Search page). */
  readonly layout: 'rows' | 'tiles';
  /** A result was chosen (the dropdown closes). */
  readonly onChoose?: () => void;
  /** How the count reads (`24 resources for “owls”`); `24 resources` unless given. */
  readonly countText?: (count: string) => string;
}

/**
 * The results of a search, as the dropdown and the Search page both show them: how many there are, the
 * error or 'No results', the results (rows or tiles), and 'More...' while there are more (O §2).
 */
export function SearchResultList({
  results,
  more,
  layout,
  onChoose,
  countText = (count) => count,
}: SearchResultListProps) {
  const { messages } = useLocale();
  return (
    <>
      <p className="search-count" role="status">
        {results.status === 'done' && results.error === undefined && results.items.length > 0
          ? countText(messages.search.count(results.total))
          : ''}
      </p>
      {results.error && (
        <p className="search-error" role="alert">
          {results.error}
        </p>
      )}
      {showsNoResults(results) && <p className="no-results">{messages.search.noResults}</p>}
      {results.items.length > 0 && layout === 'tiles' && <ResourceTiles items={results.items} />}
      {results.items.length > 0 && layout === 'rows' && (
        <ul className="search-rows">
          {results.items.map((item) => (
            <li key={item.id}>
              <LocalLink to={`/resource/${item.url_key}`} onClick={onChoose}>
                <ResourceImage list={item.image} width={64} height={40} />
                <span>{item.title}</span>
              </LocalLink>
            </li>
          ))}
        </ul>
      )}
      {showsMore(results) && results.status === 'done' && (
        <button type="button" className="more" onClick={more}>
          {messages.search.more}
        </button>
      )}
    </>
  );
}

interface SearchPanelProps {
  /** The text in the search bar: each change resets the results and searches after the pause. */
  readonly text: string;
  /** A result was chosen: the bar closes the panel. */
  readonly onDone: () => void;
}

/**
 * The dropdown panel of the search bar (O §2): rows with image and text in alternating colours, 'No results',
 * 'More...' and the error text. Its own chunk, loaded when the visitor first uses the search bar.
 */
export default function SearchPanel({ text, onDone }: SearchPanelProps) {
  const { results, type, more } = useSearch();
  useEffect(() => type(text), [text, type]);
  if (results.status === 'idle' && results.error === undefined) return null;
  return (
    <div className="search-panel" aria-live="polite">
      <SearchResultList results={results} more={more} layout="rows" onChoose={onDone} />
    </div>
  );
}
