import { ROUTABLE_LOCALES, type RoutableLocale } from '../../../core/domain/routable-locales.js';

/**
 * The site's words, one typed table per routable locale. The English base holds the wording; each locale
 * overrides what differs (contact details, pupil or student, year group or grade). Contact details and
 * addresses are our placeholders: the spec says only that they come from the translations.
 */
const BASE = {
  nav: { about: 'About', resources: 'Resources', exemplar: 'Exemplar Resources', memberships: 'Memberships', help: 'Help', signIn: 'Sign In', logout: 'Logout', language: 'Language' },
  titles: {
    home: 'Home', about: 'About', browse: 'Browse Resources', freeResources: 'Free Resources', memberships: 'Memberships',
    search: 'Search', resource: 'Resource', logout: 'Logout', signIn: 'Sign In', notFound: 'Page not found',
  },
  home: {
    heading: 'Literacy resources for teachers',
    intro: 'Film units, book studies and age-banded literacy resources for every classroom.',
    browse: 'Browse resources',
    free: 'Try the free resources',
  },
  about: {
    heading: 'About Literacy Shed',
    body: 'Literacy Shed gives teachers inspiring film units, book studies and writing resources, sorted by age and theme.',
  },
  search: { placeholder: 'Search resources', label: 'Search resources', button: 'Search', noResults: 'No results', more: 'More...', failed: 'Details incorrect', free: 'FREE', heading: 'Search results' },
  browse: { heading: 'Browse resources', empty: 'There are no resources in this category yet.', loading: 'Loading resources...' },
  resource: { missing: 'Choose a resource to see it here.', loading: 'Loading resource...' },
  memberships: {
    heading: 'Memberships',
    personal: 'Personal membership', teacher: 'Teacher membership', premium: 'Premium, per pupil', app: 'App',
    perYear: 'a year', pupilsPerClassroom: (count: number) => `Up to ${count} pupils per classroom`,
  },
  signIn: { heading: 'Sign In', username: 'Username', password: 'Password', submit: 'Sign In', failed: 'Password incorrect or user not found' },
  user: { loading: 'Loading User...', menu: 'Account', avatarAlt: 'Your avatar' },
  error: {
    heading: 'An error occurred while rendering the page...', notFound: 'This page could not be found', home: 'Back to the home page',
    handoff: 'Password incorrect or user not found',
  },
  footer: {
    quickLinks: 'Quick Links', home: 'Home', about: 'About', help: 'Help', resources: 'Resources', blog: 'Blog', merch: 'Merch Store',
    terms: 'Terms', privacy: 'Privacy', products: 'Our Products', contact: 'Contact', videos: 'Video channel', follow: 'Follow us',
    getHelp: 'Get Help', awards: 'Awards', partners: 'Partners',
    email: 'hello@edshed.com', phone: '+44 (0)1234 567890',
    company: 'Education Shed Ltd',
    address: ['The Shed, 1 Example Street', 'Example Town', 'EX1 1AA, United Kingdom'],
    registration: 'Registered in England and Wales, company number 09999999',
    vat: 'VAT number GB 999 9999 99',
  },
};

export type Messages = typeof BASE;

const US_FOOTER: Partial<Messages['footer']> = {
  phone: '+1 (555) 010-0199',
  company: 'EdShed Inc.',
  address: ['100 Example Avenue, Suite 200', 'Springfield, ST 00000', 'United States'],
};

const OVERRIDES: Readonly<Record<RoutableLocale, { footer?: Partial<Messages['footer']>; memberships?: Partial<Messages['memberships']> }>> = {
  'en-gb': {},
  'en-au': { footer: { phone: '+61 2 5550 0199' } },
  'en-ie': { footer: { phone: '+353 1 555 0199' } },
  'en-in': {},
  'en-nz': { footer: { phone: '+64 9 555 0199' } },
  'en-us': { footer: US_FOOTER, memberships: { premium: 'Premium, per student', pupilsPerClassroom: (count) => `Up to ${count} students per classroom` } },
  'en-za': { footer: { phone: '+27 21 555 0199' } },
};

export const MESSAGES: Readonly<Record<RoutableLocale, Messages>> = Object.fromEntries(
  ROUTABLE_LOCALES.map((locale) => {
    const extra = OVERRIDES[locale];
    return [locale, { ...BASE, footer: { ...BASE.footer, ...extra.footer }, memberships: { ...BASE.memberships, ...extra.memberships } }];
  }),
) as Record<RoutableLocale, Messages>;

/**
 * Whether a locale shows the US footer (US address and company) rather than the UK one with registration and VAT.
 *
 * @example
 * usesUsFooter('en-us') // true
 */
export function usesUsFooter(locale: RoutableLocale): boolean {
  return locale === 'en-us';
}
