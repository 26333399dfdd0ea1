import type { MouseEvent, ReactNode } from 'react';
import { localPath, useLocale } from '../i18n/locale.js';
import { prefetchPage } from '../pages.js';
import { useLinkClick } from '../router.js';

interface LocalLinkProps {
  /** A site path without the locale prefix (`/about`). */
  readonly to: string;
  readonly children: ReactNode;
  readonly className?: string;
  readonly onClick?: () => void;
}

/**
 * A link inside the site, in the current locale's form, that prefetches its page on hover or focus and
 * moves within the loaded page on a click (unless a modifier key or another button asks for a new tab).
 *
 * @example
 * <LocalLink to="/about">About</LocalLink> // <a href="/en-au/about"> on an /en-au page
 */
export function LocalLink({ to, children, className, onClick }: LocalLinkProps) {
  const { prefix } = useLocale();
  const target = localPath(prefix, to);
  const navigate = useLinkClick(target);
  const prefetch = () => prefetchPage(to);
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.();
    navigate(event);
  };
  return (
    <a href={target} className={className} onMouseEnter={prefetch} onFocus={prefetch} onClick={click}>
      {children}
    </a>
  );
}
