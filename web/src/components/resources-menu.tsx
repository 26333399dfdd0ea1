import { BROWSE_CATEGORIES } from '../../../core/domain/browse-categories.js';
import { useLocale } from '../i18n/locale.js';
import { LocalLink } from './local-link.js';
import { useMenu } from './use-menu.js';

/** Resources (/browse/) with its sub-menu: the 15 browse paths and Exemplar Resources (O §2); Escape closes it. */
export function ResourcesMenu() {
  const { messages } = useLocale();
  const { open, toggle, close, buttonRef, rootProps } = useMenu<HTMLLIElement>();
  return (
    <li className={`has-menu${open ? ' open' : ''}`} onMouseLeave={close} {...rootProps}>
      <LocalLink to="/browse/">{messages.nav.resources}</LocalLink>
      <button
        type="button"
        ref={buttonRef}
        className="menu-toggle"
        aria-expanded={open}
        aria-controls="resources-menu"
        onClick={toggle}
      >
        <span className="visually-hidden">{messages.nav.resources} menu</span>
        <span aria-hidden="true">▾</span>
      </button>
      {/* Closed, the list is hidden: out of the tab order (16 links), shown on hover by the style sheet on wide screens. */}
      <ul id="resources-menu" className="sub-menu" hidden={!open}>
        {BROWSE_CATEGORIES.map((category) => (
          <li key={category.path}>
            <LocalLink to={`/browse/${category.path}`} onClick={close}>
              {category.label}
            </LocalLink>
          </li>
        ))}
        <li>
          <LocalLink to="/free-resources" onClick={close}>
            {messages.nav.exemplar}
          </LocalLink>
        </li>
      </ul>
    </li>
  );
}
