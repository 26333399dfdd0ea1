/**
 * The site's configuration: what differs between a local sandbox and a hosted deployment comes from
 * Vite's env (`VITE_*` at build time); company details and outside addresses are web/site.config.ts;
 * everything else here is the site's own choice of names and links.
 */

/** The product name every page title starts with (O §1). */
export const PRODUCT_NAME = 'Literacy Shed';

/**
 * The API base: `/api/` (the dev and preview servers' same-origin proxy to the sandbox) unless
 * VITE_EDSHED_API_BASE names another. Made absolute against the page, as the core client wants.
 */
export function apiBaseUrl(): string {
  return new URL(import.meta.env.VITE_EDSHED_API_BASE ?? '/api/', window.location.href).href;
}

/** The parent product domain the session cookie is set on (O §9); unset means the page's own host. */
export const COOKIE_DOMAIN = import.meta.env.VITE_EDSHED_COOKIE_DOMAIN;

/** Sent as the client-type and client-version headers (O §7: the site configures both). */
export const CLIENT_TYPE = 'litshed-site';
export const CLIENT_VERSION = '0.1.0';

/** Sibling products of the brand bar and the avatar menu (our choice of addresses; the spec shows none). */
export const SIBLINGS = {
  spelling: { label: 'Spelling Shed', url: 'https://www.spellingshed.com/' },
  maths: { label: 'Maths Shed', url: 'https://www.mathshed.com/' },
  phonics: { label: 'Phonics Shed', url: 'https://www.phonicsshed.com/' },
  quiz: { label: 'Quiz Shed', url: 'https://www.quizshed.com/' },
  literacy: { label: 'Literacy Shed', url: '/' },
  hub: { label: 'EdShed Hub', url: 'https://www.edshed.com/' },
  school: { label: 'School Site', url: 'https://www.edshed.com/school' },
  game: { label: 'Play', url: 'https://play.edshed.com/' },
} as const;
export type SiblingKey = keyof typeof SIBLINGS;

/** Avatar images by hash and size on the static file host (O §7). */
export const AVATAR_HOST = 'https://files.edshed.com/avatars/';
