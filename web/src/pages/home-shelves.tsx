import { CONTENT_CATEGORY_PATHS, categoryLabel } from '../../../core/domain/browse-categories.js';
import { LocalLink } from '../components/local-link.js';
import { useNearScreen } from '../components/near-screen.js';
import { ResourceImage, ResourceTiles } from '../components/resource-tiles.js';
import type { SearchQuery } from '../components/search-query.js';
import { useApi } from '../components/use-api.js';
import { useLocale } from '../i18n/locale.js';

interface ShelfProps {
  readonly id: string;
  readonly heading: string;
  readonly more: { readonly to: string; readonly text: string };
  readonly query: SearchQuery;
  readonly count: number;
  /** The first shelf: asked for at once; a later one waits until it is near the screen. */
  readonly eager?: boolean;
}

/** A row of resources from the search (the newest first), with a link to all of them. */
export function HomeShelf({ id, heading, more, query, count, eager = false }: ShelfProps) {
  const [ref, near] = useNearScreen<HTMLElement>();
  return (
    <section ref={ref} className="home-shelf" aria-labelledby={id}>
      <div className="shelf-head">
        <h2 id={id}>{heading}</h2>
        <LocalLink to={more.to}>{more.text}</LocalLink>
      </div>
      {eager || near ? <ShelfTiles name={id} query={query} count={count} /> : <div className="shelf-space" />}
    </section>
  );
}

/** In a shelf's place when the API failed: an empty shelf under its heading would say there is nothing. */
function ShelfFailed() {
  const { messages } = useLocale();
  return <p className="shelf-failed">{messages.home.failed}</p>;
}

function ShelfTiles({ name, query, count }: { name: string; query: SearchQuery; count: number }) {
  const loaded = useApi(`home:${name}`, (api) => api.searchResources(query, 0, undefined, count));
  if (loaded.status === 'loading') return <div className="shelf-space" />;
  if (loaded.status === 'failed') return <ShelfFailed />;
  return <ResourceTiles items={loaded.data.items} />;
}

/** The categories with the most resources, each with a cover of one of them and how many it holds. */
export function HomeCategories({ heading }: { heading: string }) {
  const [ref, near] = useNearScreen<HTMLElement>();
  return (
    <section ref={ref} className="home-categories" aria-labelledby="home-categories">
      <h2 id="home-categories">{heading}</h2>
      {near ? <CategoryCards /> : <div className="shelf-space" />}
    </section>
  );
}

function CategoryCards() {
  const { messages } = useLocale();
  const loaded = useApi('home:categories', async (api) => {
    const pages = await Promise.all(
      CONTENT_CATEGORY_PATHS.map(async (path) => ({
        path,
        page: await api.searchResources({ text: '', category: path }, 0, undefined, 1),
      })),
    );
    return pages
      .filter(({ page }) => page.total > 0)
      .sort((a, b) => b.page.total - a.page.total)
      .slice(0, 6);
  });
  if (loaded.status === 'loading') return <div className="shelf-space" />;
  if (loaded.status === 'failed') return <ShelfFailed />;
  return (
    <ul className="category-cards">
      {loaded.data.map(({ path, page }) => (
        <li key={path}>
          <LocalLink to={`/browse/${path}`}>
            <ResourceImage list={page.items[0]?.image} width={240} height={150} />
            <span className="category-name">{categoryLabel(path)}</span>
            <span className="category-count">{messages.search.count(page.total)}</span>
          </LocalLink>
        </li>
      ))}
    </ul>
  );
}
