import { useState } from 'react';
import { BROWSE_CATEGORIES } from '../../../core/domain/browse-categories.js';
import { useLocale } from '../i18n/locale.js';
import { LocalLink } from './local-link.js';

/** Resources (/browse/) with its sub-menu: the 15 browse paths and Exemplar Resources (O §2). */
export function ResourcesMenu() {
  const { messages } = useLocale();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <li className={`has-menu${open ? ' open' : ''}`} onMouseLeave={close}>
      <LocalLink to="/browse/">{messages.nav.resources}</LocalLink>
      <button type="button" className="menu-toggle" aria-expanded={open} aria-controls="resources-menu" onClick={() => setOpen(!open)}>
        <span className="visually-hidden">{messages.nav.resources} menu</span>
        <span aria-hidden="true">▾</span>
      </button>
      <ul id="resources-menu" className="sub-menu">
        {BROWSE_CATEGORIES.map((category) => (
          <li key={category.path}>
            <LocalLink to={`/browse/${category.path}`} onClick={close}>{category.label}</LocalLink>
          </li>
        ))}
        <li>
          <LocalLink to="/free-resources" onClick={close}>{messages.nav.exemplar}</LocalLink>
        </li>
      </ul>
    </li>
  );
}
