import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { localPath, useLocale } from '../i18n/locale.js';
import { prefetchPage } from '../pages.js';

interface LocalLinkProps {
  /** A site path without the locale prefix (`/about`). */
  readonly to: string;
  readonly children: ReactNode;
  readonly className?: string;
  readonly onClick?: () => void;
}

/** A link inside the site, in the current locale's form, that prefetches its page on hover or focus. */
export function LocalLink({ to, children, className, onClick }: LocalLinkProps) {
  const { prefix } = useLocale();
  const prefetch = () => prefetchPage(to);
  return (
    <Link to={localPath(prefix, to)} className={className} onMouseEnter={prefetch} onFocus={prefetch} onClick={onClick}>
      {children}
    </Link>
  );
}
