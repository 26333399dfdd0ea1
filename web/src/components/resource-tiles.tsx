import type { ResourceItem } from '../api/schemas.js';
import { useLocale } from '../i18n/locale.js';
import { LocalLink } from './local-link.js';
import { ResourceImage } from './resource-image.js';

/** Result tiles (O §2): thumbnail, title, and a FREE tag when the resource is free. */
export function ResourceTiles({ items }: { items: readonly ResourceItem[] }) {
  const { messages } = useLocale();
  return (
    <ul className="tiles">
      {items.map((item) => (
        <li key={item.id} className="tile">
          <LocalLink to={`/resource/${item.url_key}`}>
            <ResourceImage list={item.image} width={240} height={150} />
            <span className="tile-title">{item.title}</span>
          </LocalLink>
          {item.availability === 'free' && <span className="free-tag">{messages.search.free}</span>}
        </li>
      ))}
    </ul>
  );
}
