/** Legacy page names and the clean page each maps to ('' is the root) (O §2). */
export const LEGACY_PAGES = {
  'index.html': '',
  'teaching-resources.html': 'browse',
  'leagues.html': 'leagues',
  'about.html': 'about',
  'resources.html': 'resources',
  'careers.html': 'careers',
  'privacy.html': 'privacy',
} as const;

/** The prefixes each rule exists for: none (bare), `en`, and the listed locales (O §2). */
export const LEGACY_PREFIXES = ['', 'en', 'en-gb', 'en-au', 'en-ie', 'en-nz', 'en-us'] as const;

export interface LegacyRedirect {
  readonly from: string;
  readonly to: string;
  readonly status: 301;
}

/**
 * `en` is not a routable locale, so its rules land on the unprefixed (default-locale) page: our choice, so
 * that no redirect ends on a 404. Every other prefix keeps its locale; index.html goes to the locale root
 * without a trailing slash.
 */
function target(prefix: string, page: string): string {
  const base = prefix === '' || prefix === 'en' ? '' : `/${prefix}`;
  if (page === '') return base === '' ? '/' : base;
  return `${base}/${page}`;
}

/** The full rule table: 7 pages × 7 prefixes, every one a permanent redirect. */
export const LEGACY_REDIRECTS: readonly LegacyRedirect[] = LEGACY_PREFIXES.flatMap((prefix) =>
  Object.entries(LEGACY_PAGES).map(([file, page]) => ({
    from: prefix === '' ? `/${file}` : `/${prefix}/${file}`,
    to: target(prefix, page),
    status: 301 as const,
  })),
);

const BY_PATH = new Map(LEGACY_REDIRECTS.map((rule) => [rule.from, rule]));

/**
 * The redirect for a legacy address, or undefined. The path is matched exactly; a query string and a
 * fragment are carried over to the target.
 *
 * @example
 * redirectFor('/en-au/about.html?ref=mail') // { location: '/en-au/about?ref=mail', status: 301 }
 * redirectFor('/index.html')                // { location: '/', status: 301 }
 * redirectFor('/about')                     // undefined
 */
export function redirectFor(path: string): { location: string; status: 301 } | undefined {
  const cut = path.search(/[?#]/);
  const pathname = cut < 0 ? path : path.slice(0, cut);
  const suffix = cut < 0 ? '' : path.slice(cut);
  const rule = BY_PATH.get(pathname);
  return rule ? { location: `${rule.to}${suffix}`, status: rule.status } : undefined;
}
