import { accessFlags } from '../../../core/domain/access.js';
import { SIBLINGS, type SiblingKey } from '../config.js';
import { useLocale } from '../i18n/locale.js';
import { useSession } from '../state/session.js';
import { Avatar } from './avatar.js';
import { LocalLink } from './local-link.js';
import { useMenu } from './use-menu.js';

/**
 * The sibling links a user sees (O §6): the hub for superusers, the school site with the hub-access
 * permission, spelling and maths for teachers.
 *
 * @example
 * siblingLinksFor({ superuser: true, permissions: [] }) // ['hub']
 */
export function siblingLinksFor(user: unknown): SiblingKey[] {
  const flags = accessFlags(user);
  const permissions = (user as { permissions?: unknown } | null)?.permissions;
  const links: SiblingKey[] = [];
  if (flags.superuser) links.push('hub');
  if (Array.isArray(permissions) && permissions.includes('hub')) links.push('school');
  if (flags.teacher) links.push('spelling', 'maths');
  return links;
}

/** A sibling address carrying the session through the access-token hand-off (O §6). */
export function handoffUrl(url: string, token: string | undefined): string {
  if (!token) return url;
  const target = new URL(url, window.location.href);
  target.searchParams.set('access_token', token);
  return target.href;
}

/** The signed-in user's avatar dropdown: sibling links with the hand-off, and Logout. */
export function UserMenu() {
  const { state } = useSession();
  const { messages } = useLocale();
  const { open, toggle, close, buttonRef, rootProps } = useMenu<HTMLLIElement>();
  let links: SiblingKey[] = [];
  try {
    links = siblingLinksFor(state.user);
  } catch (error) {
    console.error('The user has fields of the wrong type; no sibling links', error);
  }
  return (
    <li className={`has-menu user-menu${open ? ' open' : ''}`} onMouseLeave={close} {...rootProps}>
      <button
        type="button"
        ref={buttonRef}
        className="avatar-button"
        aria-expanded={open}
        aria-controls="user-menu-list"
        onClick={toggle}
      >
        <Avatar user={state.user} alt={messages.user.avatarAlt} />
        <span className="visually-hidden">{messages.user.menu}</span>
      </button>
      <ul id="user-menu-list" className="sub-menu" hidden={!open}>
        {links.map((key) => (
          <li key={key}>
            <a href={handoffUrl(SIBLINGS[key].url, state.token)}>{SIBLINGS[key].label}</a>
          </li>
        ))}
        <li>
          <LocalLink to="/logout">{messages.nav.logout}</LocalLink>
        </li>
      </ul>
    </li>
  );
}
