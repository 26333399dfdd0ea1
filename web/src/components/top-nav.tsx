import { lazy, Suspense, useEffect } from 'react';
import { SITE_CONFIG } from '../../site.config.js';
import { PRODUCT_NAME } from '../config.js';
import { useLocale } from '../i18n/locale.js';
import { useLocation } from '../router.js';
import { useSession } from '../state/session.js';
import { LanguageMenu } from './language-menu.js';
import { LocalLink } from './local-link.js';
import { ResourcesMenu } from './resources-menu.js';
import { SearchBar } from './search-bar.js';
import { useMenu } from './use-menu.js';

// Only a signed-in visitor needs the avatar menu (and the access rules it reads), so it loads then.
const UserMenu = lazy(() => import('./user-menu.js').then((m) => ({ default: m.UserMenu })));

/**
 * The top navigation (O §2): About, Resources, Memberships, help, language, search, Sign In or the avatar
 * menu. Below 1024px it is one bar (the name, search and a Menu button): the links open under it from the
 * button, and close on Escape or when the visitor moves to another page.
 */
export function TopNav() {
  const { messages } = useLocale();
  const { state } = useSession();
  const { pathname } = useLocation();
  const menu = useMenu<HTMLElement>();
  const { close } = menu;
  useEffect(close, [pathname, close]);
  return (
    <header className={`top-nav${menu.open ? ' nav-open' : ''}`} {...menu.rootProps}>
      <LocalLink to="/" className="site-name">
        {PRODUCT_NAME}
      </LocalLink>
      <button
        type="button"
        ref={menu.buttonRef}
        className="nav-toggle"
        aria-expanded={menu.open}
        aria-controls="main-nav"
        onClick={menu.toggle}
      >
        <span className="nav-toggle-bars" aria-hidden="true" />
        {messages.nav.menu}
      </button>
      <nav id="main-nav" aria-label="Main">
        <ul className="nav-links">
          <li>
            <LocalLink to="/about">{messages.nav.about}</LocalLink>
          </li>
          <ResourcesMenu />
          <li>
            <LocalLink to="/memberships">{messages.nav.memberships}</LocalLink>
          </li>
          <li>
            <a href={SITE_CONFIG.links.help}>{messages.nav.help}</a>
          </li>
          <LanguageMenu />
          {state.user ? (
            <Suspense fallback={null}>
              <UserMenu />
            </Suspense>
          ) : (
            <li>
              <LocalLink to="/login" className="sign-in">
                {messages.nav.signIn}
              </LocalLink>
            </li>
          )}
        </ul>
      </nav>
      <SearchBar />
    </header>
  );
}
