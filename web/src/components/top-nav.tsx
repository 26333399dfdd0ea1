import { lazy, Suspense } from 'react';
import { SITE_CONFIG } from '../../site.config.js';
import { PRODUCT_NAME } from '../config.js';
import { useLocale } from '../i18n/locale.js';
import { useSession } from '../state/session.js';
import { LanguageMenu } from './language-menu.js';
import { LocalLink } from './local-link.js';
import { ResourcesMenu } from './resources-menu.js';
import { SearchBar } from './search-bar.js';

// Only a signed-in visitor needs the avatar menu (and the access rules it reads), so it loads then.
const UserMenu = lazy(() => import('./user-menu.js').then((m) => ({ default: m.UserMenu })));

/** The top navigation (O §2): About, Resources, Memberships, help, language, search, Sign In or the avatar menu. */
export function TopNav() {
  const { messages } = useLocale();
  const { state } = useSession();
  return (
    <header className="top-nav">
      <LocalLink to="/" className="site-name">{PRODUCT_NAME}</LocalLink>
      <nav aria-label="Main">
        <ul className="nav-links">
          <li><LocalLink to="/about">{messages.nav.about}</LocalLink></li>
          <ResourcesMenu />
          <li><LocalLink to="/memberships">{messages.nav.memberships}</LocalLink></li>
          <li><a href={SITE_CONFIG.links.help}>{messages.nav.help}</a></li>
          <LanguageMenu />
          {state.user ? (
            <Suspense fallback={null}>
              <UserMenu />
            </Suspense>
          ) : (
            <li><LocalLink to="/login" className="sign-in">{messages.nav.signIn}</LocalLink></li>
          )}
        </ul>
      </nav>
      <SearchBar />
    </header>
  );
}
