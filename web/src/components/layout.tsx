import { Suspense, useEffect, useMemo, type ReactNode } from 'react';
import type { RoutableLocale } from '../../../core/domain/routable-locales.js';
import { LocaleProvider, localeOf } from '../i18n/locale.js';
import { SITE_LOCALES } from '../i18n/site-locales.js';
import { useLocation } from '../router.js';
import { useSession } from '../state/session.js';
import { BrandBar } from './brand-bar.js';
import { ErrorBoundary } from './error-boundary.js';
import { Footer } from './footer.js';
import { ProgressBar } from './progress-bar.js';
import { TopNav } from './top-nav.js';

/** The app shell around every page of one route prefix (none, or a routable locale). */
export function Layout({
  routeLocale,
  children,
}: {
  readonly routeLocale: RoutableLocale | undefined;
  readonly children: ReactNode;
}) {
  const location = useLocation();
  const locale = useMemo(() => localeOf(routeLocale), [routeLocale]);
  const { state, set } = useSession();
  useEffect(() => {
    document.documentElement.lang = SITE_LOCALES[locale.locale].iso;
  }, [locale.locale]);
  return (
    <LocaleProvider value={locale}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {/* The brand bar is fixed at the top; it comes after the site's own navigation in the tab order, so
          Sign In and the search box are a few Tabs from the start, not behind seven product links. */}
      <TopNav />
      <BrandBar />
      {state.loadingUser && (
        <div className="loading-user" role="status">
          {locale.messages.user.loading}
        </div>
      )}
      {state.alert && (
        <div className="alert" role="alert">
          {state.alert}{' '}
          <button type="button" onClick={() => set({ alert: undefined })}>
            OK
          </button>
        </div>
      )}
      <main id="main">
        <ErrorBoundary resetKey={location.pathname}>
          {/* A new boundary per path: a page still loading its code shows the progress bar, never the last page. */}
          <Suspense key={location.pathname} fallback={<ProgressBar />}>
            {children}
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
    </LocaleProvider>
  );
}
