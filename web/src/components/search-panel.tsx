import { useCallback, useEffect, useRef, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../../../core/domain/constants.js';
import type { ResourceItem } from '../api/site-types.js';
import { loadApi } from '../api/load.js';
import { useNavigate } from '../router.js';
import { useSession } from '../state/session.js';
import { useLocale } from '../i18n/locale.js';
import { LocalLink } from './local-link.js';
import { ResourceImage } from './resource-tiles.js';

export interface SearchResults {
  readonly text: string;
  readonly items: readonly ResourceItem[];
  readonly total: number;
  /** idle: nothing asked; done: an answer for `text` is shown. */
  readonly status: 'idle' | 'loading' | 'done';
  readonly error: string | undefined;
}

const EMPTY: SearchResults = { text: '', items: [], total: 0, status: 'idle', error: undefined };

/** Whether a text is worth searching: blank or whitespace-only never searches (O §5). */
export function searchable(text: string): boolean {
  return text.trim() !== '';
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
    async (text: string, skip: number) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      set({ searching: 'loading' });
      setResults((current) => ({ ...current, text, status: 'loading', error: undefined }));
      try {
        const api = await loadApi();
        try {
          const page = await api.searchResources(text, skip, abort.signal);
          if (abort.signal.aborted) return;
          setResults((current) => ({
            text,
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
      setResults({ ...EMPTY, text });
      if (!searchable(text)) return;
      timer.current = setTimeout(() => void fetchPage(text, 0), debounceMs);
    },
    [debounceMs, fetchPage],
  );

  const run = useCallback(
    (text: string) => {
      clearTimeout(timer.current);
      if (!searchable(text)) {
        setResults({ ...EMPTY, text });
        return;
      }
      void fetchPage(text, 0);
    },
    [fetchPage],
  );

  const more = useCallback(() => void fetchPage(results.text, results.items.length), [fetchPage, results.text, results.items.length]);
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

/** 'No results': the text is non-blank and the answer is empty (O §2). */
export function showsNoResults(results: SearchResults): boolean {
  return results.status === 'done' && results.error === undefined && searchable(results.text) && results.items.length === 0;
}

/** 'More...': the total exceeds what is loaded (O §2). */
export function showsMore(results: SearchResults): boolean {
  return results.total > results.items.length;
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
  const { messages } = useLocale();
  const { results, type, more } = useSearch();
  useEffect(() => type(text), [text, type]);
  if (results.status === 'idle' && results.error === undefined) return null;
  return (
    <div className="search-panel" aria-live="polite">
      {results.error && <p className="search-error" role="alert">{results.error}</p>}
      {showsNoResults(results) && <p className="no-results">{messages.search.noResults}</p>}
      {results.items.length > 0 && (
        <ul className="search-rows">
          {results.items.map((item) => (
            <li key={item.id}>
              <LocalLink to={`/resource/${item.url_key}`} onClick={onDone}>
                <ResourceImage list={item.image} width={64} height={40} />
                <span>{item.title}</span>
              </LocalLink>
            </li>
          ))}
        </ul>
      )}
      {showsMore(results) && results.status === 'done' && (
        <button type="button" className="more" onClick={more}>{messages.search.more}</button>
      )}
    </div>
  );
}
