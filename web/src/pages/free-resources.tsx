import { Loaded } from '../components/loaded.js';
import { usePageTitle } from '../components/page-title.js';
import { ResourceTiles } from '../components/resource-tiles.js';
import { useApi } from '../components/use-api.js';
import { useLocale } from '../i18n/locale.js';

/** The free resources. */
export default function FreeResources() {
  const { messages } = useLocale();
  usePageTitle(messages.titles.freeResources);
  const loaded = useApi('free', (api) => api.listResources({ availability: 'free' }));
  return (
    <section>
      <h1>{messages.titles.freeResources}</h1>
      <Loaded value={loaded} loadingText={messages.browse.loading}>
        {(items) => (items.length === 0 ? <p>{messages.browse.empty}</p> : <ResourceTiles items={items} />)}
      </Loaded>
    </section>
  );
}
