import { useParams } from 'react-router';
import { stripHtml } from '../../../core/domain/html-sanitiser.js';
import type { ContentBlock, ResourceDetail } from '../api/schemas.js';
import { Loaded } from '../components/loaded.js';
import { usePageTitle } from '../components/page-title.js';
import { ResourceImage } from '../components/resource-tiles.js';
import { useApi } from '../components/use-api.js';
import { useLocale } from '../i18n/locale.js';

/** The content of a resource: its blocks, or its description as one plain block. */
export function contentBlocks(resource: ResourceDetail): ContentBlock[] {
  if (resource.content && resource.content.length > 0) return resource.content;
  return resource.description ? [{ type: 'plain', value: resource.description }] : [];
}

/** A block: html through core's stripper (O §5), plain as text. */
function Block({ block }: { block: ContentBlock }) {
  if (block.type === 'html') return <div className="block-html" dangerouslySetInnerHTML={{ __html: stripHtml(block.value) }} />;
  return <p className="block-plain">{block.value}</p>;
}

/** A resource by its url key (the key is optional: without it the page says to choose one). */
export default function Resource() {
  const { messages } = useLocale();
  const key = useParams()['key'];
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
  const loaded = useApi(`resource:${urlKey}`, (api) => api.resourceByKey(urlKey));
  usePageTitle(loaded.status === 'done' ? loaded.data.title : messages.titles.resource);
  return (
    <Loaded value={loaded} loadingText={loadingText}>
      {(resource) => (
        <article className="resource">
          <h1>{resource.title}</h1>
          {resource.availability === 'free' && <span className="free-tag">{messages.search.free}</span>}
          <ResourceImage list={resource.image} width={480} height={300} eager />
          {contentBlocks(resource).map((block, index) => (
            <Block key={index} block={block} />
          ))}
        </article>
      )}
    </Loaded>
  );
}
