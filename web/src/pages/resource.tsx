import { categoryLabel, isAgeBand } from '../../../core/domain/browse-categories.js';
import { stripHtml } from '../../../core/domain/html-sanitiser.js';
import { resourceLoad } from '../api/load.js';
import type { ContentBlock, ResourceDetail } from '../api/site-types.js';
import { errorStatus } from '../components/error-boundary.js';
import { NotFound } from '../components/error-page.js';
import { Loaded } from '../components/loaded.js';
import { usePageTitle } from '../components/page-title.js';
import { ResourceImage } from '../components/resource-tiles.js';
import { useApi } from '../components/use-api.js';
import { useLocale } from '../i18n/locale.js';
import { useParams } from '../router.js';
import { GetResource, ResourceFiles, useResourceAccess } from './resource-files.js';
import { ResourceRelated } from './resource-related.js';
import { resourceWords } from './resource-words.js';

/** The content of a resource: its blocks, or its description as one plain block. */
export function contentBlocks(resource: ResourceDetail): readonly ContentBlock[] {
  if (resource.content && resource.content.length > 0) return resource.content;
  return resource.description ? [{ type: 'plain', value: resource.description }] : [];
}

/**
 * The age band of a resource, from its browse categories (`Age 7-9`, `Early Years (Age 4-5)`).
 *
 * @example
 * ageBand(['poetry-shed', 'age-7-9']) // 'Age 7-9'
 */
export function ageBand(categories: readonly string[] | null | undefined): string | undefined {
  const path = categories?.find(isAgeBand);
  return path === undefined ? undefined : categoryLabel(path);
}

/** A block: html through core's stripper (O §5), plain as text. */
function Block({ block }: { block: ContentBlock }) {
  if (block.type === 'html')
    return <div className="block-html" dangerouslySetInnerHTML={{ __html: stripHtml(block.value) }} />;
  return <p className="block-plain">{block.value}</p>;
}

/** A resource by its url key (the key is optional: without it the page says to choose one). */
export default function Resource() {
  const { messages } = useLocale();
  const key = useParams().key;
  if (!key) return <NoResource />;
  return <ResourceByKey key={key} urlKey={key} loadingText={messages.resource.loading} />;
}

function NoResource() {
  const { messages } = useLocale();
  usePageTitle(messages.titles.resource);
  return (
    <section>
      <h1>{messages.titles.resource}</h1>
      <p>{messages.resource.missing}</p>
    </section>
  );
}

function ResourceByKey({ urlKey, loadingText }: { urlKey: string; loadingText: string }) {
  const { messages } = useLocale();
  const loaded = useApi(...resourceLoad(urlKey));
  const missing = loaded.status === 'failed' && errorStatus(loaded.error) === 404;
  usePageTitle(
    loaded.status === 'done' ? loaded.data.title : missing ? messages.titles.notFound : messages.titles.resource,
  );
  if (missing) return <NotFound />;
  return (
    <Loaded value={loaded} loadingText={loadingText}>
      {(resource) => <ResourceView resource={resource} />}
    </Loaded>
  );
}

/** The page of one resource: cover and facts with the next step, what it holds, its files, and where to find more. */
function ResourceView({ resource }: { resource: ResourceDetail }) {
  const { locale } = useLocale();
  const words = resourceWords(locale);
  const access = useResourceAccess(resource);
  const files = resource.files ?? [];
  const band = ageBand(resource.categories);
  const free = resource.availability === 'free';
  return (
    <article className="resource">
      <div className="resource-head">
        <div className="resource-cover">
          <ResourceImage list={resource.image} width={480} height={300} eager />
        </div>
        <div className="resource-summary">
          {resource.type?.name && <p className="resource-type">{resource.type.name}</p>}
          <h1>{resource.title}</h1>
          <ul className="resource-facts">
            {free ? <li className="free-tag">{words.free}</li> : <li className="members-tag">{words.members}</li>}
            {band && <li>{band}</li>}
            {files.length > 0 && <li>{words.fileCount(files.length)}</li>}
          </ul>
          <GetResource resource={resource} access={access} words={words} />
        </div>
      </div>
      <div className="resource-body">
        <section className="resource-about" aria-labelledby="about-heading">
          <h2 id="about-heading">{words.about}</h2>
          {contentBlocks(resource).map((block, index) => (
            <Block key={index} block={block} />
          ))}
        </section>
        <ResourceFiles files={files} access={access} words={words} />
      </div>
      <ResourceRelated resource={resource} words={words} />
    </article>
  );
}
