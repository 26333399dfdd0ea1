import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { BREAKPOINTS, SEARCH_FOCUS_DELAY_MS } from '../../../core/domain/constants.js';
import { localPath, useLocale } from '../i18n/locale.js';
import { prefetchAllowed } from '../prefetch.js';
import { useNavigate } from '../router.js';

const loadPanel = () => import('./search-panel.js');
const SearchPanel = lazy(loadPanel);

/**
 * The search bar (O §2): open on wide screens, collapsed behind a button on narrow ones. Typing searches
 * after the pause into the dropdown panel (loaded on first use); Enter opens the Search page with the
 * full search.
 */
export function SearchBar() {
  const { messages, prefix } = useLocale();
  const navigate = useNavigate();
  const [open, setOpen] = useState(() => window.matchMedia(`(min-width: ${BREAKPOINTS.desktop}px)`).matches);
  const [text, setText] = useState('');
  const [active, setActive] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setActive(false);
    navigate(`${localPath(prefix, '/Search')}?search=${encodeURIComponent(text)}`);
  };
  const toggle = () => {
    setOpen(!open);
    if (!open) setTimeout(() => input.current?.focus(), SEARCH_FOCUS_DELAY_MS);
  };
  return (
    <div className={`search${open ? ' search-open' : ''}`}>
      <button type="button" className="search-toggle" aria-expanded={open} aria-controls="search-form" onClick={toggle}>
        {messages.search.button}
      </button>
      <form id="search-form" role="search" aria-label={messages.search.label} onSubmit={submit}>
        <label className="visually-hidden" htmlFor="search-input">
          {messages.search.label}
        </label>
        <input
          id="search-input"
          ref={input}
          type="search"
          autoComplete="off"
          placeholder={messages.search.placeholder}
          value={text}
          onFocus={() => prefetchAllowed() && void loadPanel().catch(() => undefined)}
          onKeyDown={(event) => {
            // Escape closes the results first, keeping the text (a search box's own Escape would empty it);
            // the menu around the bar (on a phone) takes the next one.
            if (event.key === 'Escape' && active) {
              event.preventDefault();
              event.stopPropagation();
              setActive(false);
            }
          }}
          onChange={(event) => {
            setText(event.target.value);
            setActive(true);
          }}
        />
      </form>
      {active && (
        <Suspense fallback={null}>
          <SearchPanel text={text} onDone={() => setActive(false)} />
        </Suspense>
      )}
    </div>
  );
}
