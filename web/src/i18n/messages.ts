import { ROUTABLE_LOCALES, type RoutableLocale } from '../../../core/domain/routable-locales.js';

/**
 * The shell's words, one typed table per routable locale. The English base holds the wording; each locale
 * overrides what differs (pupil or student, year group or grade). A page's own words sit beside the page,
 * in its chunk (`localeTable`); company details and contact numbers are the site's configuration
 * (web/site.config.ts), not words.
 */
const BASE = {
  nav: {
    menu: 'Menu',
    about: 'About',
    resources: 'Resources',
    exemplar: 'Exemplar Resources',
    memberships: 'Memberships',
    help: 'Help',
    signIn: 'Sign In',
    logout: 'Logout',
    language: 'Language',
  },
  titles: {
    home: 'Home',
    about: 'About',
    browse: 'Browse Resources',
    freeResources: 'Free Resources',
    memberships: 'Memberships',
    search: 'Search',
    resource: 'Resource',
    logout: 'Logout',
    signIn: 'Sign In',
    notFound: 'Page not found',
  },
  home: {
    heading: 'Literacy resources for teachers',
    intro: 'Film units, book studies and age-banded literacy resources for every classroom.',
    browse: 'Browse resources',
    free: 'Try the free resources',
    newest: 'New resources',
    allNew: "See what's new",
    freeHeading: 'Free to try',
    allFree: 'All free resources',
    categories: 'Popular categories',
    failed: 'These could not be loaded just now. Reload the page to try again.',
  },
  about: {
    heading: 'About Literacy Shed',
    body: 'Literacy Shed gives teachers inspiring film units, book studies and writing resources, sorted by age and theme.',
  },
  search: {
    placeholder: 'Search resources',
    label: 'Search resources',
    button: 'Search',
    noResults: 'No results',
    more: 'More...',
    failed: 'Details incorrect',
    free: 'FREE',
    heading: 'Search results',
    count: (total: number) => (total === 1 ? '1 resource' : `${total} resources`),
  },
  browse: {
    heading: 'Browse resources',
    empty: 'There are no resources in this category yet.',
    loading: 'Loading resources...',
  },
  resource: { missing: 'Choose a resource to see it here.', loading: 'Loading resource...' },
  signIn: {
    heading: 'Sign In',
    username: 'Username',
    password: 'Password',
    submit: 'Sign In',
    failed: 'Password incorrect or user not found',
    unanswered: 'Signing in did not work just now: the server did not answer. Try again in a moment.',
  },
  user: { loading: 'Loading User...', menu: 'Account', avatarAlt: 'Your avatar' },
  error: {
    heading: 'An error occurred while rendering the page...',
    notFound: 'This page could not be found',
    home: 'Back to the home page',
    handoff: 'Password incorrect or user not found',
  },
  /** School words that differ by country (pupil or student; how often new resources come). */
  school: { pupil: 'pupil', pupils: 'pupils', newResourcesEvery: 'every half term' },
  footer: {
    quickLinks: 'Quick Links',
    home: 'Home',
    about: 'About',
    help: 'Help',
    resources: 'Resources',
    blog: 'Blog',
    merch: 'Merch Store',
    terms: 'Terms',
    privacy: 'Privacy',
    products: 'Our Products',
    contact: 'Contact',
    videos: 'Video channel',
    follow: 'Follow us',
    getHelp: 'Get Help',
    awards: 'Awards',
    partners: 'Partners',
    registration: (place: string, companyNumber: string) => `Registered in ${place}, company number ${companyNumber}`,
    vat: (vatNumber: string) => `VAT number ${vatNumber}`,
  },
};

export type Messages = typeof BASE;

type Overrides = { readonly [K in keyof Messages]?: Partial<Messages[K]> };

/** What each locale words otherwise, section by section: the US has students and no half terms. */
const TERM_EVERY: Overrides = { school: { newResourcesEvery: 'every term' } };
const OVERRIDES: Partial<Record<RoutableLocale, Overrides>> = {
  'en-us': { school: { pupil: 'student', pupils: 'students', newResourcesEvery: 'every few weeks' } },
  'en-au': TERM_EVERY,
  'en-nz': TERM_EVERY,
  'en-za': TERM_EVERY,
  'en-in': TERM_EVERY,
};

function withOverrides(overrides: Overrides = {}): Messages {
  const merged: Record<string, unknown> = { ...BASE };
  for (const [section, words] of Object.entries(overrides))
    merged[section] = { ...BASE[section as keyof Messages], ...words };
  return merged as Messages;
}

export const MESSAGES: Readonly<Record<RoutableLocale, Messages>> = Object.fromEntries(
  ROUTABLE_LOCALES.map((locale) => [locale, withOverrides(OVERRIDES[locale])]),
) as Record<RoutableLocale, Messages>;
