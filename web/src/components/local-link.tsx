import type { MouseEvent, ReactNode } from 'react';
import { useHref, useLinkClickHandler } from 'react-router';
import { localPath, useLocale } from '../i18n/locale.js';
import { prefetchPage } from '../pages.js';

interface LocalLinkProps {
  /** A site path without the locale prefix (`/about`). */
  readonly to: string;
  readonly children: ReactNode;
  readonly className?: string;
  readonly onClick?: () => void;
}

/**
 * A link inside the site, in the current locale's form, that prefetches its page on hover or focus.
 * Made of the router's link hooks (the address, and the click that navigates in the page unless a
 * modifier key or another button asks for a new tab) rather than its `Link`, which also carries the
 * framework mode's route-data prefetching: 2.1 KB gzip of the first page's JavaScript that this site,
 * prefetching its own page chunks, never runs.
 *
 * @example
 * <LocalLink to="/about">About</LocalLink> // <a href="/en-au/about"> on an /en-au page
 */
export function LocalLink({ to, children, className, onClick }: LocalLinkProps) {
  const { prefix } = useLocale();
  const target = localPath(prefix, to);
  const href = useHref(target);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(target);
  const prefetch = () => prefetchPage(to);
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.();
    navigate(event);
  };
  return (
    <a href={href} className={className} onMouseEnter={prefetch} onFocus={prefetch} onClick={click}>
      {children}
    </a>
  );
}
