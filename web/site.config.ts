import { placeholder, type SiteConfig } from './src/site-config.js';

/**
 * The site's company details and outside addresses, read at build time: the footer, memberships and about
 * pages show them. The spec gives none of these values, so each is marked `placeholder(...)`: made up
 * here, used as given, and listed by every build as a warning until replaced with the real one (remove
 * the mark when you do).
 */
export const SITE_CONFIG: SiteConfig = {
  email: placeholder('hello@edshed.com'),
  phones: {
    'en-gb': placeholder('+44 (0)1234 567890'),
    'en-au': placeholder('+61 2 5550 0199'),
    'en-ie': placeholder('+353 1 555 0199'),
    'en-in': placeholder('+44 (0)1234 567890'),
    'en-nz': placeholder('+64 9 555 0199'),
    'en-us': placeholder('+1 (555) 010-0199'),
    'en-za': placeholder('+27 21 555 0199'),
  },
  usCompany: {
    name: placeholder('EdShed Inc.'),
    address: placeholder(['100 Example Avenue, Suite 200', 'Springfield, ST 00000', 'United States']),
  },
  ukCompany: {
    name: placeholder('Education Shed Ltd'),
    address: placeholder(['The Shed, 1 Example Street', 'Example Town', 'EX1 1AA, United Kingdom']),
    registeredIn: 'England and Wales',
    companyNumber: placeholder('09999999'),
    vatNumber: placeholder('GB 999 9999 99'),
  },
  links: {
    help: placeholder('https://help.edshed.com/'),
    contact: placeholder('https://help.edshed.com/contact'),
    signUp: placeholder('https://www.edshed.com/register'),
    blog: placeholder('https://blog.edshed.com/'),
    merch: placeholder('https://merch.edshed.com/'),
    terms: placeholder('https://www.edshed.com/terms'),
    privacy: placeholder('https://www.edshed.com/privacy'),
    videos: placeholder('https://www.youtube.com/@edshed'),
    facebook: placeholder('https://www.facebook.com/edshed'),
    x: placeholder('https://x.com/edshed'),
    instagram: placeholder('https://www.instagram.com/edshed'),
  },
};
