import { useState } from 'react';
import type { ResourceItem } from '../api/schemas.js';
import { useLocale } from '../i18n/locale.js';
import { LocalLink } from './local-link.js';

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

/**
 * The first image of a resource's semicolon-separated list (O §3).
 *
 * @example
 * firstImage('a.jpg;b.jpg') // 'a.jpg'
 */
export function firstImage(list: string | null | undefined): string | undefined {
  const first = list?.split(';')[0]?.trim();
  return first ? first : undefined;
}

interface ResourceImageProps {
  readonly list: string | null | undefined;
  readonly width: number;
  readonly height: number;
  readonly eager?: boolean;
}

/** A resource thumbnail; a missing or broken image leaves a plain tile (the title says what it is). */
export function ResourceImage({ list, width, height, eager = false }: ResourceImageProps) {
  const [broken, setBroken] = useState(false);
  const src = firstImage(list);
  if (!src || broken) return <span className="thumb thumb-empty" style={{ width, height }} aria-hidden="true" />;
  return <img className="thumb" src={src} width={width} height={height} alt="" loading={eager ? 'eager' : 'lazy'} onError={() => setBroken(true)} />;
}
