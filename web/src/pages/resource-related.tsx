import type { CurriculumNode, ResourceDetail } from '../api/site-types.js';
import { LocalLink } from '../components/local-link.js';
import { useNearScreen } from '../components/near-screen.js';
import { ResourceTiles } from '../components/resource-tiles.js';
import { useApi } from '../components/use-api.js';
import type { ResourceWords } from './resource-words.js';

/** Browse paths that group resources by age or by list rather than by what they are about. */
const NOT_A_SUBJECT = /^(?:age-\d+-\d+|free-resources|what-is-new)$/;
const RELATED = 4;

/**
 * The browse category to suggest more resources from: the first of the resource's categories that is
 * about a subject (the poetry shed rather than an age band or the free list), else the first.
 *
 * @example
 * relatedCategory(['age-9-11', 'free-resources', 'poetry-shed']) // 'poetry-shed'
 */
export function relatedCategory(paths: readonly string[]): string | undefined {
  return paths.find((path) => !NOT_A_SUBJECT.test(path)) ?? paths[0];
}

interface RelatedProps {
  readonly resource: ResourceDetail;
  readonly words: ResourceWords;
}

/**
 * The resource's browse categories and related resources, below the fold: asked for once the visitor
 * scrolls near them, so the page's first view neither waits on nor repaints for them.
 */
export function ResourceRelated(props: RelatedProps) {
  const [ref, near] = useNearScreen<HTMLDivElement>();
  return (
    <div ref={ref} className="resource-more">
      {near && <Related {...props} />}
    </div>
  );
}

/** The resource's browse categories as links, then up to four other resources of its subject. */
function Related({ resource, words }: RelatedProps) {
  const nodes = useApi(`nodes:${resource.id}`, (api) => api.resourceNodes(resource.id));
  const found: readonly CurriculumNode[] = nodes.status === 'done' ? nodes.data : [];
  const category = relatedCategory(resource.categories ?? found.map((node) => node.url_path));
  const related = useApi(`related:${resource.id}:${category ?? ''}`, async (api) =>
    category
      ? (await api.listResources({ category }, RELATED + 1)).filter((item) => item.id !== resource.id).slice(0, RELATED)
      : [],
  );
  return (
    <>
      {found.length > 0 && (
        <section className="resource-categories" aria-labelledby="categories-heading">
          <h2 id="categories-heading">{words.categories}</h2>
          <ul className="chips">
            {found.map((node) => (
              <li key={node.url_path}>
                <LocalLink to={`/browse/${node.url_path}`}>{node.name}</LocalLink>
              </li>
            ))}
          </ul>
        </section>
      )}
      {related.status === 'done' && related.data.length > 0 && (
        <section className="resource-related" aria-labelledby="related-heading">
          <h2 id="related-heading">{words.related}</h2>
          <ResourceTiles items={related.data} />
        </section>
      )}
    </>
  );
}
