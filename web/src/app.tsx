import { Route, Routes } from 'react-router';
import { ROUTABLE_LOCALES } from '../../core/domain/routable-locales.js';
import { NotFound } from './components/error-page.js';
import { Layout } from './components/layout.js';
import { PAGES } from './pages.js';
import Home from './pages/home.js';

const PREFIXES = [undefined, ...ROUTABLE_LOCALES] as const;

/**
 * Every route without a prefix (default locale) and with each routable locale prefix (O §2). Anything
 * else, an unknown prefix included, is the 404 page.
 */
export function App() {
  return (
    <Routes>
      {PREFIXES.map((locale) => (
        <Route key={locale ?? ''} caseSensitive path={locale ? `/${locale}` : '/'} element={<Layout routeLocale={locale} />}>
          <Route index element={<Home />} />
          <Route path="about" element={<PAGES.about />} />
          <Route path="browse" element={<PAGES.browse />} />
          <Route path="browse/*" element={<PAGES.browse />} />
          <Route path="free-resources" element={<PAGES.freeResources />} />
          <Route path="memberships" element={<PAGES.memberships />} />
          <Route path="Search" element={<PAGES.search />} />
          <Route path="resource/:key?" element={<PAGES.resource />} />
          <Route path="logout" element={<PAGES.logout />} />
          <Route path="login" element={<PAGES.signIn />} />
          <Route path="404" element={<NotFound />} />
          <Route path="*" element={<NotFound />} />
        </Route>
      ))}
    </Routes>
  );
}
