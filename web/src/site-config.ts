import type { RoutableLocale } from '../../core/domain/routable-locales.js';

/**
 * The shape of web/site.config.ts: the company details and outside addresses a deployment of the site
 * shows (footer, memberships, about), in one file read at build time.
 */
export interface SiteConfig {
  /** The contact e-mail of the footer. */
  readonly email: string;
  /** The contact phone number shown in each locale (O §9: taken from the locale). */
  readonly phones: Readonly<Record<RoutableLocale, string>>;
  /** The company the en-us footer shows (name and US postal address). */
  readonly usCompany: { readonly name: string; readonly address: readonly string[] };
  /** The company the other locales show, with its registration and VAT numbers. */
  readonly ukCompany: {
    readonly name: string;
    readonly address: readonly string[];
    readonly registeredIn: string;
    readonly companyNumber: string;
    readonly vatNumber: string;
  };
  /** Outside addresses: the help site and its contact form, the platform's sign-up, and the footer's links. */
  readonly links: {
    readonly help: string;
    readonly contact: string;
    readonly signUp: string;
    readonly blog: string;
    readonly merch: string;
    readonly terms: string;
    readonly privacy: string;
    readonly videos: string;
    readonly facebook: string;
    readonly x: string;
    readonly instagram: string;
  };
}

const placeholders: unknown[] = [];

/**
 * Marks a value of the site configuration as made up, to be replaced before the site goes live: it is
 * used as given, and the build lists every one (`placeholderValues`).
 *
 * @example
 * companyNumber: placeholder('09999999'),
 */
export function placeholder<T>(value: T): T {
  placeholders.push(value);
  return value;
}

/** The values the configuration marked with `placeholder`, in the order it gave them. */
export function placeholderValues(): readonly unknown[] {
  return placeholders;
}
