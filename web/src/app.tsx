import type { ComponentType } from 'react';
import { matchSitePath, type SitePage } from '../../core/domain/site-routes.js';
import { NotFound } from './components/error-page.js';
import { Layout } from './components/layout.js';
import { PAGES } from './pages.js';
import Home from './pages/home.js';
import { ParamsProvider, useLocation } from './router.js';

/** Each page of core's route table; the home and not-found pages are in the first chunk, the rest load on demand. */
const COMPONENTS: Readonly<Record<SitePage, ComponentType>> = { ...PAGES, home: Home, notFound: NotFound };

/**
 * Every page of core's route table, without a prefix (default locale) and under each routable locale
 * prefix (O §2). Anything else, an unknown prefix included, is the 404 page in the shell of its prefix.
 */
export function App() {
  const { pathname } = useLocation();
  const match = matchSitePath(pathname);
  const Page = COMPONENTS[match.page];
  return (
    // A new shell per prefix, as a route of its own: its locale never changes under a mounted page.
    <Layout key={match.locale ?? ''} routeLocale={match.locale}>
      <ParamsProvider value={match.params}>
        <Page />
      </ParamsProvider>
    </Layout>
  );
}
