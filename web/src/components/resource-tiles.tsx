import { useState } from 'react';
import type { ResourceItem } from '../api/site-types.js';
import { apiBaseUrl } from '../config.js';
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
  /** Above the fold: load at once and first (the page's largest image), not when scrolled to. */
  readonly eager?: boolean;
}

/**
 * A resource's image: the first of its list, resolved against the API base (the sandbox answers paths
 * under it, the platform full addresses), with its size given so nothing moves when it arrives, loaded
 * lazily unless `eager`. No image, or one that fails, shows a drawn placeholder in the same space.
 */
export function ResourceImage({ list, width, height, eager = false }: ResourceImageProps) {
  const [broken, setBroken] = useState(false);
  const src = firstImage(list);
  if (!src || broken) {
    return (
      <span className="thumb thumb-fallback" style={{ width, aspectRatio: `${width} / ${height}` }} aria-hidden="true">
        <svg viewBox="0 0 48 48" width="40" height="40" focusable="false">
          <path
            d="M8 10c6-2 11-1 16 3 5-4 10-5 16-3v28c-6-2-11-1-16 3-5-4-10-5-16-3z"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinejoin="round"
          />
          <path d="M24 13v28" stroke="currentColor" strokeWidth="2.5" />
        </svg>
      </span>
    );
  }
  return (
    <img
      className="thumb"
      src={new URL(src, apiBaseUrl()).href}
      width={width}
      height={height}
      alt=""
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchPriority: 'high' as const } : {})}
      onError={() => setBroken(true)}
    />
  );
}
