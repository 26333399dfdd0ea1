import { splitLocalePath } from '../../../core/domain/locale-resolution.js';
import { ROUTABLE_LOCALES, type RoutableLocale } from '../../../core/domain/routable-locales.js';
import { rememberLocale, useLocale } from '../i18n/locale.js';
import { SITE_LOCALES } from '../i18n/site-locales.js';
import { useLocation, useNavigate } from '../router.js';
import { useMenu } from './use-menu.js';

/**
 * The language flag dropdown (O §2): flags hidden on small screens, opened by tap below 1023px (by hover
 * above); choosing a locale keeps the page and remembers the choice.
 */
export function LanguageMenu() {
  const { locale, messages } = useLocale();
  const { open, toggle, close, buttonRef, rootProps } = useMenu<HTMLLIElement>();
  const location = useLocation();
  const navigate = useNavigate();
  const current = SITE_LOCALES[locale];
  const choose = (code: RoutableLocale) => {
    rememberLocale(code);
    close();
    const { rest } = splitLocalePath(location.pathname);
    navigate(`/${code}${rest === '/' ? '' : rest}${location.search}`);
  };
  return (
    <li className={`has-menu language-menu${open ? ' open' : ''}`} onMouseLeave={close} {...rootProps}>
      <button
        type="button"
        ref={buttonRef}
        className="language-button"
        aria-expanded={open}
        aria-controls="language-list"
        onClick={toggle}
      >
        <span className={`flag flag-${current.svg}`} aria-hidden="true" />
        <span>{messages.nav.language}</span>
      </button>
      <ul id="language-list" className="sub-menu" hidden={!open}>
        {ROUTABLE_LOCALES.map((code) => {
          const entry = SITE_LOCALES[code];
          return (
            <li key={code}>
              <button type="button" lang={entry.iso} aria-current={code === locale} onClick={() => choose(code)}>
                <span className={`flag flag-${entry.svg}`} aria-hidden="true" /> {entry.name}
              </button>
            </li>
          );
        })}
      </ul>
    </li>
  );
}
