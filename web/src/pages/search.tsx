import { useEffect } from 'react';
import { usePageTitle } from '../components/page-title.js';
import { ResourceTiles } from '../components/resource-tiles.js';
import { showsMore, showsNoResults, useSearch } from '../components/search-panel.js';
import { useLocale } from '../i18n/locale.js';
import { useSearchParams } from '../router.js';

/** The Search page: the full search for `?search=`, as tiles, with 'More...' for the next 10. */
export default function Search() {
  const { messages } = useLocale();
  usePageTitle(messages.titles.search);
  const params = useSearchParams();
  const text = params.get('search') ?? '';
  const { results, run, more } = useSearch();
  useEffect(() => run(text), [text, run]);
  return (
    <section>
      <h1>{messages.search.heading}</h1>
      {text.trim() !== '' && <p className="search-for">“{text}”</p>}
      {results.error && <p className="search-error" role="alert">{results.error}</p>}
      {showsNoResults(results) && <p className="no-results">{messages.search.noResults}</p>}
      <ResourceTiles items={results.items} />
      {showsMore(results) && results.status === 'done' && (
        <button type="button" className="more" onClick={more}>{messages.search.more}</button>
      )}
    </section>
  );
}
