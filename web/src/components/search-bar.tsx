import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { BREAKPOINTS, SEARCH_FOCUS_DELAY_MS } from '../../../core/domain/constants.js';
import { localPath, useLocale } from '../i18n/locale.js';
import { LocalLink } from './local-link.js';
import { ResourceImage } from './resource-image.js';
import { showsMore, showsNoResults, useSearch } from './use-search.js';

/**
 * The search bar (O §2): open on wide screens, collapsed behind a button on narrow ones. Typing searches
 * after the pause into the dropdown panel; Enter opens the Search page with the full search.
 */
export function SearchBar() {
  const { messages, prefix } = useLocale();
  const navigate = useNavigate();
  const { results, type, more, clear } = useSearch();
  const [open, setOpen] = useState(() => window.matchMedia(`(min-width: ${BREAKPOINTS.desktop}px)`).matches);
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    clear();
    navigate(`${localPath(prefix, '/Search')}?search=${encodeURIComponent(text)}`);
  };
  const toggle = () => {
    setOpen(!open);
    if (!open) setTimeout(() => input.current?.focus(), SEARCH_FOCUS_DELAY_MS);
  };
  const panel = results.status !== 'idle' || results.error !== undefined;
  return (
    <div className={`search${open ? ' search-open' : ''}`}>
      <button type="button" className="search-toggle" aria-expanded={open} aria-controls="search-form" onClick={toggle}>
        {messages.search.button}
      </button>
      <form id="search-form" role="search" onSubmit={submit}>
        <label className="visually-hidden" htmlFor="search-input">{messages.search.label}</label>
        <input
          id="search-input"
          ref={input}
          type="search"
          autoComplete="off"
          placeholder={messages.search.placeholder}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            type(event.target.value);
          }}
        />
      </form>
      {panel && (
        <div className="search-panel" aria-live="polite">
          {results.error && <p className="search-error" role="alert">{results.error}</p>}
          {showsNoResults(results) && <p className="no-results">{messages.search.noResults}</p>}
          {results.items.length > 0 && (
            <ul className="search-rows">
              {results.items.map((item) => (
                <li key={item.id}>
                  <LocalLink to={`/resource/${item.url_key}`} onClick={clear}>
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
      )}
    </div>
  );
}
