import { SESSION_COOKIE_MAX_AGE_MS } from '../../../core/domain/constants.js';
import type { User } from '../api/site-types.js';
import { COOKIE_DOMAIN } from '../config.js';
import { readCookie, writeCookie } from './cookies.js';

/** The cookie named for the session token (O §4), shared with the sibling products on the parent domain. */
export const SESSION_COOKIE = 'sessionToken';
const STORED_TOKEN = 'litshed.token';
const STORED_USER = 'litshed.user';

/**
 * The session token: the cookie wins over local storage (O §4).
 *
 * @example
 * storedToken() // 'abc', or undefined when signed out
 */
export function storedToken(): string | undefined {
  return readCookie(SESSION_COOKIE) || localStorage.getItem(STORED_TOKEN) || undefined;
}

/** The user kept beside the token; anything that is not a user object with a numeric id is ignored. */
export function storedUser(): User | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(STORED_USER) ?? 'null');
    if (typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'number')
      return value as User;
  } catch {
    // A damaged entry counts as no user: it is loaded again from the API.
  }
  return null;
}

/** Keeps the token (cookie for 90 days, and local storage) or, given undefined, forgets it. */
export function storeToken(token: string | undefined): void {
  if (token) {
    writeCookie(SESSION_COOKIE, token, SESSION_COOKIE_MAX_AGE_MS, COOKIE_DOMAIN);
    localStorage.setItem(STORED_TOKEN, token);
  } else {
    writeCookie(SESSION_COOKIE, '', -1, COOKIE_DOMAIN);
    localStorage.removeItem(STORED_TOKEN);
  }
}

export function storeUser(user: User | null): void {
  if (user) localStorage.setItem(STORED_USER, JSON.stringify(user));
  else localStorage.removeItem(STORED_USER);
}

/** The viewer's country the serving layer put in a cookie from the CDN's header (O §4); GB when absent. */
export function viewerCountry(): string | undefined {
  return readCookie('viewer_country');
}
