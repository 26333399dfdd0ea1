import { BROWSE_CATEGORIES } from '../../../core/domain/browse-categories.js';
import { NotFound } from '../components/error-page.js';
import { Loaded } from '../components/loaded.js';
import { LocalLink } from '../components/local-link.js';
import { usePageTitle } from '../components/page-title.js';
import { ResourceTiles } from '../components/resource-tiles.js';
import { useApi } from '../components/use-api.js';
import { useLocale } from '../i18n/locale.js';
import { useParams } from '../router.js';

/** /browse lists the categories; /browse/{path} the resources of that category's curriculum node (none: the 404 page). */
export default function Browse() {
  const path = (useParams().rest ?? '').replace(/^\/+|\/+$/g, '');
  return path === '' ? <Categories /> : <Category path={path} />;
}

function Categories() {
  const { messages } = useLocale();
  usePageTitle(messages.titles.browse);
  return (
    <section>
      <h1>{messages.browse.heading}</h1>
      <ul className="category-list">
        {BROWSE_CATEGORIES.map((category) => (
          <li key={category.path}>
            <LocalLink to={`/browse/${category.path}`}>{category.label}</LocalLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Category({ path }: { path: string }) {
  const { messages } = useLocale();
  const label = BROWSE_CATEGORIES.find((category) => category.path === path)?.label;
  const loaded = useApi(`browse:${path}`, async (api) => {
    const node = await api.nodeByPath(path);
    if (!node) return undefined;
    const items = await api.listResources({ category: path });
    // The node says which resources it holds, and in which order.
    const order = new Map((node.resource_ids ?? []).map((id, index) => [id, index]));
    const held = node.resource_ids ? items.filter((item) => order.has(item.id)) : items;
    return { name: node.name, items: [...held].sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0)) };
  });
  const missing = loaded.status === 'done' && loaded.data === undefined;
  usePageTitle(
    missing
      ? messages.titles.notFound
      : loaded.status === 'done' && loaded.data
        ? loaded.data.name
        : (label ?? messages.titles.browse),
  );
  return (
    <Loaded value={loaded} loadingText={messages.browse.loading}>
      {(data) =>
        !data ? (
          <NotFound />
        ) : (
          <section>
            <h1>{data.name}</h1>
            {data.items.length === 0 ? <p>{messages.browse.empty}</p> : <ResourceTiles items={data.items} />}
          </section>
        )
      }
    </Loaded>
  );
}
