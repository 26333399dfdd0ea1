import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type MouseEvent,
  type ReactNode,
} from 'react';
import type { SiteMatch } from '../../core/domain/site-routes.js';

/**
 * The site's router: the address as React state, moved by the History API. Which page a path shows is
 * core's route table (`matchSitePath`), which the serving layer reads too; this module only follows the
 * address. (A general router cost a tenth of the first visit's JavaScript for this.)
 */

export interface Location {
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}

/** A site path with its query (`/Search?search=owl`), or the parts of one (missing parts: the current path, no query). */
export type To = string | Partial<Location>;

export type Navigate = (to: To, options?: { readonly replace?: boolean }) => void;

const LocationContext = createContext<Location | null>(null);
const NavigateContext = createContext<Navigate | null>(null);
const ParamsContext = createContext<SiteMatch['params']>({});

function windowLocation(): Location {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
}

/**
 * The address `to` names, from the current one.
 *
 * @example
 * hrefOf({ search: '?a=1' }, { pathname: '/Search', search: '', hash: '' }) // '/Search?a=1'
 */
export function hrefOf(to: To, from: Location): string {
  if (typeof to === 'string') return to;
  return `${to.pathname ?? from.pathname}${to.search ?? ''}${to.hash ?? ''}`;
}

/** Holds the address: follows the browser's back and forward, and moves on `navigate`. */
export function Router({ children }: { readonly children: ReactNode }) {
  const [location, setLocation] = useState(windowLocation);
  useEffect(() => {
    const moved = () => setLocation(windowLocation());
    window.addEventListener('popstate', moved);
    return () => window.removeEventListener('popstate', moved);
  }, []);
  const navigate = useCallback<Navigate>((to, options = {}) => {
    window.history[options.replace ? 'replaceState' : 'pushState'](null, '', hrefOf(to, windowLocation()));
    const next = windowLocation();
    setLocation(next);
    // A new page starts at its top, as a page load does (back and forward keep the browser's own position).
    if (!options.replace && next.hash === '') window.scrollTo(0, 0);
  }, []);
  return (
    <NavigateContext.Provider value={navigate}>
      <LocationContext.Provider value={location}>{children}</LocationContext.Provider>
    </NavigateContext.Provider>
  );
}

export function useLocation(): Location {
  const location = useContext(LocationContext);
  if (!location) throw new Error('useLocation outside a Router');
  return location;
}

export function useNavigate(): Navigate {
  const navigate = useContext(NavigateContext);
  if (!navigate) throw new Error('useNavigate outside a Router');
  return navigate;
}

/** The query of the address. */
export function useSearchParams(): URLSearchParams {
  const { search } = useLocation();
  return useMemo(() => new URLSearchParams(search), [search]);
}

/** Gives the page the parameters of its route (`key`, `rest`). */
export function ParamsProvider({
  value,
  children,
}: {
  readonly value: SiteMatch['params'];
  readonly children: ReactNode;
}) {
  return <ParamsContext.Provider value={value}>{children}</ParamsContext.Provider>;
}

/** The parameters of the page's route: `key` of `resource/{key}`, `rest` of `browse/*`. */
export function useParams(): SiteMatch['params'] {
  return useContext(ParamsContext);
}

/**
 * A link's click: moves within the page, unless the browser should handle it (a modifier key, another
 * button, a target) so that "open in a new tab" keeps working. A click on a link to where the visitor
 * already is replaces the history entry rather than adding one.
 *
 * @example
 * const click = useLinkClick('/en-au/about'); // <a href="/en-au/about" onClick={click}>
 */
export function useLinkClick(target: string): (event: MouseEvent<HTMLAnchorElement>) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return (event) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey
    )
      return;
    const frame = event.currentTarget.getAttribute('target');
    if (frame && frame !== '_self') return;
    event.preventDefault();
    navigate(target, { replace: hrefOf(location, location) === target });
  };
}
