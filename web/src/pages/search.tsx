import { useEffect, useMemo } from 'react';
import { usePageTitle } from '../components/page-title.js';
import { SearchResultList, useSearch } from '../components/search-panel.js';
import { hasFilters, queryFromParams, searchAddress, type SearchQuery } from '../components/search-query.js';
import { useApi } from '../components/use-api.js';
import { localPath, useLocale } from '../i18n/locale.js';
import { useNavigate, useSearchParams } from '../router.js';
import { SearchForm, searchWords } from './search-filters.js';

/**
 * The Search page: the search of the address (`?q=` or `?search=`, and the filters, so a search can be
 * shared and reloaded) as tiles, with how many there are, a box and filters that narrow it, and 'More...'
 * for the next 10.
 */
export default function Search() {
  const { locale, messages, prefix } = useLocale();
  usePageTitle(messages.titles.search);
  const words = searchWords(locale);
  const params = useSearchParams();
  const query = useMemo(() => queryFromParams(params), [params]);
  const address = searchAddress(query);
  const navigate = useNavigate();
  const { results, run, more } = useSearch();
  // The query is rebuilt from the address; its address says whether it changed.
  useEffect(() => run(query), [address, run]);
  const types = useApi('resource-types', (api) => api.resourceTypes());
  const show = (next: SearchQuery) => navigate(`${localPath(prefix, '/Search')}${searchAddress(next)}`);
  const asked = query.text.trim() !== '' || hasFilters(query);
  return (
    <section className="search-page">
      <h1>{messages.search.heading}</h1>
      {/* A new form per address: its box shows the address's text after a back or forward. */}
      <SearchForm
        key={address}
        query={query}
        types={types.status === 'done' ? types.data : []}
        words={words}
        onChange={show}
      />
      {!asked && <p className="search-prompt">{words.prompt}</p>}
      <SearchResultList
        results={results}
        more={more}
        layout="tiles"
        countText={(count) => words.found(count, query.text.trim())}
      />
    </section>
  );
}
